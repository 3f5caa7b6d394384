import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { DEMO_SCALE, generateCatalog } from '../server/db/seed/catalog';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../server/db/seed/demo-accounts';
import { seedCatalogue } from '../server/db/seed/seed';

// npm run db:seed -- --scale 10   (DEMO_SCALE, 3, is the demo shop; larger ones are for benchmarks)
const { values } = parseArgs({
  options: { scale: { type: 'string', default: String(DEMO_SCALE) } },
});
const scale = Number(values.scale);
if (!Number.isInteger(scale) || scale < 1 || scale > 1000) {
  console.error('--scale must be a whole number from 1 to 1000');
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database);
  const started = Date.now();
  const counts = await seedCatalogue(database.sql, generateCatalog({ scale }));
  const created = await seedDemoAccounts(database.db);
  console.info(
    `Catalogue at scale ${scale}: ${counts.products} products, ${counts.items} items, ${counts.outfits} outfits (${Date.now() - started} ms).`,
  );
  for (const a of created)
    console.info(`Created ${a.isAdmin ? 'admin' : 'shopper'} "${a.username}" / "${a.password}"`);
  if (!created.length)
    console.info(`Demo accounts already exist: ${DEMO_ACCOUNTS.map((a) => a.username).join(', ')}`);
} finally {
  await database.close();
}

// First, before any module builds a schema.
import '../contracts/zod-setup';
import cluster from 'node:cluster';
import { buildApp } from './app';
import { runPrimary } from './cluster';
import { ConfigError, loadConfig } from './config';
import { DatabaseInUseError, openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { DEMO_SCALE, generateCatalog } from './db/seed/catalog';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './db/seed/demo-accounts';
import { catalogueIsEmpty, seedCatalogue } from './db/seed/seed';

async function main() {
  // Everything Drape writes (the embedded database, the session secret, e-mails to customers)
  // is for its own user only. PGlite sets 0666 on its files itself; the 0700 folders it makes
  // under this mask keep them private all the same.
  process.umask(0o077);
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) {
    runPrimary(config, (message) => console.info(`drape: ${message}`));
    return;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  const app = await buildApp({ config, database });
  const log = app.log;

  const applied = await migrate(database);
  if (applied.length) log.info({ applied }, 'migrations applied');

  // A new embedded database gets the demo shop, so `npm start` alone gives something to see.
  if (database.driver === 'pglite' && (await catalogueIsEmpty(database.sql))) {
    const counts = await seedCatalogue(database.sql, generateCatalog({ scale: DEMO_SCALE }));
    await seedDemoAccounts(database.db);
    log.info(counts, 'demo catalogue created');
    for (const a of DEMO_ACCOUNTS) {
      log.info(
        `demo ${a.isAdmin ? 'admin' : 'shopper'}: username "${a.username}", password "${a.password}"`,
      );
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const worker = cluster.isWorker ? `, worker ${process.pid}` : '';
  log.info(
    `Drape is ready at http://localhost:${config.port} (database: ${database.driver}${worker})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseInUseError) {
    console.error(error.message);
  } else {
    console.error('Drape could not start:', error);
  }
  process.exit(1);
});

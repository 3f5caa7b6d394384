/**
 * `npm run search:eval`: the relevance set (server/features/search/relevance-set.ts) through
 * Drape's search, in-process on an embedded PGlite seeded with the tests' shop (scale 1), and through
 * MiniSearch indexed over the same catalogue; prints precision at 5 and nDCG at 10 of both, by
 * kind of query and overall, and the queries either search misses. scripts/search-eval/
 * evaluation.ts says how; decision 003 has the figures. No options, no network, no disk.
 */
import { buildApp } from '../server/app';
import { openPglite } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { seedCatalogue } from '../server/db/seed/seed';
import { testConfig } from '../server/test/test-config';
import {
  drapeRanker,
  evaluate,
  miniSearchRanker,
  type Row,
  readShop,
  summarize,
} from './search-eval/evaluation';

const database = await openPglite(null);
await migrate(database);
await seedCatalogue(database.sql);
const app = await buildApp({
  config: testConfig({
    dataDir: '/tmp/drape-search-eval',
    sessionSecret: 'search-eval-search-eval-search-eval-42',
    // Every query asked once, from the database: no kept pages.
    cacheSeconds: 0,
  }),
  database,
  logger: false,
});
await app.ready();

try {
  const shopper = { username: 'relevance', password: 'correct-horse-battery' };
  await app.inject({ method: 'POST', url: '/api/user/register', payload: shopper });
  const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: shopper });
  const cookie = login.cookies.find((c) => c.name === 'drape_session');
  if (!cookie) throw new Error(`could not sign in: ${login.statusCode} ${login.body}`);
  const get = (url: string) =>
    app.inject({ method: 'GET', url, headers: { cookie: `drape_session=${cookie.value}` } });

  const shop = await readShop(database.sql);
  const drape = await evaluate(shop, drapeRanker(get));
  const library = await evaluate(shop, miniSearchRanker(shop));
  console.info(
    `\n## Search relevance on the tests' shop (scale 1): ${shop.pieces.length} product colours, ` +
      `${shop.outfits.length} outfits; ${drape.length} queries\n`,
  );
  console.info(
    'Precision at 5 (P@5) and nDCG at 10 of the first page, averaged by kind of query; ' +
      'Drape beside MiniSearch over the same catalogue.\n',
  );
  const byKind = (rows: Row[]) => summarize(rows, (r) => `${r.set}: ${r.kind}`);
  const bySet = (rows: Row[]) => summarize(rows, (r) => r.set);
  const groups = [
    ...[...byKind(drape).keys()].map((key) => [key, byKind(drape), byKind(library)] as const),
    ...[...bySet(drape).keys()].map((key) => [key, bySet(drape), bySet(library)] as const),
    ['overall', summarize(drape), summarize(library)] as const,
  ];
  const cell = (n: number) => n.toFixed(2);
  const rows = groups.map(([key, ours, theirs]) => {
    const k = key === 'overall' ? 'all' : key;
    const o = ours.get(k)!;
    const m = theirs.get(k)!;
    return [
      key,
      String(o.queries),
      cell(o.precisionAt5),
      cell(m.precisionAt5),
      cell(o.ndcgAt10),
      cell(m.ndcgAt10),
    ];
  });
  table(
    ['Kind', 'Queries', 'P@5 Drape', 'P@5 MiniSearch', 'nDCG@10 Drape', 'nDCG@10 MiniSearch'],
    rows,
  );
  console.info('\nQueries either search ranks below 1 (P@5 / nDCG@10, Drape then MiniSearch):\n');
  const weak = drape
    .map((ours, i) => [ours, library[i]!] as const)
    .filter(([o, m]) => Math.min(o.precisionAt5, o.ndcgAt10, m.precisionAt5, m.ndcgAt10) < 1);
  table(
    ['Query', 'Kind', 'Drape', 'MiniSearch'],
    weak.map(([o, m]) => [
      `${o.set === 'outfits' ? 'outfits: ' : ''}${o.q}`,
      o.kind,
      `${cell(o.precisionAt5)} / ${cell(o.ndcgAt10)}`,
      `${cell(m.precisionAt5)} / ${cell(m.ndcgAt10)}`,
    ]),
    2,
  );
} finally {
  await app.close();
  await database.close();
}

/** A Markdown table: the first `text` columns to the left, the figures to the right. */
function table(header: string[], rows: string[][], text = 1) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < text ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.info(line(header));
  console.info(
    `|${widths.map((w, i) => (i < text ? `-${'-'.repeat(w)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const row of rows) console.info(line(row));
}

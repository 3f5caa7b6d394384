import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Database, openPglite, openPostgres } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { judge, ROUTE, verdictTable } from './budgets';
import { type CpuPerRequest, withCpu } from './cpu';
import { generateShop, queueFeeds, sessionShoppers, sessionToken, sizeFor } from './generate';
import { type Measurement, measure, measureFlow, type Scenario, send } from './load';
import { measureWeb, type WebMeasurement } from './web';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    'pglite-scale': { type: 'string', default: '0.05' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    'skip-growth': { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-web': { type: 'boolean', default: false },
    'web-only': { type: 'boolean', default: false },
    /**
     * Measure the shop a previous run left at this scale instead of generating it afresh (when
     * iterating on the server's code; its figures drift, as earlier runs' swipes and orders stay).
     */
    reuse: { type: 'boolean', default: false },
    /** Comma-separated scenario keys (e.g. `feed,feed flow,checkout`): measure only those. */
    only: { type: 'string' },
    /** Server processes for the PostgreSQL runs (the server's WORKERS); PGlite runs use one. */
    workers: { type: 'string', default: '1' },
  },
});
const scale = Number(args.scale);
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const connections = 10;
const SECRET = 'bench-session-secret-0123456789abcdef';
const pgBase =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const log = (message: string) => console.info(`[bench] ${message}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

function dbUrl(name: string) {
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  return url.toString();
}

async function freshPostgres(name: string): Promise<Database> {
  const admin = await openPostgres(dbUrl('postgres'), { max: 1 });
  try {
    await admin.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.sql.exec(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  return openPostgres(dbUrl(name), { max: 4 });
}

interface RunningServer {
  url: string;
  /** The server's process, whose CPU time each measurement reads. */
  pid: number | undefined;
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  let output = '';
  // BENCH_SERVER_FLAGS: node flags for the server alone, e.g. `--cpu-prof --cpu-prof-dir=DIR`
  // to profile it under the benchmark's load.
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(
    process.execPath,
    [...flags, '--import', 'tsx', 'server/main.ts'],
    {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        SESSION_SECRET: SECRET,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** Turns "jacket" into "jakcet": two neighbouring letters swapped, one typo. */
function typo(word: string): string {
  if (word.length < 4) return word;
  const i = 1 + Math.floor(word.length / 2) - 1;
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

interface Fixture {
  /** Shoppers for every scenario but checkout. */
  cookies: string[];
  /** Shoppers who only check out, so their carts hold just what checkout put there. */
  buyers: string[];
  outfits: number;
  /** Ids of items in stock: a sold-out item is a correct 409, not what is being measured. */
  stocked: number[];
  words: string[];
  addresses: Map<string, number>;
}

async function loadFixture(
  database: Database,
  first: number,
  items: number,
  outfits: number,
): Promise<Fixture> {
  // Every word of the catalogue's product names (a large catalogue repeats each name as
  // "Name — Edition N"; the first 200 names alone were four words), so searches spread over
  // common and rare words alike.
  const names = await database.sql.query<{ name: string }>(
    `SELECT DISTINCT split_part(name, ' — ', 1) AS name FROM products ORDER BY 1`,
  );
  const words = [
    ...new Set(
      names.flatMap((n) => n.name.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 5),
    ),
  ];
  const ids = sessionShoppers(first);
  const rows = await database.sql.query<{ user_id: number; id: number }>(
    'SELECT user_id, id FROM addresses WHERE user_id = ANY($1::int[])',
    [ids],
  );
  const addresses = new Map(rows.map((r) => [`drape_session=${sessionToken(r.user_id)}`, r.id]));
  const stocked = await database.sql.query<{ id: number }>(
    'SELECT id FROM items WHERE stock > 0 AND id <= $1',
    [items],
  );
  const cookies = ids.map((id) => `drape_session=${sessionToken(id)}`);
  const half = Math.floor(cookies.length / 2);
  return {
    cookies: cookies.slice(0, half),
    buyers: cookies.slice(half),
    outfits,
    stocked: stocked.map((r) => r.id),
    words,
    addresses,
  };
}

function scenarios(f: Fixture): Record<string, Scenario> {
  const shopper = () => ({ cookie: pick(f.cookies) });
  const json = (cookie: string) => ({ cookie, 'content-type': 'application/json' });
  const id = (n: number) => 1 + Math.floor(Math.random() * n);
  return {
    'floor: no database': {
      name: ROUTE.floorNone,
      next: () => ({ method: 'GET', path: '/api/health/live' }),
    },
    'floor: one query': {
      name: ROUTE.floorQuery,
      next: () => ({ method: 'GET', path: '/api/health' }),
    },
    feed: {
      name: ROUTE.feed,
      next: () => ({ method: 'GET', path: '/api/outfit/home', headers: shopper() }),
    },
    'feed: first visit': {
      // What a shopper with no queued feed waits for: the ranking made on the spot (a seeded
      // page is ranked on the spot and leaves the queue alone).
      name: ROUTE.firstVisit,
      next: () => ({
        method: 'GET',
        path: `/api/outfit/home?seed=${id(2_000_000_000)}`,
        headers: shopper(),
      }),
    },
    swipe: {
      name: ROUTE.swipe,
      next: () => ({
        method: 'POST',
        path: Math.random() < 0.4 ? '/api/outfit/favorite' : '/api/outfit/reject',
        headers: json(pick(f.cookies)),
        body: JSON.stringify({ outfitId: id(f.outfits) }),
      }),
    },
    'search: substring': {
      name: ROUTE.substring,
      next: () => ({
        method: 'GET',
        path: `/api/item/search?q=${encodeURIComponent(pick(f.words).slice(1, 5))}`,
        headers: shopper(),
      }),
    },
    'search: typo': {
      name: ROUTE.typo,
      next: () => ({
        method: 'GET',
        path: `/api/item/search?q=${encodeURIComponent(typo(pick(f.words)))}`,
        headers: shopper(),
      }),
    },
    'search: categories': {
      name: ROUTE.categories,
      next: () => ({
        method: 'GET',
        path: `/api/item/search?q=${encodeURIComponent(pick(f.words))}&cat=1&cat=6`,
        headers: shopper(),
      }),
    },
    'outfit search': {
      name: ROUTE.outfitSearch,
      next: () => ({
        method: 'GET',
        path: `/api/outfit/search?q=${encodeURIComponent(pick(['night', 'brunch', 'weekend', 'office', 'linen', 'city', 'travel']))}`,
        headers: shopper(),
      }),
    },
    favorites: {
      name: ROUTE.favorites,
      next: () => ({ method: 'GET', path: '/api/favorites/outfits', headers: shopper() }),
    },
    cart: {
      name: ROUTE.cart,
      next: () => {
        const cookie = pick(f.cookies);
        return Math.random() < 0.5
          ? {
              method: 'POST',
              path: '/api/cart',
              headers: json(cookie),
              body: JSON.stringify({ itemId: pick(f.stocked) }),
            }
          : { method: 'GET', path: '/api/cart', headers: { cookie } };
      },
    },
  };
}

/**
 * The feed as it is used: each worker is a shopper who fetches a page (timed), swipes every card
 * on it (untimed, a like in three), and fetches the next; after five pages the next shopper
 * takes over. Unlike repeated fetches of one page, this drains the shoppers' queued rankings, so
 * the ranking work they cause is part of the load.
 */
async function measureFeedFlow(url: string, fixture: Fixture): Promise<Measurement> {
  const PAGES_PER_SHOPPER = 5;
  const workers = Array.from({ length: connections }, (_, worker) => ({
    shopper: worker,
    pages: 0,
    cards: [] as number[],
  }));
  return measureFlow(
    url,
    ROUTE.feedFlow,
    {
      async prepare(worker) {
        const state = workers[worker]!;
        const cookie = fixture.cookies[state.shopper % fixture.cookies.length]!;
        for (const outfitId of state.cards) {
          await send(url, {
            method: 'POST',
            path: `/api/outfit/${Math.random() < 1 / 3 ? 'favorite' : 'reject'}`,
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ outfitId }),
          });
        }
        state.cards = [];
        if (state.pages++ === PAGES_PER_SHOPPER) {
          state.pages = 1;
          state.shopper += connections;
        }
        return {
          method: 'GET',
          path: '/api/outfit/home',
          headers: { cookie: fixture.cookies[state.shopper % fixture.cookies.length]! },
        };
      },
      observe(worker, body) {
        workers[worker]!.cards = (JSON.parse(body) as { outfits: { id: number }[] }).outfits.map(
          (o) => o.id,
        );
      },
    },
    { duration, connections, warmup },
  );
}

type Measured = Measurement & { cpu?: CpuPerRequest };

async function runSuite(
  server: RunningServer,
  fixture: Fixture,
  only?: string[],
): Promise<Measured[]> {
  const { url } = server;
  const all = scenarios(fixture);
  const results: Measured[] = [];
  const timed = <M extends Measurement>(run: () => Promise<M>) => withCpu(server.pid, warmup, run);
  for (const [key, scenario] of Object.entries(all)) {
    if (only && !only.includes(key)) continue;
    log(`measuring ${scenario.name}`);
    results.push(await timed(() => measure(url, scenario, { duration, connections, warmup })));
  }
  if (!only || only.includes('feed flow')) {
    log('measuring the feed as shoppers use it');
    results.push(await timed(() => measureFeedFlow(url, fixture)));
  }
  if (!only || only.includes('checkout')) {
    log('measuring checkout');
    // Each worker owns a slice of shoppers; the untimed step fills a cart, the timed one pays.
    let turn = 0;
    results.push(
      await timed(() =>
        measureFlow(
          url,
          ROUTE.checkout,
          {
            async prepare() {
              const cookie = fixture.buyers[turn++ % fixture.buyers.length]!;
              await send(url, {
                method: 'POST',
                path: '/api/cart',
                headers: { cookie, 'content-type': 'application/json' },
                body: JSON.stringify({
                  itemId: pick(fixture.stocked),
                  quantity: 1,
                }),
              });
              return {
                method: 'PUT',
                path: '/api/buy',
                headers: { cookie, 'content-type': 'application/json' },
                body: JSON.stringify({
                  addressId: fixture.addresses.get(cookie),
                  paymentMethod: 'paypal',
                  idempotencyKey: randomUUID(),
                }),
              };
            },
          },
          { duration, connections, warmup },
        ),
      ),
    );
  }
  if (!only || only.includes('floor: one query')) {
    // The floor once more: the machine's speed can move within a run, and every ratio above is
    // against the floor measured first. This row shows by how much it moved.
    log('measuring the one-query floor again');
    const again = await timed(() =>
      measure(url, all['floor: one query']!, { duration, connections, warmup }),
    );
    results.push({ ...again, name: ROUTE.floorAgain });
  }
  return results;
}

interface Row extends Measured {
  vsNoDb: number;
  vsQuery: number;
}

function withRatios(results: Measured[]): Row[] {
  const none = results.find((r) => r.name === ROUTE.floorNone)?.rps ?? 0;
  const query = results.find((r) => r.name === ROUTE.floorQuery)?.rps ?? 0;
  return results.map((r) => ({
    ...r,
    vsNoDb: none ? Math.round((r.rps / none) * 100) / 100 : 0,
    vsQuery: query ? Math.round((r.rps / query) * 100) / 100 : 0,
  }));
}

function table(title: string, rows: Row[]) {
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  const lines = [
    `\n${title}`,
    `${'route'.padEnd(42)}${pad('req/s', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('errors', 8)}${pad('÷none', 8)}${pad('÷query', 8)}${pad('srv µs', 8)}${pad('pg µs', 8)}${pad('gen µs', 8)}`,
    ...rows.map(
      (r) =>
        `${r.name.padEnd(42)}${pad(r.rps, 8)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.errors, 8)}${pad(r.vsNoDb.toFixed(2), 8)}${pad(r.vsQuery.toFixed(2), 8)}${pad(r.cpu?.server ?? '-', 8)}${pad(r.cpu?.postgres ?? '-', 8)}${pad(r.cpu?.generator ?? '-', 8)}`,
    ),
  ];
  console.info(lines.join('\n'));
}

/** The fixture of a shop an earlier run generated in `name`, or null if there is none. */
async function existingShop(name: string): Promise<Fixture | null> {
  const admin = await openPostgres(dbUrl('postgres'), { max: 1 });
  try {
    const found = await admin.sql.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.length === 0) return null;
  } finally {
    await admin.close();
  }
  const database = await openPostgres(dbUrl(name), { max: 4 });
  try {
    await migrate(database);
    const [shop] = await database.sql.query<{
      first: number | null;
      items: number;
      outfits: number;
    }>(
      `SELECT (SELECT min(id)::int FROM users WHERE username LIKE 'bench%') AS first,
              (SELECT count(*)::int FROM items) AS items,
              (SELECT count(*)::int FROM outfits) AS outfits`,
    );
    if (!shop?.first) return null;
    await queueFeeds(database, sessionShoppers(shop.first), log);
    return await loadFixture(database, shop.first, shop.items, shop.outfits);
  } finally {
    await database.close();
  }
}

async function postgresRun(runScale: number, only?: string[]) {
  const name = `drape_bench_${String(runScale).replace('.', '_')}`;
  const size = sizeFor(runScale);
  const reused = args.reuse ? await existingShop(name) : null;
  let fixture: Fixture;
  if (reused) {
    log(`PostgreSQL at scale ${runScale}: measuring the shop left in ${name}`);
    fixture = reused;
  } else {
    log(`PostgreSQL at scale ${runScale}: generating ${JSON.stringify(size)}`);
    const database = await freshPostgres(name);
    try {
      const shop = await generateShop(database, size, SECRET, log);
      fixture = await loadFixture(database, shop.firstShopper, shop.items, shop.outfits);
    } finally {
      await database.close();
    }
  }
  const server = await startServer({ DATABASE_URL: dbUrl(name), WORKERS: args.workers });
  try {
    return { size, rows: withRatios(await runSuite(server, fixture, only)) };
  } finally {
    await server.stop();
  }
}

async function pgliteRun(runScale: number) {
  const size = sizeFor(runScale);
  log(`PGlite at scale ${runScale}: generating ${JSON.stringify(size)}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drape-bench-'));
  const database = await openPglite(dataDir);
  let fixture: Fixture;
  try {
    const shop = await generateShop(database, size, SECRET, log);
    fixture = await loadFixture(database, shop.firstShopper, shop.items, shop.outfits);
  } finally {
    await database.close();
  }
  const server = await startServer({ DATABASE_URL: '', DATA_DIR: dataDir });
  try {
    return { size, rows: withRatios(await runSuite(server, fixture)) };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const started = new Date();
  const report: Record<string, unknown> = {
    date: started.toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    options: { scale, duration, warmup, connections, workers: args.workers },
  };

  const api = !args['web-only'];
  if (api) {
    const main = await postgresRun(
      scale,
      args.only?.split(',').map((key) => key.trim()),
    );
    table(
      `PostgreSQL, scale ${scale} (${main.size.catalogueScale}× catalogue), WORKERS=${args.workers}`,
      main.rows,
    );
    report.postgres = main;
  }

  if (api && !args['skip-growth']) {
    const growth: Record<string, Row[]> = {};
    for (const factor of [0.01, 0.1]) {
      const small = await postgresRun(scale * factor, [
        'floor: no database',
        'floor: one query',
        'feed',
        'feed: first visit',
        'feed flow',
        'search: substring',
        'search: typo',
      ]);
      table(`PostgreSQL growth, scale ${scale * factor}`, small.rows);
      growth[String(scale * factor)] = small.rows;
    }
    growth[String(scale)] = (report.postgres as { rows: Row[] }).rows;
    report.growth = growth;
  }

  if (api && !args['skip-pglite']) {
    const lite = await pgliteRun(Number(args['pglite-scale']));
    table(`PGlite, scale ${args['pglite-scale']}`, lite.rows);
    report.pglite = lite;
  }

  if (!args['skip-web']) {
    const web: WebMeasurement = await measureWeb(log);
    console.info(`\nWeb\n${JSON.stringify(web, null, 2)}`);
    report.web = web;
  }

  const verdicts = judge({
    postgres: (report.postgres as { rows: Row[] } | undefined)?.rows,
    growth: report.growth as Record<string, Row[]> | undefined,
    pglite: (report.pglite as { rows: Row[] } | undefined)?.rows,
    web: report.web as WebMeasurement | undefined,
  });
  console.info(verdictTable(verdicts));
  report.budgets = verdicts;

  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${started.toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  log(`results written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

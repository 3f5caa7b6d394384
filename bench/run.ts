// First, before any module builds a schema (as the server's entry point does).
import '../contracts/zod-setup';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { RouteEntry } from '../server/app';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { type Database, openPglite, openPostgres } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { judge, kilobytes, ROUTE, type RowCaller, verdictTable } from './budgets';
import {
  BENCH_CASES,
  type BenchCase,
  type CaseContext,
  heavyAfterScenario,
  heavyName,
  narrowedName,
  type Req,
  routeKey,
  runsHeavy,
  typicalName,
} from './cases';
import { type CpuPerRequest, untilQuiet, withCpu } from './cpu';
import {
  type BenchPeople,
  benchPeople,
  forgetNewcomers,
  freshSessions,
  generateShop,
  queueFeeds,
  sessionShoppers,
  sessionToken,
  sizeFor,
  spareSessions,
  waitingCarts,
} from './generate';
import { type Measurement, measure, measureFlow, type Scenario, send } from './load';
import { type WithRatios, withRatios } from './ratios';
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
    /** Measured and warm-up seconds of each row of the route sweep (shorter: it has ~90 rows). */
    'route-duration': { type: 'string', default: '4' },
    'route-warmup': { type: 'string', default: '1' },
  },
});
const scale = Number(args.scale);
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const routeTiming = {
  duration: Number(args['route-duration']),
  warmup: Number(args['route-warmup']),
};
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
  /** Shoppers with a long history (`HEAVY` in `generate.ts`). */
  heavy: string[];
  /** Shoppers with no swipe and no queue, each to be asked for a first page once. */
  newcomers: string[];
  admin: string;
  outfits: number;
  /** Ids of items in stock: a sold-out item is a correct 409, not what is being measured. */
  stocked: number[];
  words: string[];
  addresses: Map<string, number>;
  /** What the route sweep's cases read of the shop. */
  cases: CaseContext;
}

const cookieOf = (userId: number) => `drape_session=${sessionToken(userId)}`;

async function loadFixture(
  database: Database,
  people: BenchPeople,
  items: number,
  outfits: number,
): Promise<Fixture> {
  const { sql } = database;
  // Every word of the catalogue's product names (a large catalogue repeats each name as
  // "Name — Edition N"; the first 200 names alone were four words), so searches spread over
  // common and rare words alike.
  const names = await sql.query<{ name: string }>(
    `SELECT DISTINCT split_part(name, ' — ', 1) AS name FROM products ORDER BY 1`,
  );
  const words = [
    ...new Set(
      names.flatMap((n) => n.name.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 5),
    ),
  ];
  const ids = sessionShoppers(people.first);
  const rows = await sql.query<{ user_id: number; id: number }>(
    'SELECT user_id, id FROM addresses WHERE user_id = ANY($1::int[])',
    [ids],
  );
  const addresses = new Map(rows.map((r) => [cookieOf(r.user_id), r.id]));
  const stocked = (
    await sql.query<{ id: number }>('SELECT id FROM items WHERE stock > 0 AND id <= $1', [items])
  ).map((r) => r.id);
  const cookies = ids.map(cookieOf);
  const half = Math.floor(cookies.length / 2);
  const typical = cookies.slice(0, half);
  const typicalIds = ids.slice(0, half);
  const tag = Date.now().toString(36);
  return {
    cookies: typical,
    buyers: cookies.slice(half),
    heavy: people.heavy.map(cookieOf),
    newcomers: people.newcomers.map(cookieOf),
    admin: cookieOf(people.admin),
    outfits,
    stocked,
    words,
    addresses,
    cases: {
      outfits,
      stocked,
      words,
      addresses,
      tag,
      products: (
        await sql.query<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 5000')
      ).map((r) => r.id),
      pictures: (
        await sql.query<{ image: string }>('SELECT DISTINCT image FROM items ORDER BY image')
      ).map((r) => r.image),
      occasions: await sql.query<{ id: number; name: string }>(
        'SELECT id, name FROM occasions ORDER BY id',
      ),
      categories: await sql.query<{ id: number; name: string }>(
        'SELECT id, name FROM categories ORDER BY id',
      ),
      orders: (
        await sql.query<{ user_id: number; number: string }>(
          `SELECT DISTINCT ON (user_id) user_id, number FROM orders
            WHERE user_id = ANY($1::int[]) ORDER BY user_id, id`,
          [typicalIds],
        )
      ).map((r) => [cookieOf(r.user_id), r.number]),
      likedPieces: (
        await sql.query<{ user_id: number; outfit_id: number; item_id: number }>(
          `SELECT DISTINCT ON (s.user_id) s.user_id, s.outfit_id, oi.item_id
             FROM swipes s JOIN outfit_items oi ON oi.outfit_id = s.outfit_id AND oi.slot = 'top'
            WHERE s.direction = 'like' AND s.user_id = ANY($1::int[])
            ORDER BY s.user_id, s.outfit_id`,
          [ids.slice(half)],
        )
      ).map((r) => [cookieOf(r.user_id), r.outfit_id, r.item_id]),
      // Outfits all five of whose products the shopper owns (server/features/closet/README.md).
      closetOutfits: (
        await sql.query<{ user_id: number; outfit_id: number }>(
          `SELECT DISTINCT ON (c.user_id) c.user_id, oi.outfit_id
             FROM closet_items c
             JOIN items i ON i.product_id = c.product_id
             JOIN outfit_items oi ON oi.item_id = i.id
            WHERE c.user_id = ANY($1::int[])
            GROUP BY c.user_id, oi.outfit_id
           HAVING count(DISTINCT oi.slot) = 5
            ORDER BY c.user_id, oi.outfit_id`,
          [typicalIds],
        )
      ).map((r) => [cookieOf(r.user_id), r.outfit_id]),
      looks: (
        await sql.query<{ outfit_id: number; items: Record<string, number> }>(
          `SELECT oi.outfit_id, jsonb_object_agg(oi.slot, oi.item_id) AS items
             FROM outfit_items oi JOIN items i ON i.id = oi.item_id
            GROUP BY oi.outfit_id
           HAVING bool_and(i.stock > 0) AND count(*) = 5
            ORDER BY oi.outfit_id LIMIT 500`,
        )
      ).map((r) => ({ outfitId: r.outfit_id, items: r.items as CaseContext['looks'][0]['items'] })),
      variants: await sql.query<CaseContext['variants'][number]>(
        `SELECT i.id AS "itemId", i.color, i.size, c.color AS "otherColor", c.id AS "otherColorId",
                s.size AS "otherSize", s.id AS "otherSizeId"
           FROM (SELECT DISTINCT ON (product_id) id, product_id, color, size FROM items
                  WHERE stock > 0 ORDER BY product_id, id LIMIT 2000) i
           JOIN LATERAL (SELECT id, color FROM items o WHERE o.product_id = i.product_id
                            AND o.size = i.size AND o.color <> i.color AND o.stock > 0
                          ORDER BY o.id LIMIT 1) c ON true
           JOIN LATERAL (SELECT id, size FROM items o WHERE o.product_id = i.product_id
                            AND o.color = i.color AND o.size <> i.size AND o.stock > 0
                          ORDER BY o.id LIMIT 1) s ON true`,
      ),
      // More than the fastest machine signs out in a measurement.
      spareSessions: await spareSessions(database, SECRET, typicalIds, 30_000, tag),
    },
  };
}

function scenarios(f: Fixture): Record<string, Scenario> {
  const shopper = () => ({ cookie: pick(f.cookies) });
  const json = (cookie: string) => ({ cookie, 'content-type': 'application/json' });
  const id = (n: number) => 1 + Math.floor(Math.random() * n);
  // Two product-name words at random: few pairs come twice in a run, so no page is kept for them.
  const twoWords = () => encodeURIComponent(`${pick(f.words)} ${pick(f.words)}`);
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
    // What a shopper typing asks: a search no page is kept for yet (two product-name words at
    // random, so few pairs come twice in a run).
    'search: unasked': {
      name: ROUTE.unasked,
      next: () => ({
        method: 'GET',
        path: `/api/item/search?q=${twoWords()}`,
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
    // As with items: the words above are kept pages after warm-up; a shopper typing is not.
    'outfit search: unasked': {
      name: ROUTE.outfitUnasked,
      next: () => ({
        method: 'GET',
        path: `/api/outfit/search?q=${twoWords()}`,
        headers: shopper(),
      }),
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

/**
 * Outfit search as a shopper scrolls it: each worker follows a product-name word's pages, every
 * page timed, and after ten pages (or the last) takes another word. Later pages are what kept
 * first pages do not cover.
 */
async function measureOutfitPages(url: string, fixture: Fixture): Promise<Measurement> {
  const PAGES_PER_WORD = 10;
  const workers = Array.from({ length: connections }, () => ({
    word: '',
    cursor: null as string | null,
    pages: PAGES_PER_WORD,
  }));
  return measureFlow(
    url,
    ROUTE.outfitPages,
    {
      async prepare(worker) {
        const state = workers[worker]!;
        if (state.cursor === null || state.pages === PAGES_PER_WORD) {
          Object.assign(state, { word: pick(fixture.words), cursor: null, pages: 0 });
        }
        state.pages++;
        const after = state.cursor ? `&cursor=${encodeURIComponent(state.cursor)}` : '';
        return {
          method: 'GET',
          path: `/api/outfit/search?q=${encodeURIComponent(state.word)}${after}`,
          headers: { cookie: pick(fixture.cookies) },
        };
      },
      observe(worker, body) {
        workers[worker]!.cursor = (JSON.parse(body) as { nextCursor: string | null }).nextCursor;
      },
    },
    { duration, connections, warmup },
  );
}

type Measured = Measurement & {
  cpu?: CpuPerRequest;
  route?: string;
  caller?: RowCaller;
  exempt?: string;
  /** When the measurement was half done (ms since the epoch): its floor is read for then. */
  at?: number;
};

/**
 * A measurement with the moment its measured seconds were half done (after `warmupSeconds`),
 * which `withRatios` reads its floor for.
 */
async function stamped<M extends Measurement>(
  warmupSeconds: number,
  run: () => Promise<M>,
): Promise<M & { at: number }> {
  const measuring = Date.now() + warmupSeconds * 1000;
  const measured = await run();
  return { ...measured, at: Math.round((measuring + Date.now()) / 2) };
}

/** How often the one-query floor is read again between rows, so each row has one near it. */
const FLOOR_EVERY_MS = 60_000;

/**
 * A first visit as it happens: each request is a shopper who has never swiped and has no queue
 * (`NEWCOMERS` in `generate.ts`), each asked once. A plain GET, so autocannon sends it, as it
 * sends the floor it is judged against: `load.ts`'s own client costs the generator about twice
 * as much a page, CPU the server would otherwise have.
 */
function measureNewShopper(url: string, fixture: Fixture): Promise<Measurement> {
  let next = 0;
  return measure(
    url,
    {
      name: ROUTE.newShopper,
      next() {
        if (next === fixture.newcomers.length) {
          log(`all ${next} new shoppers have visited; the rest of this row are second visits`);
        }
        const cookie = fixture.newcomers[next++ % fixture.newcomers.length]!;
        return { method: 'GET', path: '/api/outfit/home', headers: { cookie } };
      },
    },
    { duration, connections, warmup },
  );
}

/**
 * The route sweep: every case of `bench/cases.ts` that the scenarios above do not measure, for a
 * typical caller, and every list (and read that grows with a shopper's history) for the heavy
 * shopper too, right after the typical one. Reads come first, then shoppers' writes, then the
 * visitor's, then the admin's, whose new outfits would change what the shop's reads see.
 */
async function measureRoutes(
  server: RunningServer,
  fixture: Fixture,
  routes: readonly RouteEntry[],
  only: string[] | undefined,
  floorNow: () => Promise<Measured | undefined>,
): Promise<Measured[]> {
  const table = new Map(routes.map((r) => [routeKey(r), r]));
  const stage = ([key, c]: [string, BenchCase]) =>
    key.startsWith('GET ') ? 0 : c.caller === 'shopper' ? 1 : c.caller === 'visitor' ? 2 : 3;
  const cases = Object.entries(BENCH_CASES)
    .filter(([key]) => !only || only.includes('routes') || only.includes(key))
    .sort((a, b) => stage(a) - stage(b));
  const results: Measured[] = [];
  for (const [key, c] of cases) {
    const route = table.get(key);
    if (!route) {
      log(`no route ${key} in the app's route table: not measured`);
      continue;
    }
    const timed = (run: () => Promise<Measurement>) =>
      settled(() =>
        stamped(routeTiming.warmup, () => withCpu(server.pid, routeTiming.warmup, run)),
      );
    const floor = await floorNow();
    if (floor) results.push(floor);
    const typical = typicalName(key, c);
    const pool =
      c.caller === 'admin'
        ? [fixture.admin]
        : c.caller === 'visitor'
          ? ['']
          : c.buyers
            ? fixture.buyers
            : fixture.cookies;
    const exempt = c.exempt ? { exempt: c.exempt } : {};
    type Request = NonNullable<BenchCase['request']>;
    /** A closed loop of `request`, each sent as one of `callers`. */
    const loop = (name: string, request: Request, callers: readonly string[]) =>
      timed(() =>
        measure(
          server.url,
          { name, next: () => request(fixture.cases, pick(callers)) },
          { ...routeTiming, connections },
        ),
      );
    /** The heavy shoppers' row after `typicalRow`. */
    const heavyRow = async (typicalRow: string, request: Request) => {
      log(`measuring ${typicalRow} for the heavy shopper`);
      const row = await loop(heavyName(typicalRow), request, fixture.heavy);
      results.push({ ...row, route: key, caller: 'heavy shopper' });
    };
    if (!c.scenarios) {
      log(`measuring ${key}`);
      for (const req of c.warm?.(fixture.cases) ?? []) await must(server.url, req);
      // Laid in before the row's timing starts: `settled` then waits for PostgreSQL to go quiet.
      const laidIn = c.layIn && (await layInFor(server.url, c.layIn, fixture.cases, pool));
      const row = await timed(() =>
        measureCase(server.url, typical, c, fixture.cases, pool, laidIn),
      );
      if (laidIn) await takeLeftovers(server.url, c, fixture.cases, laidIn);
      results.push({ ...row, route: key, caller: c.caller, ...exempt });
    }
    if (runsHeavy(c, route) && !c.scenarios) {
      if (!c.request) throw new Error(`${key}: a heavy shopper's row needs the case's request`);
      await heavyRow(typical, c.request);
    }
    for (const [label, request] of Object.entries(c.narrowed ?? {})) {
      const name = narrowedName(key, label);
      log(`measuring ${name}`);
      const row = await loop(name, request, pool);
      results.push({ ...row, route: key, caller: c.caller, ...exempt });
      if (runsHeavy(c, route)) await heavyRow(name, request);
    }
  }
  return results;
}

/** One case for a typical caller: a closed loop of its requests, or its flow. */
function measureCase(
  url: string,
  name: string,
  c: BenchCase,
  context: CaseContext,
  pool: readonly string[],
  laidIn: ReadonlyMap<string, string[]> = new Map(),
): Promise<Measurement> {
  const options = { ...routeTiming, connections };
  const { request, flow } = c;
  if (request) return measure(url, { name, next: () => request(context, pick(pool)) }, options);
  if (!flow) throw new Error(`${name}: a case needs scenarios, a request or a flow`);
  // Each worker takes turns with shoppers of its own (worker, worker + 10, …), so no two
  // workers act as one shopper at once, and remembers what each did in this case.
  const turns = new Array<number>(connections).fill(0);
  const memory = new Map<string, Record<string, unknown>>();
  const after = new Array<((body: string) => void) | undefined>(connections);
  return measureFlow(
    url,
    name,
    {
      async prepare(worker) {
        const turn = turns[worker] ?? 0;
        turns[worker] = turn + 1;
        const cookie = pool[(worker + turn * connections) % pool.length]!;
        const mine = `${worker} ${cookie}`;
        if (!memory.has(mine)) memory.set(mine, {});
        const timed = await flow(context, {
          cookie,
          own: memory.get(mine)!,
          laidIn: laidIn.get(cookie) ?? [],
          must: (req) => must(url, req),
        });
        after[worker] = timed.answered;
        return timed.request;
      },
      observe(worker, body) {
        after[worker]?.(body);
      },
    },
    options,
  );
}

/** An untimed request of a case: anything but a 2xx answer fails it. Returns the answer's body. */
async function must(url: string, req: Req): Promise<string> {
  const answer = await send(url, req);
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`${req.method} ${req.path}: ${answer.status} ${answer.body.slice(0, 200)}`);
  }
  return answer.body;
}

/**
 * `act` for each shopper, ten at a time. A shopper whose step is refused is left as it is, told
 * once (`doing`): one refused step should not end a run of many rows.
 */
async function forEachShopper(
  shoppers: readonly string[],
  doing: string,
  act: (cookie: string) => Promise<void>,
): Promise<void> {
  let next = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let i = next++; i < shoppers.length; i = next++) {
        try {
          await act(shoppers[i]!);
        } catch (error) {
          if (refused++ === 0) console.warn(`[bench] ${doing}: ${(error as Error).message}`);
        }
      }
    }),
  );
}

/**
 * What a case lays in for each shopper of its pool (`BenchCase.layIn`); a shopper it was refused
 * for has none, and their turns make their own steps.
 */
async function layInFor(
  url: string,
  layIn: NonNullable<BenchCase['layIn']>,
  context: CaseContext,
  pool: readonly string[],
): Promise<Map<string, string[]>> {
  const laidIn = new Map<string, string[]>();
  await forEachShopper([...new Set(pool)], 'laying in', async (cookie) => {
    laidIn.set(cookie, await layIn(context, { cookie, must: (req) => must(url, req) }));
  });
  return laidIn;
}

/**
 * What the turns left of what was laid in, taken by the case's own timed request, untimed, after
 * its row: the shop is left as the row found it, for the rows and the runs after it.
 */
async function takeLeftovers(
  url: string,
  c: BenchCase,
  context: CaseContext,
  laidIn: ReadonlyMap<string, string[]>,
): Promise<void> {
  const left = [...laidIn].filter(([, values]) => values.length > 0).map(([cookie]) => cookie);
  await forEachShopper(left, 'taking what was left', async (cookie) => {
    const values = laidIn.get(cookie)!;
    const turn = { cookie, own: {}, laidIn: values, must: (req: Req) => must(url, req) };
    while (values.length > 0) await must(url, (await c.flow!(context, turn)).request);
  });
}

/** Runs a measurement once PostgreSQL has finished what the rows before it left it to do. */
async function settled<M>(run: () => Promise<M>): Promise<M> {
  const waited = await untilQuiet();
  if (waited >= 2) log(`waited ${waited.toFixed(0)} s for PostgreSQL to go quiet`);
  return run();
}

async function runSuite(
  server: RunningServer,
  fixture: Fixture,
  options: { only?: string[]; routes?: readonly RouteEntry[] } = {},
): Promise<Measured[]> {
  const { url } = server;
  const { only, routes } = options;
  const all = scenarios(fixture);
  const results: Measured[] = [];
  const timed = <M extends Measurement>(run: () => Promise<M>) =>
    settled(() => stamped(warmup, () => withCpu(server.pid, warmup, run)));
  const readsFloor = !only || only.includes('floor: one query');
  let lastFloor = 0;
  // The one-query floor read again whenever a minute has passed since the last reading.
  const floorNow = async (): Promise<Measured | undefined> => {
    if (!readsFloor || lastFloor === 0 || Date.now() - lastFloor < FLOOR_EVERY_MS) return undefined;
    log('measuring the one-query floor');
    const reading = await settled(() =>
      stamped(routeTiming.warmup, () =>
        measure(url, all['floor: one query']!, { ...routeTiming, connections }),
      ),
    );
    lastFloor = Date.now();
    return { ...reading, name: ROUTE.floorMeanwhile };
  };
  const floorReading = async () => {
    const reading = await floorNow();
    if (reading) results.push(reading);
  };
  for (const [key, scenario] of Object.entries(all)) {
    if (only && !only.includes(key)) continue;
    await floorReading();
    log(`measuring ${scenario.name}`);
    results.push(await timed(() => measure(url, scenario, { duration, connections, warmup })));
    // Read again before the next row: this first reading runs on a server just started.
    if (scenario.name === ROUTE.floorQuery) lastFloor = 1;
    // A route measured here is measured for the heavy shoppers right after, in the same way:
    // later, its kept pages would have expired, and the two rows would not compare like for like.
    const heavy = Object.entries(BENCH_CASES).find(([, c]) => heavyAfterScenario(c, scenario.name));
    const swept = (route: string) => !only || only.includes('routes') || only.includes(route);
    if (routes && heavy && swept(heavy[0])) {
      const [route, { request }] = heavy;
      log(`measuring ${route} for the heavy shopper`);
      const next = () => request!(fixture.cases, pick(fixture.heavy));
      const row = await timed(() =>
        measure(url, { name: heavyName(scenario.name), next }, { duration, connections, warmup }),
      );
      results.push({ ...row, route, caller: 'heavy shopper' });
    }
  }
  if (!only || only.includes('outfit search: pages')) {
    await floorReading();
    log('measuring outfit search page by page');
    results.push(await timed(() => measureOutfitPages(url, fixture)));
  }
  if (!only || only.includes('feed: new shopper')) {
    await floorReading();
    log("measuring a new shopper's first visit");
    results.push(await timed(() => measureNewShopper(url, fixture)));
  }
  if (!only || only.includes('feed flow')) {
    await floorReading();
    log('measuring the feed as shoppers use it');
    results.push(await timed(() => measureFeedFlow(url, fixture)));
  }
  if (!only || only.includes('checkout')) {
    await floorReading();
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
  if (routes) results.push(...(await measureRoutes(server, fixture, routes, only, floorNow)));
  if (!only || only.includes('floor: one query')) {
    // The floor once more: the last reading the rows since the one before it are divided by.
    log('measuring the one-query floor again');
    const again = await timed(() =>
      measure(url, all['floor: one query']!, { duration, connections, warmup }),
    );
    results.push({ ...again, name: ROUTE.floorAgain });
  }
  return results.map(withRoute);
}

/** The route and caller of a scenario's row, from the case that names it. */
function withRoute(row: Measured): Measured {
  if (row.route) return row;
  const found = Object.entries(BENCH_CASES).find(([, c]) => c.scenarios?.includes(row.name));
  if (!found) return row;
  const [key, c] = found;
  const caller: RowCaller = row.name === ROUTE.newShopper ? 'new shopper' : c.caller;
  const exempt = row.name === ROUTE.firstVisit ? SEEDED : c.exempt;
  return { ...row, route: key, caller, ...(exempt ? { exempt } : {}) };
}

const SEEDED =
  "a seeded page, ranked on the spot for evaluation, which no page of the shop asks for; a first visit is the new shopper's row";

type Row = WithRatios<Measured>;

function table(title: string, rows: Row[]) {
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  const width = Math.max(42, ...rows.map((r) => r.name.length + 2));
  const lines = [
    `\n${title}`,
    `${'route'.padEnd(width)}${pad('req/s', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('errors', 8)}${pad('÷none', 8)}${pad('÷query', 8)}${pad('srv µs', 8)}${pad('pg µs', 8)}${pad('gen µs', 8)}${pad('KB', 8)}`,
    ...rows.map(
      (r) =>
        `${r.name.padEnd(width)}${pad(r.rps, 8)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.errors, 8)}${pad(r.vsNoDb.toFixed(2), 8)}${pad(r.vsQuery.toFixed(2), 8)}${pad(r.cpu?.server ?? '-', 8)}${pad(r.cpu?.postgres ?? '-', 8)}${pad(r.cpu?.generator ?? '-', 8)}${pad(kilobytes(r.bytes), 8)}`,
    ),
  ];
  console.info(lines.join('\n'));
}

/**
 * The app's route table (`app.routeTable`, as the authorisation matrix walks it), from an app
 * built in this process on the shop's database and closed again.
 */
async function routeTableOf(database: Database): Promise<RouteEntry[]> {
  const config = loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    DATA_DIR: os.tmpdir(),
  });
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    return [...app.routeTable];
  } finally {
    await app.close();
  }
}

interface Shop {
  fixture: Fixture;
  routes: RouteEntry[];
}

/** What the measurements need of a generated shop: the fixture and the app's routes. */
async function readShop(
  database: Database,
  people: BenchPeople,
  items: number,
  outfits: number,
): Promise<Shop> {
  return {
    fixture: await loadFixture(database, people, items, outfits),
    routes: await routeTableOf(database),
  };
}

/** The shop an earlier run generated in `name`, or null if there is none. */
async function existingShop(name: string): Promise<Shop | null> {
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
    const people = await benchPeople(database);
    if (!people) return null;
    // Cases pick outfits by id from 1 to this count: the outfits up to the first missing id, so
    // outfits an earlier run made (and deleted) never count.
    const [shop] = await database.sql.query<{ items: number; outfits: number }>(
      `SELECT (SELECT count(*)::int FROM items) AS items,
              (SELECT min(g.id)::int - 1
                 FROM generate_series(1, (SELECT coalesce(max(id), 0) + 1 FROM outfits)) g(id)
                WHERE NOT EXISTS (SELECT 1 FROM outfits o WHERE o.id = g.id)) AS outfits`,
    );
    await forgetNewcomers(database, people.newcomers);
    await freshSessions(database);
    // The signed-in shoppers' carts start empty: filled by earlier runs, they would refuse adds
    // at 50 lines. The other shoppers' bags wait as a fresh shop's do.
    await database.sql.exec('DELETE FROM cart_lines');
    await waitingCarts(database, people.first);
    await queueFeeds(database, [...sessionShoppers(people.first), ...people.heavy], log);
    // The last run's writes left dead rows and statistics of before: vacuumed and analysed as a
    // new shop is, since autovacuum may be off (it is on the CI machines) and PostgreSQL would
    // plan from what the tables held then.
    const started = Date.now();
    await database.sql.exec('VACUUM (ANALYZE)');
    log(`vacuumed (${Date.now() - started} ms)`);
    return await readShop(database, people, shop!.items, shop!.outfits);
  } finally {
    await database.close();
  }
}

async function postgresRun(runScale: number, only?: string[]) {
  const name = `drape_bench_${String(runScale).replace('.', '_')}`;
  const size = sizeFor(runScale);
  let shop = args.reuse ? await existingShop(name) : null;
  if (shop) {
    log(`PostgreSQL at scale ${runScale}: measuring the shop left in ${name}`);
  } else {
    log(`PostgreSQL at scale ${runScale}: generating ${JSON.stringify(size)}`);
    const database = await freshPostgres(name);
    try {
      const made = await generateShop(database, size, SECRET, log);
      shop = await readShop(database, made.people, made.items, made.outfits);
    } finally {
      await database.close();
    }
  }
  const server = await startServer({ DATABASE_URL: dbUrl(name), WORKERS: args.workers });
  try {
    const rows = await runSuite(server, shop.fixture, { only, routes: shop.routes });
    return { size, rows: withRatios(rows) };
  } finally {
    await server.stop();
  }
}

/** PGlite runs the scenarios; the route sweep is measured on PostgreSQL alone. */
async function pgliteRun(runScale: number) {
  const size = sizeFor(runScale);
  log(`PGlite at scale ${runScale}: generating ${JSON.stringify(size)}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drape-bench-'));
  const database = await openPglite(dataDir);
  let fixture: Fixture;
  try {
    const shop = await generateShop(database, size, SECRET, log);
    fixture = await loadFixture(database, shop.people, shop.items, shop.outfits);
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
    const only = args.only?.split(',').map((key) => key.trim());
    // Every ratio is of the one-query floor: it is measured whatever else is asked for.
    const main = await postgresRun(scale, only && [...new Set(['floor: one query', ...only])]);
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  call,
  checkout,
  checkoutLedger,
  createDatabase,
  databaseUrl,
  fillCart,
  firstOrderOf,
  newShopper,
  PostgresProxy,
  type Server,
  type Shopper,
  sleep,
  startServer,
  stockPieces,
  stopAllServers,
  type TestDatabase,
} from './support';

// The app reaches PostgreSQL through a proxy this test cuts and restores: the shared server
// itself never stops.
let db: TestDatabase;
let proxy: PostgresProxy;
let server: Server;
const shoppers: Shopper[] = [];

beforeAll(async () => {
  db = await createDatabase();
  proxy = await PostgresProxy.start();
  server = await startServer(databaseUrl(db.name, proxy.port));
  for (let i = 0; i < 12; i++) shoppers.push(await newShopper(server, `outage${process.pid}x${i}`));
});
afterAll(async () => {
  await stopAllServers();
  await proxy?.cut();
  await db?.drop();
});

/** Four workers calling reads (with and without a session) for `ms`, at most 400 calls. */
async function load(ms: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  const deadline = Date.now() + ms;
  const paths = ['/api/item/all?limit=20', '/api/cart', '/api/outfit/home?limit=3', '/api/health'];
  await Promise.all(
    [0, 1, 2, 3].map(async (worker) => {
      let i = worker;
      while (Date.now() < deadline && answers.length < 400) {
        const urlPath = paths[i++ % paths.length]!;
        answers.push(await call(server, 'GET', urlPath, { cookie: shoppers[worker]!.cookie }));
      }
    }),
  );
  return answers;
}

async function waitForRecovery(): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 20_000) {
    const res = await call(server, 'GET', '/api/cart', { cookie: shoppers[0]!.cookie });
    if (res.status === 200) return Date.now() - started;
    await sleep(100);
  }
  throw new Error('the server did not recover within 20 s of PostgreSQL coming back');
}

describe('PostgreSQL unreachable during load', () => {
  it('answers 503 quickly while it is down, and recovers without a restart', async () => {
    const pid = server.child.pid;
    const healthy = await load(2000);
    expect(healthy.length).toBeGreaterThan(10);
    expect(healthy.filter((a) => a.status !== 200)).toEqual([]);

    await proxy.cut();
    const down = await load(2000);
    expect(down.length).toBeGreaterThan(10);
    const statuses = new Set(down.map((a) => a.status));
    expect([...statuses], server.output().slice(-4000)).toEqual([503]);
    for (const answer of down) {
      const body = answer.json<{ error?: { code: string }; status?: string }>();
      // /api/health reports itself; every other route uses the API's error shape.
      expect(body.error?.code ?? body.status).toMatch(/^unavailable$/);
    }
    // Quick, compared within this run rather than against a clock: a refused connection fails at
    // once, so in the same two seconds the four callers get at least half as many answers as when
    // the database was there. Calls that each waited out the pool's 2 s connection timeout would
    // get a handful.
    expect(down.length, `healthy ${healthy.length}, down ${down.length}`).toBeGreaterThanOrEqual(
      healthy.length / 2,
    );
    expect(down.find((a) => a.headers['retry-after'])).toBeDefined();
    expect((await call(server, 'GET', '/api/health/live')).status).toBe(200);

    await proxy.restore();
    expect(await waitForRecovery()).toBeLessThan(20_000);
    const after = await load(1000);
    expect(after.filter((a) => a.status !== 200)).toEqual([]);
    expect(server.child.pid).toBe(pid);
    expect(server.child.exitCode).toBeNull();
  });

  it('leaves no half-written order when it goes away in the middle of checkouts', async () => {
    const pieces = await stockPieces(db, 12);
    const ids = [...pieces.keys()];
    const clean = {
      empty_orders: 0,
      orphan_lines: 0,
      bad_totals: 0,
      stockMismatches: [],
      closetMismatches: [],
    };
    const seen = new Set<number>();
    /** Orders each round's cut left behind: between none and all shows it hit mid-batch. */
    const survived: number[] = [];
    // The cut lands at a different moment of the checkouts in each round.
    for (const [round, delay] of [0, 2, 5, 10].entries()) {
      for (const [i, shopper] of shoppers.entries()) {
        await fillCart(server, shopper, [
          [ids[(i + round) % ids.length]!, 1 + (i % 3)],
          [ids[(i + 5) % ids.length]!, 1],
        ]);
      }
      const keys = shoppers.map((_, i) => `outage-${process.pid}-${round}-${i}`);
      const inFlight = Promise.all(
        shoppers.map((s, i) =>
          checkout(server, s, keys[i]!).catch((error: Error) => ({
            status: 0,
            body: error.message,
          })),
        ),
      );
      // Cut once the first of this round's orders is committed, while the rest are under way.
      await firstOrderOf(db, keys);
      await sleep(delay);
      await proxy.cut();
      const first = await inFlight;
      // Each one either made it before the cut or was refused as unavailable; never a 500.
      for (const answer of first) {
        expect([201, 503], `${answer.body}\n${server.output().slice(-2000)}`).toContain(
          answer.status,
        );
        seen.add(answer.status);
      }

      await proxy.restore();
      await waitForRecovery();
      expect(await checkoutLedger(db, pieces)).toEqual(clean);
      const [kept] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM orders WHERE idempotency_key = ANY($1::text[])',
        [keys],
      );
      survived.push(kept!.n);

      // The client retries with the same key: an order that made it comes back, the rest are made.
      const retried = await Promise.all(shoppers.map((s, i) => checkout(server, s, keys[i]!)));
      // (A 503 may hide an order that committed just before the cut: its retry is a 200.)
      for (const [i, answer] of retried.entries()) {
        expect(answer.status, answer.body).toBe(first[i]!.status === 201 ? 200 : answer.status);
        expect([200, 201]).toContain(answer.status);
      }
      const [orders] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
      expect(orders!.n).toBe(shoppers.length * (round + 1));
      expect(await checkoutLedger(db, pieces)).toEqual(clean);
      const [carts] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM cart_lines');
      expect(carts!.n).toBe(0);
    }
    expect(seen.has(503)).toBe(true);
    expect(
      survived.some((n) => n > 0 && n < shoppers.length),
      `orders kept per round: ${survived}`,
    ).toBe(true);
  });
});

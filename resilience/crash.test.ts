import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkout,
  checkoutLedger,
  createDatabase,
  fillCart,
  firstOrderOf,
  newShopper,
  type Server,
  type Shopper,
  sleep,
  startServer,
  stockPieces,
  stopAllServers,
  type TestDatabase,
} from './support';

let db: TestDatabase;
let server: Server;
const shoppers: Shopper[] = [];

beforeAll(async () => {
  db = await createDatabase();
  server = await startServer(db.url);
  for (let i = 0; i < 16; i++) shoppers.push(await newShopper(server, `crash${process.pid}x${i}`));
});
afterAll(async () => {
  await stopAllServers();
  await db?.drop();
});

const clean = {
  empty_orders: 0,
  orphan_lines: 0,
  bad_totals: 0,
  stockMismatches: [],
  closetMismatches: [],
};

describe('kill -9 in the middle of checkouts', () => {
  it('leaves no partial order, and a restarted server completes each checkout exactly once', async () => {
    const pieces = await stockPieces(db, 10);
    const ids = [...pieces.keys()];
    let expectedOrders = 0;
    /** Orders each round's crash left behind: somewhere between none and all shows it hit mid-batch. */
    const survived: number[] = [];
    // The kill lands at a different moment in each round; in one, just after the round's first
    // order committed, which on a fast machine falls between two of the fixed moments.
    const moments: (number | 'first order')[] = [10, 30, 'first order', 120];
    for (const [round, moment] of moments.entries()) {
      for (const [i, shopper] of shoppers.entries()) {
        await fillCart(server, shopper, [
          [ids[(i + round) % ids.length]!, 1 + (i % 2)],
          [ids[(i + 3) % ids.length]!, 1],
          [ids[(i + 7) % ids.length]!, 1],
        ]);
      }
      const keys = shoppers.map((_, i) => `crash-${process.pid}-${round}-${i}`);
      const inFlight = Promise.all(
        shoppers.map((s, i) =>
          checkout(server, s, keys[i]!).then(
            (a) => a.status,
            () => 0,
          ),
        ),
      );
      if (moment === 'first order') await firstOrderOf(db, keys);
      else await sleep(moment);
      server.child.kill('SIGKILL');
      const first = await inFlight;
      await server.exited;
      for (const status of first) expect([0, 201]).toContain(status);

      // What PostgreSQL kept after the crash: whole orders or nothing.
      expect(await checkoutLedger(db, pieces)).toEqual(clean);
      const orphanCarts = await db.query(
        `SELECT o.user_id FROM orders o JOIN cart_lines c ON c.user_id = o.user_id
          WHERE o.idempotency_key = ANY($1::text[])`,
        [keys],
      );
      expect(orphanCarts).toEqual([]);

      const [kept] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM orders WHERE idempotency_key = ANY($1::text[])',
        [keys],
      );
      survived.push(kept!.n);

      server = await startServer(db.url);
      const retried = await Promise.all(shoppers.map((s, i) => checkout(server, s, keys[i]!)));
      for (const [i, answer] of retried.entries()) {
        if (first[i] === 201) expect(answer.status, answer.body).toBe(200);
        else expect([200, 201], answer.body).toContain(answer.status);
      }
      expectedOrders += shoppers.length;
      const [orders] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
      expect(orders!.n).toBe(expectedOrders);
      expect(await checkoutLedger(db, pieces)).toEqual(clean);
      const [carts] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM cart_lines');
      expect(carts!.n).toBe(0);
    }
    expect(
      survived.some((n) => n > 0 && n < shoppers.length),
      `orders kept per round: ${survived}`,
    ).toBe(true);
  });
});

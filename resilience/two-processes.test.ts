import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  call,
  checkout,
  createDatabase,
  fillCart,
  newShopper,
  type Server,
  startServer,
  stockPieces,
  stopAllServers,
  type TestDatabase,
} from './support';

// Two app processes on one PostgreSQL database, as behind a load balancer. (The embedded
// database refuses a second process instead: server/db/client.test.ts, "embedded database
// folder".)
let db: TestDatabase;
let one: Server;
let two: Server;

beforeAll(async () => {
  db = await createDatabase();
  [one, two] = await Promise.all([startServer(db.url), startServer(db.url)]);
});
afterAll(async () => {
  await stopAllServers();
  await db?.drop();
});

describe('two app processes on one database', () => {
  it('share sessions: signed in on one, recognised on the other, signed out everywhere', async () => {
    const shopper = await newShopper(one, `pair${process.pid}a`);
    const me = await call(two, 'GET', '/api/user', { cookie: shopper.cookie });
    expect(me.status).toBe(200);
    expect(me.json<{ username: string }>().username).toBe(shopper.username);

    const out = await call(two, 'POST', '/api/user/logout', { cookie: shopper.cookie });
    expect(out.status).toBe(200);
    // The other process forgets the session when the database announces its end, which reaches
    // it within milliseconds; a short wait keeps a busy machine from reordering the two.
    await vi.waitFor(
      async () =>
        expect((await call(one, 'GET', '/api/user', { cookie: shopper.cookie })).status).toBe(401),
      { timeout: 1_000, interval: 10 },
    );
  });

  it("see each other's writes at once", async () => {
    const shopper = await newShopper(one, `pair${process.pid}b`);
    const [piece] = [...(await stockPieces(db, 1)).keys()];
    await fillCart(two, shopper, [[piece!, 2]]);
    const cart = await call(one, 'GET', '/api/cart', { cookie: shopper.cookie });
    expect(cart.json<{ units: number }>().units).toBe(2);

    const swipe = await call(one, 'POST', '/api/outfit/favorite', {
      cookie: shopper.cookie,
      body: { outfitId: 1 },
    });
    expect(swipe.status).toBe(200);
    const favourites = await call(two, 'GET', '/api/favorites/outfits', { cookie: shopper.cookie });
    expect(favourites.json<{ items: { id: number }[] }>().items.map((o) => o.id)).toContain(1);

    const addresses = await call(two, 'GET', '/api/shipping', { cookie: shopper.cookie });
    expect(addresses.json<{ id: number }[]>().map((a) => a.id)).toEqual([shopper.addressId]);
  });

  it('sell the last unit once when shoppers on different processes pay at the same moment', async () => {
    const [piece] = [...(await stockPieces(db, 1)).keys()];
    const buyers = await Promise.all(
      [0, 1, 2, 3].map((i) => newShopper(i % 2 ? two : one, `pair${process.pid}r${i}`)),
    );
    for (const b of buyers) {
      await call(one, 'DELETE', '/api/buy', { cookie: b.cookie });
      await fillCart(one, b, [[piece!, 1]]);
    }
    await db.query('UPDATE items SET stock = 1 WHERE id = $1', [piece]);
    const answers = await Promise.all(
      buyers.map((b, i) => checkout(i % 2 ? two : one, b, `pair-race-${process.pid}-${i}`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    const [row] = await db.query<{ stock: number; sold: number }>(
      `SELECT stock, (SELECT coalesce(sum(quantity), 0) FROM order_lines WHERE item_id = $1)::int AS sold
         FROM items WHERE id = $1`,
      [piece],
    );
    expect(row).toEqual({ stock: 0, sold: 1 });
  });
});

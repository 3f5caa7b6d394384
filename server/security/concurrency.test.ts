import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { type Req, SecurityFixture } from './fixtures';

// Everything here fires at once with Promise.all against one in-process app; on PostgreSQL the
// requests really overlap (a pool of connections), on PGlite they interleave between awaits.
// Each test then counts every row the requests could have written.

let t: TestApp;
let f: SecurityFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await SecurityFixture.create(t);
}, 120_000);
afterAll(() => t?.close());

const sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) =>
  t.db.database.sql.query<T>(text, params);

interface Shopper {
  id: number;
  cookie: string;
}

/**
 * Many shoppers quickly: rows written directly (hashing 200 passwords would only measure argon2)
 * and sessions made the way the auth plugin makes them.
 */
async function manyShoppers(count: number, prefix: string): Promise<Shopper[]> {
  const rows = await sql<{ id: number }>(
    `INSERT INTO users (username, password_hash)
     SELECT $1 || n, 'not-a-real-hash' FROM generate_series(1, $2::int) AS n
     RETURNING id`,
    [`${f.unique(prefix)}n`, count],
  );
  return Promise.all(rows.map(async (r) => ({ id: r.id, cookie: await f.cookieFor(r.id) })));
}

function send(shopper: Shopper, req: Req): Promise<LightMyRequestResponse> {
  return f.call('visitor', req, shopper.cookie);
}

const post = (url: string, payload: unknown): Req => ({ method: 'POST', url, payload });

async function topPieceOf(outfitId: number): Promise<number> {
  const [row] = await sql<{ item_id: number }>(
    "SELECT item_id FROM outfit_items WHERE outfit_id = $1 AND slot = 'top'",
    [outfitId],
  );
  return row!.item_id;
}

function codes(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

describe('POST /api/outfit/favorite and /reject at once', () => {
  it('makes one swipe and five favourites from 50 identical right swipes', async () => {
    const [shopper] = await manyShoppers(1, 'same');
    const outfitId = f.nextOutfit();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => send(shopper!, post('/api/outfit/favorite', { outfitId }))),
    );
    expect(codes(results)).toEqual({ 200: 50 });
    expect(results.filter((r) => r.json().changed)).toHaveLength(1);
    const [counts] = await sql<{ swipes: number; favorites: number }>(
      `SELECT (SELECT count(*) FROM swipes WHERE user_id = $1)::int AS swipes,
              (SELECT count(*) FROM favorite_pieces WHERE user_id = $1)::int AS favorites`,
      [shopper!.id],
    );
    expect(counts).toEqual({ swipes: 1, favorites: 5 });
  });

  it('ends consistent after 40 right and left swipes on one outfit race each other', async () => {
    const [shopper] = await manyShoppers(1, 'flip');
    const outfitId = f.nextOutfit();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send(shopper!, post(`/api/outfit/${i % 2 ? 'reject' : 'favorite'}`, { outfitId })),
      ),
    );
    expect(codes(results)).toEqual({ 200: 40 });
    const swipes = await sql<{ direction: string }>(
      'SELECT direction FROM swipes WHERE user_id = $1',
      [shopper!.id],
    );
    expect(swipes).toHaveLength(1);
    const [pieces] = await sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM favorite_pieces WHERE user_id = $1 AND source = 'outfit'",
      [shopper!.id],
    );
    // A like brings exactly the five pieces; a nope leaves none behind.
    expect(pieces!.n).toBe(swipes[0]!.direction === 'like' ? 5 : 0);
  });
});

describe('changes to a liked outfit’s pieces racing its unfavourite', () => {
  it('write the pieces out once, and leave nothing behind the unfavourite', async () => {
    const shoppers = await manyShoppers(10, 'race');
    const outfitId = f.nextOutfit();
    const pieces = await sql<{ item_id: number }>(
      'SELECT item_id FROM outfit_items WHERE outfit_id = $1',
      [outfitId],
    );
    expect(pieces).toHaveLength(5);
    for (const shopper of shoppers) {
      const liked = await send(shopper, post('/api/outfit/favorite', { outfitId }));
      expect(liked.statusCode, liked.body).toBe(200);
    }
    // Per shopper, one quantity change per piece (each would write the like's pieces out) and an
    // unfavourite, all at once; half the shoppers also change them twice over.
    const results = await Promise.all(
      shoppers.flatMap((shopper, n) => [
        ...pieces.flatMap(({ item_id: itemId }) =>
          Array.from({ length: n % 2 ? 2 : 1 }, () =>
            send(shopper, post('/api/favorites/items/increase', { itemId, outfitId, qty: 1 })),
          ),
        ),
        send(shopper, post('/api/outfit/search/unfavorite', { outfitId })),
      ]),
    );
    // A change either came first (200) or found the piece gone (404); nothing failed.
    expect(Object.keys(codes(results)).every((code) => code === '200' || code === '404')).toBe(
      true,
    );
    const ids = shoppers.map((s) => s.id);
    const [left] = await sql<{ swipes: number; rows: number; pieces: number }>(
      `SELECT (SELECT count(*) FROM swipes WHERE user_id = ANY($1::int[]))::int AS swipes,
              (SELECT count(*) FROM item_favorites WHERE user_id = ANY($1::int[]))::int AS rows,
              (SELECT count(*) FROM favorite_pieces WHERE user_id = ANY($1::int[]))::int AS pieces`,
      [ids],
    );
    expect(left).toEqual({ swipes: 0, rows: 0, pieces: 0 });
  });

  it('write each like out once when its five pieces change at once', async () => {
    const [shopper] = await manyShoppers(1, 'five');
    const outfitId = f.nextOutfit();
    await send(shopper!, post('/api/outfit/favorite', { outfitId }));
    const pieces = await sql<{ item_id: number }>(
      'SELECT item_id FROM outfit_items WHERE outfit_id = $1',
      [outfitId],
    );
    const results = await Promise.all(
      pieces.flatMap(({ item_id: itemId }) =>
        Array.from({ length: 3 }, () =>
          send(shopper!, post('/api/favorites/items/increase', { itemId, outfitId, qty: 1 })),
        ),
      ),
    );
    expect(codes(results)).toEqual({ 200: 15 });
    const rows = await sql<{ quantity: number }>(
      "SELECT quantity FROM item_favorites WHERE user_id = $1 AND source = 'outfit'",
      [shopper!.id],
    );
    expect(rows.map((r) => r.quantity)).toEqual([4, 4, 4, 4, 4]);
  });
});

describe('200 shoppers swiping and hearting at once', () => {
  it('saves every swipe and every heart that was sent, once, for the right shopper', async () => {
    const shoppers = await manyShoppers(200, 'crowd');
    const outfits = (await sql<{ id: number }>('SELECT id FROM outfits ORDER BY id')).map(
      (r) => r.id,
    );
    const items = (
      await sql<{ id: number }>(
        'SELECT id FROM items WHERE id NOT IN (SELECT item_id FROM outfit_items) ORDER BY id LIMIT 50',
      )
    ).map((r) => r.id);
    const tops = new Map<number, number>();
    for (const id of outfits) tops.set(id, await topPieceOf(id));

    // Shopper i likes one outfit, rejects two, hearts a piece on a fourth and one from search;
    // every like is sent twice, as a double tap would.
    const plan = shoppers.map((shopper, i) => {
      const pick = (k: number) => outfits[(i * 4 + k) % outfits.length]!;
      return {
        shopper,
        like: pick(0),
        nopes: [pick(1), pick(2)],
        card: pick(3),
        searchHeart: items[i % items.length]!,
      };
    });
    const requests = plan.flatMap((p) => [
      send(p.shopper, post('/api/outfit/favorite', { outfitId: p.like })),
      send(p.shopper, post('/api/outfit/favorite', { outfitId: p.like })),
      ...p.nopes.map((outfitId) => send(p.shopper, post('/api/outfit/reject', { outfitId }))),
      send(p.shopper, post('/api/item/favorite', { itemId: tops.get(p.card), outfitId: p.card })),
      send(p.shopper, post('/api/item/search/favorite', { itemId: p.searchHeart })),
    ]);
    const results = await Promise.all(requests);
    const byCode = codes(results);
    expect(byCode[200] ?? 0, JSON.stringify(byCode)).toBe(200 * 5);
    expect(byCode[201]).toBe(200);

    const ids = shoppers.map((s) => s.id);
    const swipes = await sql<{ user_id: number; outfit_id: number; direction: string }>(
      'SELECT user_id, outfit_id, direction FROM swipes WHERE user_id = ANY($1::int[])',
      [ids],
    );
    const favorites = await sql<{
      user_id: number;
      item_id: number;
      outfit_id: number | null;
      source: string;
    }>(
      'SELECT user_id, item_id, outfit_id, source FROM favorite_pieces WHERE user_id = ANY($1::int[])',
      [ids],
    );
    expect(swipes).toHaveLength(200 * 3);
    expect(favorites).toHaveLength(200 * 7);
    for (const p of plan) {
      const mine = swipes.filter((s) => s.user_id === p.shopper.id);
      expect(
        mine.map((s) => `${s.outfit_id}:${s.direction}`).sort(),
        `swipes of ${p.shopper.id}`,
      ).toEqual([`${p.like}:like`, ...p.nopes.map((o) => `${o}:nope`)].sort());
      const hearts = favorites.filter((x) => x.user_id === p.shopper.id);
      expect(hearts.filter((x) => x.source === 'outfit' && x.outfit_id === p.like)).toHaveLength(5);
      expect(
        hearts.filter((x) => x.source === 'heart').map((x) => [x.item_id, x.outfit_id]),
      ).toEqual(
        expect.arrayContaining([
          [tops.get(p.card), p.card],
          [p.searchHeart, null],
        ]),
      );
    }
  });
});

describe('PUT /api/buy at once', () => {
  async function shopperWithCart(lines: [itemId: number, quantity: number][]) {
    const [shopper] = await manyShoppers(1, 'buyer');
    const address = await send(
      shopper!,
      post('/api/shipping', {
        nickname: 'Home',
        recipient_name: 'Sam Rivera',
        phone: '(555) 010-0142',
        street_address: '5 Elm Row',
        city: 'Denver',
        state: 'CO',
        zip: '80202',
      }),
    );
    expect(address.statusCode).toBe(201);
    for (const [itemId, quantity] of lines) {
      const res = await send(shopper!, post('/api/cart', { itemId, quantity }));
      expect(res.statusCode, res.body).toBe(200);
    }
    return { ...shopper!, addressId: address.json().id as number };
  }

  const buy = (s: Shopper & { addressId: number }, key: string) =>
    send(s, {
      method: 'PUT',
      url: '/api/buy',
      payload: { addressId: s.addressId, paymentMethod: 'paypal', idempotencyKey: key },
    });

  /** Stock, orders, lines, closet and carts, all counted, to check against what was bought. */
  async function ledger(itemIds: number[], userIds: number[]) {
    const [row] = await sql<{
      stock: number;
      orders: number;
      lines: number;
      units: number;
      owned: number;
      carts: number;
      empty_orders: number;
      orphan_lines: number;
      bad_totals: number;
    }>(
      `SELECT (SELECT coalesce(sum(stock), 0) FROM items WHERE id = ANY($1::int[]))::int AS stock,
              (SELECT count(*) FROM orders WHERE user_id = ANY($2::int[]))::int AS orders,
              (SELECT count(*) FROM order_lines l JOIN orders o ON o.id = l.order_id
                WHERE o.user_id = ANY($2::int[]))::int AS lines,
              (SELECT coalesce(sum(l.quantity), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id
                WHERE o.user_id = ANY($2::int[]))::int AS units,
              (SELECT coalesce(sum(quantity), 0) FROM closet_items
                WHERE user_id = ANY($2::int[]))::int AS owned,
              (SELECT count(*) FROM cart_lines WHERE user_id = ANY($2::int[]))::int AS carts,
              (SELECT count(*) FROM orders o WHERE NOT EXISTS
                (SELECT 1 FROM order_lines l WHERE l.order_id = o.id))::int AS empty_orders,
              (SELECT count(*) FROM order_lines l WHERE NOT EXISTS
                (SELECT 1 FROM orders o WHERE o.id = l.order_id))::int AS orphan_lines,
              (SELECT count(*) FROM orders o WHERE o.subtotal_cents <>
                (SELECT sum(line_total_cents) FROM order_lines l WHERE l.order_id = o.id))::int
                AS bad_totals`,
      [itemIds, userIds],
    );
    return row!;
  }

  it('makes exactly one order per shopper when 20 shoppers each submit 3 times with one key and twice with others', async () => {
    const pieces = [f.nextItem(), f.nextItem()];
    const buyers = [];
    for (let i = 0; i < 20; i++) {
      buyers.push(
        await shopperWithCart([
          [pieces[0]!, 1 + (i % 3)],
          [pieces[1]!, 1],
        ]),
      );
    }
    const userIds = buyers.map((b) => b.id);
    const before = await ledger(pieces, userIds);
    const submitted = buyers.map((b, i) => {
      const key = `same-key-${process.pid}-${i}`;
      return Promise.all([
        buy(b, key),
        buy(b, key),
        buy(b, `other-key-${process.pid}-${i}-a`),
        buy(b, key),
        buy(b, `other-key-${process.pid}-${i}-b`),
      ]);
    });
    const perBuyer = await Promise.all(submitted);
    let wantedUnits = 0;
    for (const [i, results] of perBuyer.entries()) {
      const tally = codes(results);
      expect(tally[201], `buyer ${i}: ${JSON.stringify(tally)}`).toBe(1);
      expect((tally[200] ?? 0) + (tally[409] ?? 0), JSON.stringify(tally)).toBe(4);
      const numbers = new Set(
        results.filter((r) => r.statusCode < 300).map((r) => r.json().number),
      );
      expect(numbers.size).toBe(1);
      wantedUnits += 1 + (i % 3) + 1;
    }
    const after = await ledger(pieces, userIds);
    expect(after.orders - before.orders).toBe(20);
    expect(after.lines - before.lines).toBe(40);
    expect(after.units - before.units).toBe(wantedUnits);
    expect(before.stock - after.stock).toBe(wantedUnits);
    expect(after.owned - before.owned).toBe(wantedUnits);
    expect(after.carts).toBe(0);
    expect(after).toMatchObject({ empty_orders: 0, orphan_lines: 0, bad_totals: 0 });
  });

  it('sells the last three units to three of ten shoppers; the other seven get 409 and keep their carts', async () => {
    const scarce = f.nextItem();
    const buyers = [];
    for (let i = 0; i < 10; i++) buyers.push(await shopperWithCart([[scarce, 1]]));
    await sql('UPDATE items SET stock = 3 WHERE id = $1', [scarce]);
    const userIds = buyers.map((b) => b.id);
    const before = await ledger([scarce], userIds);
    const results = await Promise.all(buyers.map((b, i) => buy(b, `race-${process.pid}-${i}`)));
    expect(codes(results)).toEqual({ 201: 3, 409: 7 });
    for (const loser of results.filter((r) => r.statusCode === 409)) {
      expect(loser.json().error.message).toMatch(/sold out|only|left/i);
    }
    const after = await ledger([scarce], userIds);
    expect(after.stock).toBe(0);
    expect(after.orders - before.orders).toBe(3);
    expect(after.units - before.units).toBe(3);
    expect(after.owned - before.owned).toBe(3);
    expect(after.carts).toBe(7);
    expect(after).toMatchObject({ empty_orders: 0, orphan_lines: 0, bad_totals: 0 });
  });

  it('gives the very last unit to one of two shoppers paying at the same moment', async () => {
    const last = f.nextItem();
    const one = await shopperWithCart([[last, 1]]);
    const two = await shopperWithCart([[last, 1]]);
    await sql('UPDATE items SET stock = 1 WHERE id = $1', [last]);
    const results = await Promise.all([
      buy(one, `last-${process.pid}-1`),
      buy(two, `last-${process.pid}-2`),
    ]);
    expect(codes(results)).toEqual({ 201: 1, 409: 1 });
    const after = await ledger([last], [one.id, two.id]);
    expect(after).toMatchObject({ stock: 0, orders: 1, units: 1, owned: 1, carts: 1 });
  });
});

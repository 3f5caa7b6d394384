import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_PAGE_SIZE } from '../../../contracts/common';
import { followToEnd, pageUrl } from '../../test/pages';
import { createTestApp, signUp, type TestApp } from '../../test/test-app';

/**
 * A shopper's orders a page at a time: followed to the end they list every order once, newest
 * first, even when an order is placed between pages.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof signUp>>;

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []) {
  return t.db.database.sql.query<T>(text, params);
}

/**
 * Orders written straight into the database, one line each, a minute apart but with every third
 * pair placed at the same moment, so that the order's tie-break is crossed too. `from` offsets
 * the minutes (later orders are newer).
 */
async function placeOrders(userId: number, count: number, from = 0) {
  await sql(
    `WITH o AS (
       INSERT INTO orders (number, user_id, idempotency_key, payment_method, payment_reference,
                           subtotal_cents, shipping_cents, total_cents, ship_nickname,
                           ship_street_address, ship_city, ship_state, ship_zip, arrives_from,
                           arrives_to, created_at)
       SELECT 'T' || $1::int || '-' || n, $1::int, 'paging-key-' || $1::int || '-' || n, 'paypal', 'ref', 1000,
              1999, 2999, 'Home', '1 Main St', 'Springfield', 'IL', '62701', date '2026-02-01',
              date '2026-02-05',
              timestamptz '2026-01-01' + (n - n % 3) * interval '1 minute'
         FROM generate_series($2::int + 1, $2::int + $3::int) AS n
       RETURNING id)
     INSERT INTO order_lines (order_id, item_id, product_id, name, color, size, image,
                              unit_price_cents, quantity, line_total_cents)
     SELECT o.id, i.id, i.product_id, i.name, i.color, i.size, i.image, 1000, 1, 1000
       FROM o, (SELECT * FROM items ORDER BY id LIMIT 1) i`,
    [userId, from, count],
  );
}

/** The shopper's order numbers, newest first, as the database has them. */
async function ordersInOrder(userId: number): Promise<string[]> {
  const rows = await sql<{ number: string }>(
    'SELECT number FROM orders WHERE user_id = $1 ORDER BY created_at DESC, id DESC',
    [userId],
  );
  return rows.map((r) => r.number);
}

let alice: Shopper;
let bob: Shopper;

beforeAll(async () => {
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  await placeOrders(alice.user.id, ORDER_PAGE_SIZE * 2 + 5);
  await placeOrders(bob.user.id, 3);
});

describe('GET /api/buy, a page at a time', () => {
  it('lists every order once, newest first, each as its entry: its bill is read apart', async () => {
    const pages = await followToEnd<Record<string, unknown>>(alice.agent, '/api/buy');
    expect(pages).toHaveLength(3);
    const shown = pages.flat();
    expect(shown.map((o) => o.number)).toEqual(await ordersInOrder(alice.user.id));
    for (const entry of shown) {
      expect(Object.keys(entry).sort()).toEqual(
        ['arrival', 'number', 'paymentMethod', 'placedAt', 'total', 'totalCents', 'units'].sort(),
      );
      expect(entry).toMatchObject({
        paymentMethod: 'paypal',
        units: 1,
        totalCents: 2999,
        total: '$29.99',
        arrival: { from: '2026-02-01', to: '2026-02-05' },
      });
    }
  });

  it('loses and repeats nothing when an order is placed and one removed between pages', async () => {
    const shopper = await signUp(t.app);
    await placeOrders(shopper.user.id, ORDER_PAGE_SIZE * 2 + 5);
    const before = await ordersInOrder(shopper.user.id);
    const removed = before[ORDER_PAGE_SIZE + 2]!;
    const pages = await followToEnd<{ number: string }>(shopper.agent, '/api/buy', async (n) => {
      if (n !== 1) return;
      await placeOrders(shopper.user.id, 1, 1000);
      await sql('DELETE FROM orders WHERE number = $1', [removed]);
    });
    const shown = pages.flat().map((o) => o.number);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).toEqual(before.filter((n) => n !== removed));
  });

  it("never shows another shopper's orders", async () => {
    const pages = await followToEnd<{ number: string }>(bob.agent, '/api/buy');
    expect(pages.flat().map((o) => o.number)).toEqual(await ordersInOrder(bob.user.id));
    expect(pages.flat()).toHaveLength(3);
  });

  it.each([
    'not a cursor!',
    Buffer.from(JSON.stringify(['2026-13-01 00:00:00+00', 1])).toString('base64url'),
    Buffer.from(JSON.stringify({ at: 'x' })).toString('base64url'),
  ])('refuses a cursor it did not give with 400: %s', async (cursor) => {
    const res = await alice.agent.get(pageUrl('/api/buy', cursor));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('cursor');
  });
});

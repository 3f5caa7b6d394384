import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, signUp, type TestApp } from '../../test/test-app';

let t: TestApp;
let stocked: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  // Pieces with plenty of stock, kept for this file's own use.
  const rows = await t.db.database.sql.query<{ id: number }>(
    'SELECT id FROM items WHERE stock >= 9 ORDER BY id LIMIT 12',
  );
  stocked = rows.map((r) => r.id);
  await t.db.database.sql.query('UPDATE items SET stock = 20 WHERE id = ANY($1::int[])', [stocked]);
});
afterAll(() => t.close());

const sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) =>
  t.db.database.sql.query<T>(text, params);

async function cartRows(userId: number) {
  return sql<{ item_id: number; quantity: number }>(
    'SELECT item_id, quantity FROM cart_lines WHERE user_id = $1 ORDER BY item_id',
    [userId],
  );
}

const ARRIVES = /^Arrives: [A-Z][a-z]{2} \d{1,2}-([A-Z][a-z]{2} )?\d{1,2}$/;

describe('GET /api/cart', () => {
  it('is 401 for a visitor', async () => {
    expect((await new Agent(t.app).get('/api/cart')).statusCode).toBe(401);
  });

  it('starts empty: nothing to pay and no shipping fee', async () => {
    const { agent } = await signUp(t.app);
    const res = await agent.get('/api/cart');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      lines: [],
      units: 0,
      subtotalCents: 0,
      subtotal: '$0.00',
      shippingCents: 0,
      shipping: '$0.00',
      totalCents: 0,
      total: '$0.00',
    });
    expect(res.json().arrival.text).toMatch(ARRIVES);
  });

  it('sums prices of $1,000 and more with mixed quantities to the cent', async () => {
    const { agent } = await signUp(t.app);
    const [a, b, c] = stocked;
    await sql('UPDATE items SET price_cents = $2 WHERE id = $1', [a, 123_456]);
    await sql('UPDATE items SET price_cents = $2 WHERE id = $1', [b, 99_999]);
    await sql('UPDATE items SET price_cents = $2 WHERE id = $1', [c, 1]);
    expect((await agent.post('/api/cart', { itemId: a, quantity: 3 })).statusCode).toBe(200);
    expect((await agent.post('/api/cart', { itemId: b, quantity: 2 })).statusCode).toBe(200);
    const res = await agent.post('/api/cart', { itemId: c, quantity: 9 });
    expect(res.statusCode).toBe(200);
    const cart = res.json();
    expect(cart.lines.map((l: { itemId: number }) => l.itemId)).toEqual([a, b, c]);
    expect(cart.lines[0]).toMatchObject({
      itemId: a,
      quantity: 3,
      unitPriceCents: 123_456,
      unitPrice: '$1,234.56',
      lineTotalCents: 370_368,
      lineTotal: '$3,703.68',
    });
    expect(cart.lines[1]).toMatchObject({ lineTotalCents: 199_998, lineTotal: '$1,999.98' });
    expect(cart.lines[2]).toMatchObject({ lineTotalCents: 9, lineTotal: '$0.09' });
    expect(cart).toMatchObject({
      units: 14,
      subtotalCents: 570_375,
      subtotal: '$5,703.75',
      shippingCents: 1999,
      shipping: '$19.99',
      totalCents: 572_374,
      total: '$5,723.74',
    });
    for (const key of ['name', 'img', 'color', 'size']) expect(cart.lines[0][key]).toBeTruthy();
    expect((await agent.get('/api/cart')).json()).toEqual(cart);
  });

  it("never shows another shopper's cart", async () => {
    const one = await signUp(t.app);
    const two = await signUp(t.app);
    await one.agent.post('/api/cart', { itemId: stocked[3] });
    expect((await two.agent.get('/api/cart')).json().lines).toEqual([]);
  });
});

describe('POST /api/cart', () => {
  it('adds 1 by default, adds to a line already there, and stops at 9', async () => {
    const { agent, user } = await signUp(t.app);
    const id = stocked[4]!;
    expect((await agent.post('/api/cart', { itemId: id })).json().units).toBe(1);
    expect((await agent.post('/api/cart', { itemId: id, quantity: 3 })).json().units).toBe(4);
    const capped = await agent.post('/api/cart', { itemId: id, quantity: 8 });
    expect(capped.statusCode).toBe(200);
    expect(capped.json().lines).toHaveLength(1);
    expect(capped.json().lines[0].quantity).toBe(9);
    expect(await cartRows(user.id)).toEqual([{ item_id: id, quantity: 9 }]);
  });

  it('answers the cart as a fresh read gives it, after adding to an older line too', async () => {
    const { agent } = await signUp(t.app);
    const [a, b, c] = stocked.slice(5, 8);
    await agent.post('/api/cart', { itemId: a, quantity: 1 });
    await agent.post('/api/cart', { itemId: b, quantity: 2 });
    await agent.post('/api/cart', { itemId: c, quantity: 1 });
    const res = await agent.post('/api/cart', { itemId: a, quantity: 2 });
    expect(res.statusCode).toBe(200);
    const cart = res.json();
    expect(
      cart.lines.map((l: { itemId: number; quantity: number }) => [l.itemId, l.quantity]),
    ).toEqual([
      [a, 3],
      [b, 2],
      [c, 1],
    ]);
    expect(cart.units).toBe(6);
    expect((await agent.get('/api/cart')).json()).toEqual(cart);
  });

  it('is 404 for an unknown piece and changes nothing', async () => {
    const { agent, user } = await signUp(t.app);
    const res = await agent.post('/api/cart', { itemId: 2_000_000 });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(await cartRows(user.id)).toEqual([]);
  });

  it('is 409 naming the piece when it is sold out or stock is short, and changes nothing', async () => {
    const { agent, user } = await signUp(t.app);
    const [soldOut, scarce] = [stocked[5]!, stocked[6]!];
    await sql('UPDATE items SET stock = 0 WHERE id = $1', [soldOut]);
    await sql('UPDATE items SET stock = 2 WHERE id = $1', [scarce]);
    const [{ name }] = (await sql<{ name: string }>('SELECT name FROM items WHERE id = $1', [
      soldOut,
    ])) as [{ name: string }];

    const none = await agent.post('/api/cart', { itemId: soldOut });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toContain(name);
    expect(none.json().error.message).toMatch(/sold out/);

    expect((await agent.post('/api/cart', { itemId: scarce, quantity: 2 })).statusCode).toBe(200);
    const more = await agent.post('/api/cart', { itemId: scarce });
    expect(more.statusCode).toBe(409);
    expect(more.json().error.message).toMatch(/Only 2 of .* are left/);
    expect(await cartRows(user.id)).toEqual([{ item_id: scarce, quantity: 2 }]);
    await sql('UPDATE items SET stock = 20 WHERE id = ANY($1::int[])', [[soldOut, scarce]]);
  });

  it('never takes a line past the stock, even with adds at the same moment', async () => {
    const { agent, user } = await signUp(t.app);
    const id = stocked[7]!;
    await sql('UPDATE items SET stock = 3 WHERE id = $1', [id]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => agent.post('/api/cart', { itemId: id })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().error.message).toMatch(/Only 3 of .* are left/);
    }
    expect(await cartRows(user.id)).toEqual([{ item_id: id, quantity: 3 }]);
    await sql('UPDATE items SET stock = 20 WHERE id = $1', [id]);
  });

  it('holds at most 50 different pieces: a 51st is 409 and changes nothing, more of one is fine', async () => {
    const { agent, user } = await signUp(t.app);
    const rows = await sql<{ id: number }>(
      'SELECT id FROM items WHERE stock >= 2 ORDER BY id DESC LIMIT 51',
    );
    const ids = rows.map((r) => r.id);
    await sql(
      'INSERT INTO cart_lines (user_id, item_id, quantity) SELECT $1, unnest($2::int[]), 1',
      [user.id, ids.slice(0, 50)],
    );
    const full = await agent.post('/api/cart', { itemId: ids[50] });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe('Your cart can hold up to 50 different pieces.');
    expect(await cartRows(user.id)).toHaveLength(50);

    const more = await agent.post('/api/cart', { itemId: ids[0] });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json().lines).toHaveLength(50);
    expect(more.json().units).toBe(51);
  });

  it.each([
    ['itemId', {}],
    ['itemId', { itemId: 'abc' }],
    ['itemId', { itemId: -1 }],
    ['itemId', { itemId: 1.5 }],
    ['quantity', { itemId: 1, quantity: 0 }],
    ['quantity', { itemId: 1, quantity: 10 }],
    ['quantity', { itemId: 1, quantity: 2.5 }],
    ['quantity', { itemId: 1, quantity: 'many' }],
  ])('rejects a bad %s with 400 naming it, changing nothing (case %#)', async (field, payload) => {
    const { agent, user } = await signUp(t.app);
    const res = await agent.post('/api/cart', payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
    expect(await cartRows(user.id)).toEqual([]);
  });

  it('is 401 for a visitor', async () => {
    expect((await new Agent(t.app).post('/api/cart', { itemId: stocked[0] })).statusCode).toBe(401);
  });
});

describe('PUT /api/cart/{itemId}', () => {
  it('sets the quantity of a line', async () => {
    const { agent } = await signUp(t.app);
    const id = stocked[7]!;
    await agent.post('/api/cart', { itemId: id, quantity: 5 });
    const res = await agent.put(`/api/cart/${id}`, { quantity: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().lines[0].quantity).toBe(2);
    expect(res.json().units).toBe(2);
  });

  it('is 404 for a piece not in the cart, 409 beyond stock, 400 out of range', async () => {
    const { agent, user } = await signUp(t.app);
    const id = stocked[8]!;
    expect((await agent.put(`/api/cart/${id}`, { quantity: 2 })).statusCode).toBe(404);
    await agent.post('/api/cart', { itemId: id });
    await sql('UPDATE items SET stock = 3 WHERE id = $1', [id]);
    expect((await agent.put(`/api/cart/${id}`, { quantity: 4 })).statusCode).toBe(409);
    expect((await agent.put(`/api/cart/${id}`, { quantity: 0 })).statusCode).toBe(400);
    expect((await agent.put(`/api/cart/${id}`, { quantity: 10 })).statusCode).toBe(400);
    expect((await agent.put('/api/cart/abc', { quantity: 1 })).statusCode).toBe(400);
    expect(await cartRows(user.id)).toEqual([{ item_id: id, quantity: 1 }]);
    await sql('UPDATE items SET stock = 20 WHERE id = $1', [id]);
  });

  it("cannot change another shopper's line", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const id = stocked[9]!;
    await owner.agent.post('/api/cart', { itemId: id, quantity: 2 });
    expect((await other.agent.put(`/api/cart/${id}`, { quantity: 7 })).statusCode).toBe(404);
    expect(await cartRows(owner.user.id)).toEqual([{ item_id: id, quantity: 2 }]);
    expect(await cartRows(other.user.id)).toEqual([]);
  });
});

describe('POST /api/cart/outfit', () => {
  async function outfitWithStock(min: number) {
    const rows = await sql<{ outfit_id: number; items: number[] }>(
      `SELECT oi.outfit_id, array_agg(oi.item_id ORDER BY oi.item_id) AS items
         FROM outfit_items oi JOIN items i ON i.id = oi.item_id
        GROUP BY oi.outfit_id HAVING min(i.stock) >= $1
        ORDER BY oi.outfit_id LIMIT 1`,
      [min],
    );
    return rows[0]!;
  }

  it("adds the outfit's five pieces, one more of each every time", async () => {
    const { agent } = await signUp(t.app);
    const outfit = await outfitWithStock(3);
    const first = await agent.post('/api/cart/outfit', { outfitId: outfit.outfit_id });
    expect(first.statusCode).toBe(200);
    const ids = first
      .json()
      .lines.map((l: { itemId: number }) => l.itemId)
      .sort((a: number, b: number) => a - b);
    expect(ids).toEqual(outfit.items);
    expect(first.json().units).toBe(5);
    const again = await agent.post('/api/cart/outfit', { outfitId: outfit.outfit_id });
    expect(again.json().units).toBe(10);
    expect(again.json().lines.map((l: { quantity: number }) => l.quantity)).toEqual([
      2, 2, 2, 2, 2,
    ]);
  });

  it('adds nothing when a piece is sold out (409) or the outfit is unknown (404)', async () => {
    const { agent, user } = await signUp(t.app);
    const outfit = await outfitWithStock(1);
    const last = outfit.items[outfit.items.length - 1]!;
    const [{ stock }] = (await sql<{ stock: number }>('SELECT stock FROM items WHERE id = $1', [
      last,
    ])) as [{ stock: number }];
    await sql('UPDATE items SET stock = 0 WHERE id = $1', [last]);
    const res = await agent.post('/api/cart/outfit', { outfitId: outfit.outfit_id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/sold out/);
    expect(await cartRows(user.id)).toEqual([]);
    await sql('UPDATE items SET stock = $2 WHERE id = $1', [last, stock]);

    expect((await agent.post('/api/cart/outfit', { outfitId: 999_999 })).statusCode).toBe(404);
    expect((await agent.post('/api/cart/outfit', { outfitId: 'x' })).statusCode).toBe(400);
    expect(await cartRows(user.id)).toEqual([]);
  });
});

describe('DELETE /api/cart/{itemId} and DELETE /api/buy', () => {
  it('removes one piece, then 404 when it is no longer there', async () => {
    const { agent, user } = await signUp(t.app);
    const [a, b] = [stocked[10]!, stocked[11]!];
    await agent.post('/api/cart', { itemId: a });
    await agent.post('/api/cart', { itemId: b, quantity: 2 });
    const res = await agent.delete(`/api/cart/${a}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().lines.map((l: { itemId: number }) => l.itemId)).toEqual([b]);
    expect((await agent.delete(`/api/cart/${a}`)).statusCode).toBe(404);
    expect(await cartRows(user.id)).toEqual([{ item_id: b, quantity: 2 }]);
  });

  it("cannot remove from another shopper's cart", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const id = stocked[10]!;
    await owner.agent.post('/api/cart', { itemId: id });
    expect((await other.agent.delete(`/api/cart/${id}`)).statusCode).toBe(404);
    expect(await cartRows(owner.user.id)).toEqual([{ item_id: id, quantity: 1 }]);
  });

  it("empties the shopper's own cart and no one else's", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    await owner.agent.post('/api/cart', { itemId: stocked[0] });
    await owner.agent.post('/api/cart', { itemId: stocked[1] });
    await other.agent.post('/api/cart', { itemId: stocked[2] });
    const res = await owner.agent.delete('/api/buy');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lines: [], units: 0, totalCents: 0, shippingCents: 0 });
    expect(await cartRows(owner.user.id)).toEqual([]);
    expect(await cartRows(other.user.id)).toHaveLength(1);
  });
});

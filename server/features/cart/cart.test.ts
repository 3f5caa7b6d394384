import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG, pgCode } from '../../lib/errors';
import { testDriver } from '../../test/databases';
import { blockedBy } from '../../test/lock-waits';
import { Agent, createTestApp, signUp, type TestApp, withStock } from '../../test/test-app';
import * as repo from './cart.repository';

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

/**
 * PostgreSQL only: runs `statements` in a transaction on a connection of its own, starts `write`
 * on the pool, commits once `write` waits for a lock the transaction holds, and gives what
 * `write` returned, or the SQLSTATE it failed with.
 */
async function writeAgainstHeld(
  statements: [string, unknown[]][],
  write: () => Promise<unknown>,
): Promise<unknown> {
  const { database } = t.db;
  return database.withConnection(async (held) => {
    await held.exec('BEGIN');
    for (const [text, params] of statements) await held.query(text, params);
    const outcome = write().then(
      (result) => result,
      (error: unknown) => pgCode(error) ?? error,
    );
    await blockedBy(database.sql, held, 'the write never waited for the held lock');
    await held.exec('COMMIT');
    return outcome;
  });
}

/**
 * PostgreSQL only: a cart of `lines`, and another add of a new piece, as the add's statement
 * makes it (after taking the line of `gone` away, when given), not yet committed while `write`
 * runs; what `write` answered.
 */
async function addAgainstNewLine(
  userId: number,
  lines: number[],
  newPiece: number,
  write: () => Promise<Awaited<ReturnType<Agent['post']>>>,
  gone?: number,
) {
  await sql('INSERT INTO cart_lines (user_id, item_id, quantity) SELECT $1, unnest($2::int[]), 1', [
    userId,
    lines,
  ]);
  const taken: [string, unknown[]][] =
    gone === undefined
      ? []
      : [['DELETE FROM cart_lines WHERE user_id = $1 AND item_id = $2', [userId, gone]]];
  return (await writeAgainstHeld(
    [
      ...taken,
      ['SELECT cart_has_room($1, ARRAY[$2::int], 50)', [userId, newPiece]],
      [
        'INSERT INTO cart_lines (user_id, item_id, quantity) VALUES ($1, $2, 1)',
        [userId, newPiece],
      ],
    ],
    write,
  )) as Awaited<ReturnType<Agent['post']>>;
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

  it.runIf(testDriver() === 'postgres')(
    'counts the room after a new piece added at the same moment: the 50th line goes in, the 51st is 409 (PostgreSQL: two connections)',
    async () => {
      const { agent, user } = await signUp(t.app);
      const rows = await sql<{ id: number }>(
        'SELECT id FROM items WHERE stock >= 2 ORDER BY id DESC LIMIT 51',
      );
      const ids = rows.map((r) => r.id);
      // The 50th line goes in meanwhile.
      const answer = await addAgainstNewLine(user.id, ids.slice(0, 49), ids[49]!, () =>
        agent.post('/api/cart', { itemId: ids[50] }),
      );
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.message).toBe('Your cart can hold up to 50 different pieces.');
      expect(await cartRows(user.id)).toHaveLength(50);
    },
  );

  it.runIf(testDriver() === 'postgres')(
    'counts a line taken away meanwhile as new: more of it on a cart filled again to 50 is 409 (PostgreSQL: two connections)',
    async () => {
      const { agent, user } = await signUp(t.app);
      const ids = (
        await sql<{ id: number }>('SELECT id FROM items WHERE stock >= 2 ORDER BY id DESC LIMIT 51')
      ).map((r) => r.id);
      // The first line goes (a checkout, a removal) and a new piece takes its place, not yet
      // committed while one more of the first piece is asked for.
      const answer = await addAgainstNewLine(
        user.id,
        ids.slice(0, 50),
        ids[50]!,
        () => agent.post('/api/cart', { itemId: ids[0] }),
        ids[0],
      );
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.message).toBe('Your cart can hold up to 50 different pieces.');
      expect(await cartRows(user.id)).toHaveLength(50);
    },
  );

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
    const over = await agent.put(`/api/cart/${id}`, { quantity: 4 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toMatch(/^Only 3 of .+ are left\.$/);
    await sql('UPDATE items SET stock = 0 WHERE id = $1', [id]);
    const soldOut = await agent.put(`/api/cart/${id}`, { quantity: 1 });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().error.message).toMatch(/ is sold out\.$/);
    await sql('UPDATE items SET stock = 3 WHERE id = $1', [id]);
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

type PieceRow = { slot: string; item_id: number; product_id: number; size: string };

/** An outfit whose five products each come in a second size with stock, and its pieces. */
async function outfitWithChoices() {
  const rows = await sql<{ outfit_id: number }>(
    `SELECT oi.outfit_id FROM outfit_items oi JOIN items i ON i.id = oi.item_id
      GROUP BY oi.outfit_id
     HAVING bool_and(i.stock >= 3 AND EXISTS (
              SELECT 1 FROM items o WHERE o.product_id = i.product_id AND o.color = i.color
                 AND o.size <> i.size AND o.stock >= 3)
              OR i.size = 'One Size' AND i.stock >= 3)
      ORDER BY oi.outfit_id LIMIT 1`,
  );
  const outfitId = rows[0]!.outfit_id;
  const pieces = await sql<PieceRow>(
    `SELECT oi.slot, i.id AS item_id, i.product_id, i.size FROM outfit_items oi
       JOIN items i ON i.id = oi.item_id WHERE oi.outfit_id = $1 ORDER BY i.id`,
    [outfitId],
  );
  return { outfitId, pieces };
}

/** For each piece, another size of the same colour with stock (the same item for one-size pieces). */
async function otherSizes(pieces: PieceRow[]) {
  const chosen: { itemId: number; productId: number; size: string }[] = [];
  for (const piece of pieces) {
    const [other] = await sql<{ id: number; size: string }>(
      `SELECT o.id, o.size FROM items i JOIN items o ON o.product_id = i.product_id
          AND o.color = i.color AND o.stock >= 3
        WHERE i.id = $1 ORDER BY (o.id = i.id), o.id LIMIT 1`,
      [piece.item_id],
    );
    chosen.push({ itemId: other!.id, productId: piece.product_id, size: other!.size });
  }
  return chosen;
}

describe('POST /api/cart/outfit', () => {
  it('adds the sizes the shopper chose, never the design sizes, one more each time', async () => {
    const { agent } = await signUp(t.app);
    const { outfitId, pieces } = await outfitWithChoices();
    const chosen = await otherSizes(pieces);
    // Most pieces really are another size than the outfit was designed in.
    const changed = chosen.filter((c, i) => c.itemId !== pieces[i]!.item_id);
    expect(changed.length).toBeGreaterThanOrEqual(3);
    const itemIds = chosen.map((c) => c.itemId);
    const first = await agent.post('/api/cart/outfit', { outfitId, itemIds });
    expect(first.statusCode, first.body).toBe(200);
    const lines = first.json().lines as { itemId: number; size: string; quantity: number }[];
    expect(lines.map((l) => l.itemId).sort((a, b) => a - b)).toEqual(
      [...itemIds].sort((a, b) => a - b),
    );
    for (const c of chosen) {
      expect(lines.find((l) => l.itemId === c.itemId)?.size).toBe(c.size);
    }
    const again = await agent.post('/api/cart/outfit', { outfitId, itemIds });
    expect(again.json().units).toBe(10);
    expect(again.json().lines.map((l: { quantity: number }) => l.quantity)).toEqual([
      2, 2, 2, 2, 2,
    ]);
  });

  it('takes fewer than five pieces: the ones the shopper wants', async () => {
    const { agent } = await signUp(t.app);
    const { outfitId, pieces } = await outfitWithChoices();
    const res = await agent.post('/api/cart/outfit', {
      outfitId,
      itemIds: [pieces[0]!.item_id, pieces[2]!.item_id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().units).toBe(2);
  });

  it('is 400 with nothing written for a missing size, another product, a piece twice or an unknown item', async () => {
    const { agent, user } = await signUp(t.app);
    const { outfitId, pieces } = await outfitWithChoices();
    const ids = pieces.map((p) => p.item_id);
    const [stranger] = await sql<{ id: number }>(
      'SELECT id FROM items WHERE product_id <> ALL($1::int[]) AND stock > 0 ORDER BY id LIMIT 1',
      [pieces.map((p) => p.product_id)],
    );
    const [sibling] = await sql<{ id: number }>(
      'SELECT id FROM items WHERE product_id = $1 AND id <> $2 ORDER BY id LIMIT 1',
      [pieces[0]!.product_id, ids[0]],
    );
    const bodies: object[] = [
      { outfitId },
      { outfitId, itemIds: [] },
      { outfitId, itemIds: [...ids.slice(0, 4), stranger!.id] },
      { outfitId, itemIds: [ids[0], sibling!.id] },
      { outfitId, itemIds: [ids[0], ids[0]] },
      { outfitId, itemIds: [...ids.slice(0, 4), 999_999] },
      { outfitId, itemIds: [...ids, ids[0]] },
      { outfitId, itemIds: ids.map(String) },
    ];
    for (const body of bodies) {
      const res = await agent.post('/api/cart/outfit', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    expect(await cartRows(user.id)).toEqual([]);
  });

  it('adds nothing when a chosen piece is sold out (409) or the outfit is unknown (404)', async () => {
    const { agent, user } = await signUp(t.app);
    const { outfitId, pieces } = await outfitWithChoices();
    const chosen = (await otherSizes(pieces)).map((c) => c.itemId);
    const last = chosen[chosen.length - 1]!;
    const [{ stock }] = (await sql<{ stock: number }>('SELECT stock FROM items WHERE id = $1', [
      last,
    ])) as [{ stock: number }];
    await sql('UPDATE items SET stock = 0 WHERE id = $1', [last]);
    const res = await agent.post('/api/cart/outfit', { outfitId, itemIds: chosen });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/sold out/);
    expect(await cartRows(user.id)).toEqual([]);
    await sql('UPDATE items SET stock = $2 WHERE id = $1', [last, stock]);

    const unknown = await agent.post('/api/cart/outfit', { outfitId: 999_999, itemIds: chosen });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await agent.post('/api/cart/outfit', { outfitId: 'x', itemIds: chosen })).statusCode,
    ).toBe(400);
    expect(await cartRows(user.id)).toEqual([]);
  });
});

describe('POST /api/cart/outfit, room and races', () => {
  it('is 409 with nothing written when the new lines would pass 50; lines held already count once', async () => {
    const { agent, user } = await signUp(t.app);
    const { outfitId, pieces } = await outfitWithChoices();
    const ids = pieces.map((p) => p.item_id);
    const fillers = await sql<{ id: number }>(
      'SELECT id FROM items WHERE id <> ALL($1::int[]) ORDER BY id DESC LIMIT 46',
      [ids],
    );
    await sql(
      'INSERT INTO cart_lines (user_id, item_id, quantity) SELECT $1, unnest($2::int[]), 1',
      [user.id, fillers.map((f) => f.id)],
    );
    // 46 lines and five new ones: one too many.
    const full = await agent.post('/api/cart/outfit', { outfitId, itemIds: ids });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe('Your cart can hold up to 50 different pieces.');
    expect(await cartRows(user.id)).toHaveLength(46);
    // A filler gives way to one of the pieces: 46 lines again, and the five make 50.
    await sql('DELETE FROM cart_lines WHERE user_id = $1 AND item_id = $2', [
      user.id,
      fillers[0]!.id,
    ]);
    await agent.post('/api/cart', { itemId: ids[0] });
    const fits = await agent.post('/api/cart/outfit', { outfitId, itemIds: ids });
    expect(fits.statusCode, fits.body).toBe(200);
    expect(await cartRows(user.id)).toHaveLength(50);
    expect((await cartRows(user.id)).find((l) => l.item_id === ids[0])?.quantity).toBe(2);
  });

  it.runIf(testDriver() === 'postgres')(
    'counts the room after a new piece added at the same moment: five new lines on 46 are 409 (PostgreSQL: two connections)',
    async () => {
      const { agent, user } = await signUp(t.app);
      const { outfitId, pieces } = await outfitWithChoices();
      const ids = pieces.map((p) => p.item_id);
      const fillers = (
        await sql<{ id: number }>(
          'SELECT id FROM items WHERE id <> ALL($1::int[]) AND stock > 0 ORDER BY id DESC LIMIT 46',
          [ids],
        )
      ).map((f) => f.id);
      // The 46th line, added meanwhile: 45 + 5 would have fit.
      const answer = await addAgainstNewLine(user.id, fillers.slice(0, 45), fillers[45]!, () =>
        agent.post('/api/cart/outfit', { outfitId, itemIds: ids }),
      );
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.message).toBe('Your cart can hold up to 50 different pieces.');
      expect(await cartRows(user.id)).toHaveLength(46);
    },
  );

  it('writes none of the pieces when one fell short of stock or room after the read', async () => {
    const { user } = await signUp(t.app);
    const { outfitId, pieces } = await outfitWithChoices();
    const ids = pieces.map((p) => p.item_id);
    const client = t.db.database.sql;
    await sql('INSERT INTO cart_lines (user_id, item_id, quantity) VALUES ($1, $2, 2)', [
      user.id,
      ids[4],
    ]);
    await withStock(t.db.database, ids[4]!, 2, async () => {
      expect((await repo.addOneOfEach(client, user.id, outfitId, ids, 50)).outcome).toBe(false);
    });
    expect(await cartRows(user.id)).toEqual([{ item_id: ids[4], quantity: 2 }]);
    // Room for four new lines, not five: the statement counts the line held already once.
    expect((await repo.addOneOfEach(client, user.id, outfitId, ids, 4)).outcome).toBe(false);
    expect(await cartRows(user.id)).toHaveLength(1);
    expect((await repo.addOneOfEach(client, user.id, outfitId, ids, 5)).outcome).toBe(true);
    expect(await cartRows(user.id)).toHaveLength(5);
  });

  it('writes nothing unless every id is a different piece of the outfit', async () => {
    const { user } = await signUp(t.app);
    const { outfitId, pieces } = await outfitWithChoices();
    const ids = pieces.map((p) => p.item_id);
    const [stranger] = await sql<{ id: number }>(
      `SELECT i.id FROM items i WHERE i.stock > 0 AND i.product_id <> ALL($1::int[])
        ORDER BY i.id LIMIT 1`,
      [pieces.map((p) => p.product_id)],
    );
    const [twin] = await otherSizes(pieces);
    const client = t.db.database.sql;
    const refused = [
      { outfitId, itemIds: [...ids.slice(0, 4), stranger!.id] },
      { outfitId, itemIds: [...ids, twin!.itemId] },
      { outfitId, itemIds: [...ids.slice(0, 4), 2_000_000_000] },
      { outfitId: 2_000_000_000, itemIds: ids },
    ];
    for (const wrong of refused) {
      expect(
        (await repo.addOneOfEach(client, user.id, wrong.outfitId, wrong.itemIds, 50)).outcome,
      ).toBe(false);
    }
    expect(await cartRows(user.id)).toEqual([]);
    expect((await repo.addOneOfEach(client, user.id, outfitId, ids.slice(1), 50)).outcome).toBe(
      true,
    );
    expect(await cartRows(user.id)).toHaveLength(4);
  });

  it.runIf(testDriver() === 'postgres')(
    'writes none of the pieces when an add takes a line to its stock while it waits (PostgreSQL: two connections)',
    async () => {
      const { user } = await signUp(t.app);
      const { outfitId, pieces } = await outfitWithChoices();
      const ids = pieces.map((p) => p.item_id);
      await sql('INSERT INTO cart_lines (user_id, item_id, quantity) VALUES ($1, $2, 1)', [
        user.id,
        ids[0],
      ]);
      const outcome = await withStock(t.db.database, ids[0]!, 3, () =>
        writeAgainstHeld(
          [
            [
              'UPDATE cart_lines SET quantity = 3 WHERE user_id = $1 AND item_id = $2',
              [user.id, ids[0]],
            ],
          ],
          () => repo.addOneOfEach(t.db.database.sql, user.id, outfitId, ids, 50),
        ),
      );
      expect(outcome).toBe(PG.notNullViolation);
      expect(await cartRows(user.id)).toEqual([{ item_id: ids[0], quantity: 3 }]);
    },
  );
});

describe('GET /api/cart/outfit/{outfitId}', () => {
  it("offers the five pieces with every size, remembering this shopper's sizes, not the design's", async () => {
    const { agent } = await signUp(t.app);
    const { outfitId, pieces } = await outfitWithChoices();
    const fresh = await agent.get(`/api/cart/outfit/${outfitId}`);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const look = fresh.json() as {
      pieces: {
        slot: string;
        itemId: number;
        product: { id: number; sizes: string[]; rememberedSize: string | null };
      }[];
    };
    expect(look.pieces.map((p) => p.slot)).toEqual([
      'outerwear',
      'top',
      'accessory',
      'bottom',
      'footwear',
    ]);
    // Each piece is the item the outfit was designed with, beside its own product.
    const designed = await sql<{ item_id: number; product_id: number }>(
      `SELECT oi.item_id, i.product_id FROM outfit_items oi JOIN items i ON i.id = oi.item_id
        WHERE oi.outfit_id = $1
        ORDER BY array_position(ARRAY['outerwear','top','accessory','bottom','footwear'], oi.slot::text)`,
      [outfitId],
    );
    expect(look.pieces.map((p) => [p.itemId, p.product.id])).toEqual(
      designed.map((d) => [d.item_id, d.product_id]),
    );
    // Hearts are the product sheet's (`GET /api/item/{itemId}/product`); the look reads none.
    expect(look.pieces.filter((p) => 'heartedItemIds' in p.product)).toEqual([]);
    // A new shopper has chosen nothing: only a one-size piece has a size to offer.
    for (const piece of look.pieces) {
      expect(piece.product.rememberedSize).toBe(
        piece.product.sizes.length === 1 ? piece.product.sizes[0] : null,
      );
    }

    // Sizes the shopper chose for other products of the same categories are offered first.
    const chosen = await otherSizes(pieces);
    for (const c of chosen) {
      const [other] = await sql<{ id: number }>(
        `SELECT o.id FROM items i JOIN items o ON o.category_id = i.category_id
            AND o.product_id <> i.product_id AND o.size = $2 AND o.stock > 0
          WHERE i.id = $1 ORDER BY o.id LIMIT 1`,
        [c.itemId, c.size],
      );
      if (other) expect((await agent.post('/api/cart', { itemId: other.id })).statusCode).toBe(200);
    }
    const later = (await agent.get(`/api/cart/outfit/${outfitId}`)).json() as typeof look;
    let remembered = 0;
    for (const piece of later.pieces) {
      const c = chosen.find((x) => x.productId === piece.product.id)!;
      if (piece.product.sizes.length > 1 && piece.product.rememberedSize !== null) {
        expect(piece.product.rememberedSize).toBe(c.size);
        remembered += 1;
      }
    }
    expect(remembered).toBeGreaterThanOrEqual(3);
  });

  it('is 404 for an unknown outfit, 400 for a bad id, 401 for a visitor', async () => {
    const { agent } = await signUp(t.app);
    expect((await agent.get('/api/cart/outfit/999999')).statusCode).toBe(404);
    expect((await agent.get('/api/cart/outfit/abc')).statusCode).toBe(400);
    expect((await new Agent(t.app).get('/api/cart/outfit/1')).statusCode).toBe(401);
  });
});

/** An item in stock with another size of its colour and another colour of its size in stock. */
async function itemWithSiblings() {
  const [row] = await sql<{ id: number; other_size: string; other_color: string; size: string }>(
    `SELECT i.id, i.size, s.size AS other_size, c.color AS other_color FROM items i
       JOIN LATERAL (SELECT size FROM items o WHERE o.product_id = i.product_id
                        AND o.color = i.color AND o.size <> i.size AND o.stock >= 9
                      ORDER BY o.id LIMIT 1) s ON true
       JOIN LATERAL (SELECT color FROM items o WHERE o.product_id = i.product_id
                        AND o.size = i.size AND o.color <> i.color AND o.stock >= 9
                      ORDER BY o.id LIMIT 1) c ON true
      WHERE i.stock >= 9 ORDER BY i.id LIMIT 1`,
  );
  return row!;
}

/** The item of the same product and colour in the other size. */
async function otherSizeId(item: { id: number; other_size: string }) {
  const [target] = await sql<{ id: number }>(
    `SELECT id FROM items WHERE product_id = (SELECT product_id FROM items WHERE id = $1)
        AND color = (SELECT color FROM items WHERE id = $1) AND size = $2`,
    [item.id, item.other_size],
  );
  return target!.id;
}

const patch = (agent: Agent, itemId: number, payload: object) =>
  agent.request({ method: 'PATCH', url: `/api/cart/${itemId}`, payload });

describe('PATCH /api/cart/{itemId}', () => {
  it('moves a line to another size, then another colour, keeping its quantity', async () => {
    const { agent, user } = await signUp(t.app);
    const item = await itemWithSiblings();
    await agent.post('/api/cart', { itemId: item.id, quantity: 2 });
    const resized = await patch(agent, item.id, { size: item.other_size });
    expect(resized.statusCode, resized.body).toBe(200);
    const [line] = resized.json().lines;
    expect(line).toMatchObject({ size: item.other_size, quantity: 2 });
    expect(line.itemId).not.toBe(item.id);
    // Colour and size at once: the other colour is made in the first size.
    const recoloured = await patch(agent, line.itemId, {
      color: item.other_color,
      size: item.size,
    });
    expect(recoloured.statusCode, recoloured.body).toBe(200);
    expect(recoloured.json().lines).toHaveLength(1);
    expect(recoloured.json().lines[0]).toMatchObject({
      color: item.other_color,
      size: item.size,
      quantity: 2,
    });
    expect(await cartRows(user.id)).toEqual([
      { item_id: recoloured.json().lines[0].itemId, quantity: 2 },
    ]);
  });

  it("answers the cart unchanged for the line's own colour and size, in any case", async () => {
    const { agent, user } = await signUp(t.app);
    const item = await itemWithSiblings();
    const added = await agent.post('/api/cart', { itemId: item.id, quantity: 2 });
    const same = await patch(agent, item.id, { size: item.size.toLowerCase() });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual(added.json());
    expect(await cartRows(user.id)).toEqual([{ item_id: item.id, quantity: 2 }]);
  });

  it.each([
    { first: 2, second: 3, merged: 5 },
    { first: 6, second: 7, merged: 9 },
  ])(
    'merges $first and $second of a variant into one line of $merged (9 at most)',
    async ({ first, second, merged }) => {
      const { agent, user } = await signUp(t.app);
      const item = await itemWithSiblings();
      await agent.post('/api/cart', { itemId: item.id, quantity: first });
      const other = (await patch(agent, item.id, { size: item.other_size })).json().lines[0].itemId;
      await agent.post('/api/cart', { itemId: item.id, quantity: second });
      const res = await patch(agent, item.id, { size: item.other_size });
      expect(res.statusCode, res.body).toBe(200);
      expect(await cartRows(user.id)).toEqual([{ item_id: other, quantity: merged }]);
    },
  );

  it('writes only what still holds when the cart or the stock changed after the read', async () => {
    const { agent, user } = await signUp(t.app);
    const item = await itemWithSiblings();
    const to = await otherSizeId(item);
    const client = t.db.database.sql;
    await agent.post('/api/cart', { itemId: item.id, quantity: 4 });
    // A move, as the service decided it, after the variant's stock fell under the line.
    await withStock(t.db.database, to, 3, async () => {
      const move = repo.moveLineToVariant(client, user.id, item.id, { size: item.other_size });
      expect((await move).outcome).toBe(false);
    });
    expect(await cartRows(user.id)).toEqual([{ item_id: item.id, quantity: 4 }]);
    // A merge adds the lines as they stand and checks the stock against that.
    await sql('INSERT INTO cart_lines (user_id, item_id, quantity) VALUES ($1, $2, 2)', [
      user.id,
      to,
    ]);
    await sql('UPDATE cart_lines SET quantity = 5 WHERE user_id = $1 AND item_id = $2', [
      user.id,
      item.id,
    ]);
    await withStock(t.db.database, to, 6, async () => {
      expect((await repo.mergeLine(client, user.id, item.id, to)).outcome).toBe(false);
    });
    expect(await cartRows(user.id)).toEqual(
      [
        { item_id: item.id, quantity: 5 },
        { item_id: to, quantity: 2 },
      ].sort((a, b) => a.item_id - b.item_id),
    );
    // A line that went meanwhile folds nothing into the other.
    await sql('DELETE FROM cart_lines WHERE user_id = $1 AND item_id = $2', [user.id, item.id]);
    expect((await repo.mergeLine(client, user.id, item.id, to)).outcome).toBe(false);
    expect(await cartRows(user.id)).toEqual([{ item_id: to, quantity: 2 }]);
  });

  it.runIf(testDriver() === 'postgres')(
    'folds a line once when the same fold commits while it waits (PostgreSQL: two connections)',
    async () => {
      const { user } = await signUp(t.app);
      const item = await itemWithSiblings();
      const to = await otherSizeId(item);
      await sql(
        'INSERT INTO cart_lines (user_id, item_id, quantity) VALUES ($1, $2, 2), ($1, $3, 3)',
        [user.id, item.id, to],
      );
      // The other fold (a second click) has merged 2 into 3 and taken the line away.
      const outcome = await writeAgainstHeld(
        [
          ['UPDATE cart_lines SET quantity = 5 WHERE user_id = $1 AND item_id = $2', [user.id, to]],
          ['DELETE FROM cart_lines WHERE user_id = $1 AND item_id = $2', [user.id, item.id]],
        ],
        async () => (await repo.mergeLine(t.db.database.sql, user.id, item.id, to)).outcome,
      );
      expect(outcome).toBe(false);
      expect(await cartRows(user.id)).toEqual([{ item_id: to, quantity: 5 }]);
    },
  );

  it('is 409 with nothing changed when the variant is not made or short of stock', async () => {
    const { agent, user } = await signUp(t.app);
    const item = await itemWithSiblings();
    await agent.post('/api/cart', { itemId: item.id, quantity: 4 });
    const missing = await patch(agent, item.id, { size: 'XXXL' });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error.message).toMatch(/not made in/);
    expect((await patch(agent, item.id, { color: 'Plaid' })).statusCode).toBe(409);
    await withStock(t.db.database, await otherSizeId(item), 3, async () => {
      const short = await patch(agent, item.id, { size: item.other_size });
      expect(short.statusCode).toBe(409);
      expect(short.json().error.message).toMatch(/Only 3/);
    });
    expect(await cartRows(user.id)).toEqual([{ item_id: item.id, quantity: 4 }]);
  });

  it("is 400 for an empty change, 404 for a piece not in the cart or another shopper's line", async () => {
    const { agent, user } = await signUp(t.app);
    const { agent: other, user: otherUser } = await signUp(t.app);
    const item = await itemWithSiblings();
    await agent.post('/api/cart', { itemId: item.id });
    expect((await patch(agent, item.id, {})).statusCode).toBe(400);
    expect((await patch(agent, item.id, { size: '' })).statusCode).toBe(400);
    expect((await patch(agent, item.id, { size: 42 })).statusCode).toBe(400);
    expect((await patch(other, item.id, { size: item.other_size })).statusCode).toBe(404);
    expect((await patch(agent, 999_999, { size: 'M' })).statusCode).toBe(404);
    expect(await cartRows(user.id)).toEqual([{ item_id: item.id, quantity: 1 }]);
    expect(await cartRows(otherUser.id)).toEqual([]);
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

describe('every change of the cart', () => {
  it('answers with the cart as a read right after it finds it', async () => {
    const { agent } = await signUp(t.app);
    const item = await itemWithSiblings();
    const to = await otherSizeId(item);
    const { outfitId, pieces } = await outfitWithChoices();
    const look = { outfitId, itemIds: pieces.map((p) => p.item_id) };
    const cart = async () => (await agent.get('/api/cart')).json();
    const changes: [string, () => Promise<{ statusCode: number; json(): unknown }>][] = [
      ['a new line', () => agent.post('/api/cart', { itemId: stocked[3] })],
      ['a line to the end', () => agent.post('/api/cart', { itemId: item.id, quantity: 2 })],
      ['more of a line', () => agent.post('/api/cart', { itemId: stocked[3], quantity: 2 })],
      ['Purchase Outfit', () => agent.post('/api/cart/outfit', look)],
      // Every piece's line is there now: each one is added to.
      ['Purchase Outfit again', () => agent.post('/api/cart/outfit', look)],
      ['a quantity', () => agent.put(`/api/cart/${stocked[3]}`, { quantity: 5 })],
      // A move keeps the line's place; a line of the other size then folds into it.
      ['a size', () => patch(agent, item.id, { size: item.other_size })],
      ['the line back', () => agent.post('/api/cart', { itemId: item.id })],
      ['a fold', () => patch(agent, item.id, { size: item.other_size })],
      ['a line taken out', () => agent.delete(`/api/cart/${to}`)],
      ['the last lines taken out', () => agent.delete('/api/buy')],
    ];
    for (const [change, request] of changes) {
      const answer = await request();
      expect(answer.statusCode, change).toBe(200);
      expect(answer.json(), change).toEqual(await cart());
    }
    expect((await cart()).lines).toEqual([]);
  });
});

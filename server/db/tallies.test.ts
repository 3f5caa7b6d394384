import { beforeAll, describe, expect, it } from 'vitest';
import { SLOTS } from '../../contracts/catalog';
import { testDriver } from '../test/databases';
import { type Agent, appForThisFile, signUp } from '../test/test-app';

// The counts kept per shopper (0045) must equal a count of the rows they stand for, whatever
// writes those rows: one row or many, in one statement or several, checkout, an administrator's
// redesign, the cascades of a deleted item, outfit or shopper, and a truncate. Each check
// recounts every shopper's rows.

const file = appForThisFile();
const sql = file.query;
let admin: Agent;
beforeAll(async () => {
  // The template holds no accounts, so the first admin registration is allowed.
  admin = (await signUp(file.t.app, { isAdmin: true })).agent;
});

/** Each tally against its recount: the keys where they differ (a missing row counts as zero). */
const MISMATCHES = {
  favorites_by_category: `
    SELECT user_id, category_id, r.n, k.favorites
      FROM (SELECT user_id, category_id, count(*)::int AS n FROM item_favorites GROUP BY 1, 2) r
      FULL JOIN favorites_by_category k USING (user_id, category_id)
     WHERE coalesce(r.n, 0) <> coalesce(k.favorites, 0)`,
  closet_pieces_by_category: `
    SELECT user_id, category_id, r.pieces, r.units, k.pieces AS kept_pieces, k.units AS kept_units
      FROM (SELECT user_id, category_id, count(*)::int AS pieces, sum(quantity)::int AS units
              FROM closet_items GROUP BY 1, 2) r
      FULL JOIN closet_pieces_by_category k USING (user_id, category_id)
     WHERE coalesce(r.pieces, 0) <> coalesce(k.pieces, 0)
        OR coalesce(r.units, 0) <> coalesce(k.units, 0)`,
};

async function expectTallied() {
  for (const [table, query] of Object.entries(MISMATCHES)) {
    expect(await sql(query), table).toEqual([]);
  }
}

async function kept(table: string, userId: number): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`,
    [userId],
  );
  return row!.n;
}

/** An outfit's pieces, by slot order. */
async function piecesOf(outfitId: number): Promise<{ itemId: number; categoryId: number }[]> {
  return sql(
    `SELECT oi.item_id AS "itemId", i.category_id AS "categoryId"
       FROM outfit_items oi JOIN items i ON i.id = oi.item_id
      WHERE oi.outfit_id = $1 ORDER BY i.category_id`,
    [outfitId],
  );
}

async function outfitIds(): Promise<number[]> {
  return (await sql<{ id: number }>('SELECT id FROM outfits ORDER BY id')).map((r) => r.id);
}

/** Every piece of the outfits, owned by the shopper in one statement, as a bulk load writes them. */
async function ownOutfits(userId: number, outfits: number[], quantity = 1) {
  await sql(
    `INSERT INTO closet_items (user_id, item_id, product_id, quantity)
     SELECT DISTINCT $1::int, i.id, i.product_id, $3::int
       FROM outfit_items oi JOIN items i ON i.id = oi.item_id
      WHERE oi.outfit_id = ANY($2::int[])
     ON CONFLICT (user_id, item_id) DO UPDATE SET quantity = closet_items.quantity + excluded.quantity,
                                                 last_bought_at = now()`,
    [userId, outfits, quantity],
  );
}

describe('the tallies kept per shopper (0045)', () => {
  it('follow hearts, a like’s pieces written out, changes of piece and removals', async () => {
    const ann = await signUp(file.t.app);
    const ben = await signUp(file.t.app);
    const ids = await outfitIds();
    const first = await piecesOf(ids[0]!);

    // Hearts through the API, one statement each.
    for (const piece of first!) {
      const res = await ann.agent.post('/api/item/search/favorite', { itemId: piece.itemId });
      expect(res.statusCode, res.body).toBe(201);
    }
    await expectTallied();
    expect(await kept('favorites_by_category', ann.user.id)).toBe(5);

    // Rows as a like's pieces are written out, for two shoppers at once, in one statement.
    await sql(
      `INSERT INTO item_favorites (user_id, item_id, outfit_id, source)
       SELECT u, oi.item_id, oi.outfit_id, 'outfit'
         FROM unnest($1::int[]) u CROSS JOIN outfit_items oi WHERE oi.outfit_id = ANY($2::int[])`,
      [
        [ann.user.id, ben.user.id],
        [ids[1], ids[2]],
      ],
    );
    await expectTallied();

    // A piece changed to one of another category moves its count; a quantity changes nothing.
    await sql(
      `UPDATE item_favorites f
          SET item_id = (SELECT i.id FROM items i
                          WHERE i.category_id <> f.category_id
                            AND NOT EXISTS (SELECT 1 FROM item_favorites h
                                             WHERE h.user_id = f.user_id AND h.item_id = i.id)
                          ORDER BY i.id LIMIT 1)
        WHERE f.user_id = $1 AND f.item_id = $2 AND f.outfit_id IS NULL`,
      [ann.user.id, first![0]!.itemId],
    );
    await sql('UPDATE item_favorites SET quantity = 3 WHERE user_id = $1', [ben.user.id]);
    await expectTallied();

    // Unhearted through the API, then many removed in one statement.
    const unheart = await ann.agent.delete(`/api/item/search/unfavorite/${first![2]!.itemId}`);
    expect(unheart.statusCode, unheart.body).toBe(200);
    await sql('DELETE FROM item_favorites WHERE user_id = $1 AND outfit_id = $2', [
      ben.user.id,
      ids[1],
    ]);
    await expectTallied();

    // An outfit deleted takes its written-out pieces with it.
    await sql('DELETE FROM outfits WHERE id = $1', [ids[2]]);
    await expectTallied();
  });

  it('follow the closet: pieces bought, bought again, given back and changed', async () => {
    const cal = await signUp(file.t.app);
    const dee = await signUp(file.t.app);
    const ids = (await outfitIds()).slice(3, 10);
    expect(ids).toHaveLength(7);

    await ownOutfits(cal.user.id, ids.slice(0, 4));
    await ownOutfits(dee.user.id, ids.slice(2, 6), 2);
    await expectTallied();

    // Bought again: the units grow, the pieces do not.
    const [before] = await sql<{ pieces: number; units: number }>(
      'SELECT sum(pieces)::int AS pieces, sum(units)::int AS units FROM closet_pieces_by_category WHERE user_id = $1',
      [cal.user.id],
    );
    await ownOutfits(cal.user.id, ids.slice(0, 1));
    const [after] = await sql<{ pieces: number; units: number }>(
      'SELECT sum(pieces)::int AS pieces, sum(units)::int AS units FROM closet_pieces_by_category WHERE user_id = $1',
      [cal.user.id],
    );
    expect(after!.pieces).toBe(before!.pieces);
    expect(after!.units).toBe(before!.units + 5);
    await expectTallied();

    // A piece given back, in one statement.
    await sql(
      `DELETE FROM closet_items
        WHERE user_id = $1 AND item_id IN (SELECT item_id FROM outfit_items WHERE outfit_id = $2)`,
      [cal.user.id, ids[1]],
    );
    await expectTallied();

    // A piece changed to an item of another category: its trigger moves the category.
    await sql(
      `UPDATE closet_items c SET item_id = n.id, product_id = n.product_id
         FROM (SELECT i.id, i.product_id FROM items i
                WHERE i.category_id <> (SELECT category_id FROM closet_items
                                         WHERE user_id = $1 ORDER BY item_id LIMIT 1)
                  AND NOT EXISTS (SELECT 1 FROM closet_items o
                                   WHERE o.user_id = $1 AND o.item_id = i.id)
                ORDER BY i.id LIMIT 1) n
        WHERE c.user_id = $1
          AND c.item_id = (SELECT min(item_id) FROM closet_items WHERE user_id = $1)`,
      [dee.user.id],
    );
    await expectTallied();
  });

  it('follow a checkout, and a redesign that writes out every like of the outfit', async () => {
    const fay = await signUp(file.t.app);
    const [outfit] = await sql<{ id: number }>(
      `SELECT o.id FROM outfits o
        WHERE NOT EXISTS (SELECT 1 FROM outfit_items oi JOIN items i ON i.id = oi.item_id
                           WHERE oi.outfit_id = o.id AND i.stock < 2)
        ORDER BY o.id DESC LIMIT 1`,
    );
    const outfitId = outfit!.id;
    const itemIds = (await piecesOf(outfitId)).map((p) => p.itemId);
    const address = await fay.agent.post('/api/shipping', {
      nickname: 'Home',
      recipient_name: 'Fay Moreno',
      phone: '(555) 010-0177',
      street_address: '4 Alder Court',
      city: 'Portland',
      state: 'OR',
      zip: '97205',
      preferred: true,
    });
    expect(address.statusCode, address.body).toBe(201);
    for (const key of ['tallies-order-1', 'tallies-order-2']) {
      const cart = await fay.agent.post('/api/cart/outfit', { outfitId, itemIds });
      expect(cart.statusCode, cart.body).toBe(200);
      const order = await fay.agent.put('/api/buy', {
        addressId: address.json().id,
        paymentMethod: 'paypal',
        idempotencyKey: key,
      });
      expect(order.statusCode, order.body).toBe(201);
      await expectTallied();
    }
    const [owned] = await sql<{ pieces: number; units: number }>(
      'SELECT sum(pieces)::int AS pieces, sum(units)::int AS units FROM closet_pieces_by_category WHERE user_id = $1',
      [fay.user.id],
    );
    expect(owned).toEqual({ pieces: 5, units: 10 });

    // Two shoppers like the outfit; a redesign writes out both likes' pieces in one statement.
    const gus = await signUp(file.t.app);
    for (const s of [fay, gus]) {
      expect((await s.agent.post('/api/outfit/favorite', { outfitId })).statusCode).toBe(200);
    }
    const [look] = await sql<{ name: string; occasion_id: number }>(
      'SELECT name, occasion_id FROM outfits WHERE id = $1',
      [outfitId],
    );
    const pieces = await sql<{ item_id: number; other: number }>(
      `SELECT oi.item_id,
              (SELECT min(i.id) FROM items i
                WHERE i.category_id = oi.category_id AND i.id <> oi.item_id AND i.stock > 0) AS other
         FROM outfit_items oi
        WHERE oi.outfit_id = $1 ORDER BY oi.category_id`,
      [outfitId],
    );
    const slots = await sql<{ item_id: number }>(
      `SELECT oi.item_id FROM outfit_items oi JOIN categories c ON c.id = oi.category_id
        WHERE oi.outfit_id = $1 ORDER BY array_position($2::text[], c.slot::text)`,
      [outfitId, SLOTS],
    );
    expect(pieces[0]!.other, 'another item of the category').not.toBeNull();
    const swapped = slots.map((p) =>
      p.item_id === pieces[0]!.item_id ? pieces[0]!.other : p.item_id,
    );
    const edit = await admin.put(`/api/design/outfit/edit/${outfitId}`, {
      id: outfitId,
      name: look!.name,
      description: 'One piece changed, the same look.',
      occasion: look!.occasion_id,
      item_ids: swapped,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await kept('favorites_by_category', gus.user.id)).toBe(5);
    await expectTallied();
  });

  it('go with a deleted shopper', async () => {
    const eve = await signUp(file.t.app);
    const ids = (await outfitIds()).slice(12, 14);
    await ownOutfits(eve.user.id, ids);
    const pieces = await piecesOf(ids[0]!);
    for (const piece of pieces) {
      const res = await eve.agent.post('/api/item/search/favorite', { itemId: piece.itemId });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await kept('favorites_by_category', eve.user.id)).toBe(5);
    expect(await kept('closet_pieces_by_category', eve.user.id)).toBe(5);

    await sql('DELETE FROM users WHERE id = $1', [eve.user.id]);
    for (const table of Object.keys(MISMATCHES)) {
      expect(await kept(table, eve.user.id), table).toBe(0);
    }
    await expectTallied();
  });

  it.runIf(testDriver() === 'postgres')(
    'a removal takes all of the shopper’s tally rows in key order (PostgreSQL only: two connections)',
    async () => {
      const ivy = await signUp(file.t.app);
      for (const piece of await piecesOf((await outfitIds())[20]!)) {
        const res = await ivy.agent.post('/api/item/search/favorite', { itemId: piece.itemId });
        expect(res.statusCode, res.body).toBe(201);
      }
      const categories = await sql<{ category_id: number }>(
        'SELECT category_id FROM favorites_by_category WHERE user_id = $1 ORDER BY category_id',
        [ivy.user.id],
      );
      expect(categories).toHaveLength(5);
      const lowest = categories[0]!.category_id;
      await file.t.db.database.withConnection(async (holder) => {
        await holder.exec('BEGIN');
        try {
          // Removes the heart of the highest category only, and holds its transaction open.
          await holder.query(
            `DELETE FROM item_favorites
              WHERE user_id = $1 AND category_id = (SELECT max(category_id) FROM item_favorites
                                                      WHERE user_id = $1)`,
            [ivy.user.id],
          );
          // The lowest category's tally row is taken too, so another writer queues behind it.
          await expect(
            sql(
              `SELECT 1 FROM favorites_by_category WHERE user_id = $1 AND category_id = $2
                 FOR NO KEY UPDATE NOWAIT`,
              [ivy.user.id, lowest],
            ),
          ).rejects.toMatchObject({ code: '55P03' });
        } finally {
          await holder.exec('ROLLBACK');
        }
      });
    },
  );

  it('count the catalogue’s pieces per category (0055): added and removed', async () => {
    const recount = () =>
      sql(
        `SELECT category_id, r.n, k.items
           FROM (SELECT category_id, count(*)::int AS n FROM items GROUP BY 1) r
           FULL JOIN items_by_category k USING (category_id)
          WHERE coalesce(r.n, 0) <> coalesce(k.items, 0)`,
      );
    const total = async (categoryId: number) => {
      const res = await admin.get(`/api/item/design?category=${categoryId}&limit=1`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { total: number }[])[0]!.total;
    };
    expect(await recount()).toEqual([]);
    const [a, b] = await sql<{ id: number; categoryId: number }>(
      `SELECT DISTINCT ON (category_id) id, category_id AS "categoryId" FROM products
        ORDER BY category_id, id LIMIT 2`,
    );
    const before = [await total(a!.categoryId), await total(b!.categoryId)];

    // Three pieces in one statement, two categories.
    const added = await sql<{ id: number }>(
      `INSERT INTO items (product_id, category_id, name, seller, color, color_hex, size,
                          price_cents, stock, image)
       SELECT p.id, p.category_id, p.name, p.seller, 'Tally ' || n, '#123456', 'One size',
              1000, 1, '/img/x.webp'
         FROM products p CROSS JOIN generate_series(1, 2) n
        WHERE p.id IN ($1, $2) AND (p.id = $1 OR n = 1)
       RETURNING id`,
      [a!.id, b!.id],
    );
    expect(added).toHaveLength(3);
    expect(await recount()).toEqual([]);
    expect([await total(a!.categoryId), await total(b!.categoryId)]).toEqual([
      before[0]! + 2,
      before[1]! + 1,
    ]);

    // An item cannot move to another category: its product and the product's key hold it.
    await expect(
      sql('UPDATE items SET category_id = $2 WHERE id = $1', [added[0]!.id, b!.categoryId]),
    ).rejects.toThrow();
    // A change of stock moves no count.
    await sql('UPDATE items SET stock = stock + 1 WHERE id = ANY($1::int[])', [
      added.map((r) => r.id),
    ]);
    await sql('DELETE FROM items WHERE id = ANY($1::int[])', [added.map((r) => r.id)]);
    expect(await recount()).toEqual([]);
    expect([await total(a!.categoryId), await total(b!.categoryId)]).toEqual(before);
  });

  it('go with a deleted item’s hearts, and empty with a truncated table', async () => {
    const hal = await signUp(file.t.app);
    // An item no outfit, order, cart or closet holds can be deleted; its hearts go with it.
    const [lone] = await sql<{ id: number }>(
      `SELECT i.id FROM items i
        WHERE NOT EXISTS (SELECT 1 FROM outfit_items oi WHERE oi.item_id = i.id)
          AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.item_id = i.id)
          AND NOT EXISTS (SELECT 1 FROM cart_lines c WHERE c.item_id = i.id)
          AND NOT EXISTS (SELECT 1 FROM closet_items c WHERE c.item_id = i.id)
        ORDER BY i.id LIMIT 1`,
    );
    const heart = await hal.agent.post('/api/item/search/favorite', { itemId: lone!.id });
    expect(heart.statusCode, heart.body).toBe(201);
    await sql('DELETE FROM items WHERE id = $1', [lone!.id]);
    await expectTallied();

    // Last in this file: a truncate leaves every count of its table at nothing.
    await sql('TRUNCATE item_favorites, closet_items, items CASCADE');
    for (const table of [...Object.keys(MISMATCHES), 'items_by_category']) {
      const [row] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      expect(row!.n, table).toBe(0);
    }
  });
});

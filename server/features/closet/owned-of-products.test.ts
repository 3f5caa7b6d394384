import { expect, it } from 'vitest';
import { describeKeptPlans, oneLongHistory, readOnGenericPlan } from '../../test/kept-plans';
import { findOwnedOfProducts } from './closet.repository';

describeKeptPlans("a closet card's owned variants at any history", (shopDatabase) => {
  it('reads the variants of the products asked about, each once, whatever plan PostgreSQL keeps', async () => {
    const database = shopDatabase();
    // The crowd owns one variant each; the long history one variant of each of 200 products.
    const heavy = await oneLongHistory(database, 'closet_items', {
      crowd: `INSERT INTO closet_items (user_id, item_id, product_id, quantity)
                SELECT u.id, i.id, i.product_id, 1
                  FROM users u, (SELECT id, product_id FROM items ORDER BY id LIMIT 1) i
                 WHERE u.username LIKE 'crowd%'`,
      long: `INSERT INTO closet_items (user_id, item_id, product_id, quantity)
               SELECT $1, min(id), product_id, 1 FROM items
                GROUP BY product_id ORDER BY product_id LIMIT 200`,
    });
    const owned = await database.sql.query<{ productId: number }>(
      'SELECT product_id AS "productId" FROM closet_items WHERE user_id = $1 ORDER BY product_id',
      [heavy],
    );

    // Two cards can show the same product: asked twice, it is read and answered once.
    const asked = owned.slice(-3).map((row) => row.productId);
    const { result: found, rowsRead } = await readOnGenericPlan(database, 'closet_items', (on) =>
      findOwnedOfProducts(on, heavy, [...asked, asked[0]!]),
    );

    expect(owned.length).toBeGreaterThan(10 * asked.length);
    expect(found.map((row) => row.productId).sort()).toEqual([...asked].sort());
    // The variants found, never every one the shopper owns.
    expect(rowsRead).toBeLessThanOrEqual(asked.length);
  });
});

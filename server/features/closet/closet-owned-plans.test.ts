import { expect, it } from 'vitest';
import { OUTFIT_PAGE_READ } from '../../lib/cursor';
import { describeKeptPlans, oneLongHistory, readOnGenericPlan } from '../../test/kept-plans';
import { findClosetOutfit, pageClosetOutfits } from './closet.repository';

describeKeptPlans("a closet outfit's owned variants at any history", (shopDatabase) => {
  it('reads one owned variant a piece, never the whole closet, whatever plan PostgreSQL keeps', async () => {
    const database = shopDatabase();
    // The crowd owns one variant each; the long history one variant of every product (up to 200),
    // among them the very pieces of the first outfit, which makes it a closet outfit (0027).
    const heavy = await oneLongHistory(database, 'closet_items', {
      crowd: `INSERT INTO closet_items (user_id, item_id, product_id, quantity)
                SELECT u.id, i.id, i.product_id, 1
                  FROM users u, (SELECT id, product_id FROM items ORDER BY id LIMIT 1) i
                 WHERE u.username LIKE 'crowd%'`,
      long: `WITH first AS (SELECT item_id FROM outfit_items
                             WHERE outfit_id = (SELECT min(id) FROM outfits)),
                  chosen AS (
                    SELECT DISTINCT ON (i.product_id) i.id, i.product_id
                      FROM items i
                     ORDER BY i.product_id, i.id IN (SELECT item_id FROM first) DESC, i.id)
             INSERT INTO closet_items (user_id, item_id, product_id, quantity)
             SELECT $1, id, product_id, 1 FROM chosen
              WHERE product_id <= (SELECT max(product_id) FROM (
                      SELECT product_id FROM items GROUP BY product_id
                       ORDER BY product_id LIMIT 200) p)
                 OR id IN (SELECT item_id FROM first)`,
    });
    const q = (text: string) => database.sql.query<{ n: number }>(text, [heavy]);
    const [owned] = await q('SELECT count(*)::int AS n FROM closet_items WHERE user_id = $1');
    const [outfits] = await q('SELECT count(*)::int AS n FROM closet_outfits WHERE user_id = $1');
    const [first] = await database.sql.query<{ id: number }>('SELECT min(id) AS id FROM outfits');

    const one = await readOnGenericPlan(database, 'closet_items', (on) =>
      findClosetOutfit(on, heavy, first!.id),
    );
    expect(owned!.n).toBeGreaterThan(8 * 5);
    expect(one.result.outfits.map((o) => o.id)).toEqual([first!.id]);
    expect(one.result.owned).toHaveLength(5);
    // The five pieces' variants, never every one the shopper owns.
    expect(one.rowsRead).toBeLessThanOrEqual(5);

    const page = await readOnGenericPlan(database, 'closet_items', (on) =>
      pageClosetOutfits(on, heavy, {}, undefined),
    );
    expect(page.result.outfits.length).toBe(Math.min(outfits!.n, OUTFIT_PAGE_READ));
    expect(page.rowsRead).toBeLessThanOrEqual(page.result.outfits.length * 5);
  });
});

import { expect, it } from 'vitest';
import type { SqlClient } from '../../db/client';
import { OUTFIT_PAGE_READ, PAGE_READ } from '../../lib/cursor';
import { describeKeptPlans, oneLongHistory, readOnGenericPlan } from '../../test/kept-plans';
import { findClosetOutfit, pageClosetOutfits, pagePieces } from './closet.repository';

describeKeptPlans("the closet's pages at any history", (shopDatabase) => {
  it("reads one owned variant a piece, and searches only the shopper's own pieces, whatever plan PostgreSQL keeps", async () => {
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

    // A search's kept plan walks the shopper's pieces of the category, checking the words each
    // one carries (0076), and reads the items of the pieces it shows alone: never the shop's
    // pieces by the word, nor an item for each piece it passes over. (The closet's outfits are
    // not asked: in the tests' shop this shopper's closet holds every outfit.)
    const [common] = await database.sql.query<{
      categoryId: number;
      word: string;
      holding: number;
      owned: number;
      ownedHolding: number;
    }>(
      `SELECT words."categoryId", words.word, words.holding, mine.owned, mine."ownedHolding"
         FROM (SELECT i.category_id AS "categoryId", w AS word, count(DISTINCT i.id)::int AS holding
                 FROM items i, regexp_split_to_table(i.search_text, '[^a-z]+') AS w
                WHERE length(w) > 2
                GROUP BY i.category_id, w) words,
              LATERAL (SELECT count(*)::int AS owned,
                              (count(*) FILTER (WHERE strpos(o.search_text, words.word) > 0))::int
                                AS "ownedHolding"
                         FROM closet_items c JOIN items o ON o.id = c.item_id
                        WHERE c.user_id = $1 AND c.category_id = words."categoryId") mine
        WHERE mine."ownedHolding" BETWEEN 1 AND mine.owned / 2
        ORDER BY words.holding DESC, words.word LIMIT 1`,
      [heavy],
    );
    const { categoryId, word, holding, owned: ownedThere, ownedHolding } = common!;
    expect(holding).toBeGreaterThan(ownedThere);
    const search = (on: SqlClient) =>
      pagePieces(on, heavy, { categoryId, terms: [{ term: word, alternatives: [] }] }, undefined);
    const searched = await readOnGenericPlan(database, 'items', search);
    expect(searched.result).toHaveLength(ownedHolding);
    // One item a piece shown; the walk passed over as many pieces again, and read none of theirs.
    expect(searched.heapVisits).toBeLessThanOrEqual(ownedHolding);
    // At most what the page without words reads, which walks all the shopper's pieces there
    // (fewer than a page); read by the word, it would be every piece of the shop holding it.
    expect(ownedThere).toBeLessThan(PAGE_READ);
    const walked = await readOnGenericPlan(database, 'closet_items', (on) =>
      pagePieces(on, heavy, { categoryId }, undefined),
    );
    expect(walked.result).toHaveLength(ownedThere);
    const walkedBySearch = await readOnGenericPlan(database, 'closet_items', search);
    expect(walkedBySearch.rowsRead).toBeLessThanOrEqual(walked.rowsRead);
    expect(walkedBySearch.heapVisits).toBeLessThanOrEqual(ownedThere);
  });
});

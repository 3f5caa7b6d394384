import { expect, it } from 'vitest';
import { OUTFIT_PAGE_READ, PAGE_READ } from '../../lib/cursor';
import { describeKeptPlans, oneLongHistory, readOnGenericPlan } from '../../test/kept-plans';
import { pageClosetOutfits, pagePieces } from './closet.repository';

// An occasion or a category the shopper seldom bought for, behind a long run of another: the
// page walks the one asked for, whatever plan PostgreSQL keeps. Each has a shop of its own.

describeKeptPlans("one occasion's closet outfits at any history", (shopDatabase) => {
  it('reads the outfits of the occasion asked for, not the newer ones of another', async () => {
    const database = shopDatabase();
    const [most] = await database.sql.query<{ id: number; outfits: number }>(
      `SELECT occasion_id AS id, count(*)::int AS outfits FROM outfits
        GROUP BY occasion_id ORDER BY count(*) DESC, occasion_id`,
    );
    const [seldom] = (
      await database.sql.query<{ id: number }>('SELECT id FROM occasions ORDER BY id')
    ).filter((o) => o.id !== most!.id);
    // The crowd completed one outfit each; the long history every outfit of the commonest
    // occasion, and two of another a day before them. Written as 0027's triggers would.
    const completed = (users: string, where: string, limit: number, age: string) =>
      `INSERT INTO closet_outfits (user_id, outfit_id, occasion_id, completed_at)
       SELECT u.id, o.id, o.occasion_id, now() - interval '${age}' - o.n * interval '1 minute'
         FROM (${users}) u,
              (SELECT id, occasion_id, row_number() OVER (ORDER BY id) AS n FROM outfits
                WHERE ${where} ORDER BY id LIMIT ${limit}) o`;
    const heavy = await oneLongHistory(database, 'closet_outfits', {
      crowd: completed("SELECT id FROM users WHERE username LIKE 'crowd%'", 'true', 1, '0 days'),
      long: `WITH common AS (${completed('SELECT $1::int AS id', `occasion_id = ${most!.id}`, 1_000, '0 days')} RETURNING 1)
             ${completed('SELECT $1::int AS id', `occasion_id = ${seldom!.id}`, 2, '1 day')}`,
    });

    const all = await readOnGenericPlan(database, 'closet_outfits', (on) =>
      pageClosetOutfits(on, heavy, {}, undefined),
    );
    const one = await readOnGenericPlan(database, 'closet_outfits', (on) =>
      pageClosetOutfits(on, heavy, { occasion: { id: seldom!.id } }, undefined),
    );

    // More of the commonest occasion than a page, each newer than the two asked for.
    expect(most!.outfits).toBeGreaterThan(OUTFIT_PAGE_READ);
    expect(all.result.outfits).toHaveLength(OUTFIT_PAGE_READ);
    expect(all.rowsRead).toBeLessThanOrEqual(OUTFIT_PAGE_READ);
    expect(one.result.occasion?.id).toBe(seldom!.id);
    expect(one.result.outfits).toHaveLength(2);
    // The two entries of that occasion, never the run of the other before them.
    expect(one.rowsRead).toBeLessThanOrEqual(2 + 1);
  });
});

describeKeptPlans("one category's closet pieces at any history", (shopDatabase) => {
  it('reads the pieces of the category asked for, not the newer ones of another', async () => {
    const database = shopDatabase();
    const [many, few] = await database.sql.query<{ id: number }>(
      'SELECT category_id AS id FROM items GROUP BY category_id ORDER BY count(*) DESC LIMIT 2',
    );
    // The crowd owns a piece each; the long history many pieces of one category, and three of
    // another bought a day before them.
    const owned = (users: string, category: number, limit: number, age: string) =>
      `INSERT INTO closet_items (user_id, item_id, product_id, quantity, first_bought_at,
                                 last_bought_at)
       SELECT u.id, i.id, i.product_id, 1, t.at, t.at
         FROM (${users}) u,
              (SELECT id, product_id, row_number() OVER (ORDER BY id) AS n FROM items
                WHERE category_id = ${category} ORDER BY id LIMIT ${limit}) i,
              LATERAL (SELECT now() - interval '${age}' - i.n * interval '1 minute' AS at) t`;
    const heavy = await oneLongHistory(database, 'closet_items', {
      crowd: owned("SELECT id FROM users WHERE username LIKE 'crowd%'", few!.id, 1, '0 days'),
      long: `WITH recent AS (${owned('SELECT $1::int AS id', many!.id, 4 * PAGE_READ, '0 days')} RETURNING 1)
             ${owned('SELECT $1::int AS id', few!.id, 3, '1 day')}`,
    });
    const [count] = await database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM closet_items WHERE user_id = $1 AND category_id = $2',
      [heavy, many!.id],
    );

    const page = await readOnGenericPlan(database, 'closet_items', (on) =>
      pagePieces(on, heavy, { categoryId: few!.id }, undefined),
    );

    expect(count!.n).toBe(4 * PAGE_READ);
    expect(page.result.map((piece) => piece.categoryId)).toEqual([few!.id, few!.id, few!.id]);
    // The three pieces' own entries, never the other category's before them.
    expect(page.rowsRead).toBeLessThanOrEqual(3 + 1);
  });
});

import { expect, it } from 'vitest';
import { PAGE_SIZE } from '../../../contracts/common';
import { describeKeptPlans, oneLongHistory, readOnGenericPlan } from '../../test/kept-plans';
import { pageFavoriteItems } from './favorite.repository';

const TOPS = 1;
const OUTERWEAR = 6;

describeKeptPlans("a category's page of favourite pieces at any history", (shopDatabase) => {
  it('reads the pieces of the category asked for, not every heart of the others', async () => {
    const database = shopDatabase();
    // Hearts of the first `count` pieces of a category, the first the newest, `age` before now.
    const hearts = (users: string, category: number, count: number, age = '0 days') =>
      `INSERT INTO item_favorites (user_id, item_id, source, created_at)
         SELECT u.id, i.id, 'heart', now() - interval '${age}' - i.n * interval '1 minute'
           FROM (${users}) u,
                (SELECT id, row_number() OVER (ORDER BY id) AS n FROM items
                  WHERE category_id = ${category} ORDER BY id LIMIT ${count}) i`;
    const crowd = "SELECT id FROM users WHERE username LIKE 'crowd%'";
    // The crowd hearted a top and a coat each; the long history is nearly all tops, and the
    // coats it hearted are its oldest hearts.
    const heavy = await oneLongHistory(database, 'item_favorites', {
      crowd: `${hearts(crowd, TOPS, 1)}; ${hearts(crowd, OUTERWEAR, 1)}`,
      long: `WITH tops AS (${hearts('SELECT $1::int AS id', TOPS, 150)} RETURNING 1)
               ${hearts('SELECT $1::int AS id', OUTERWEAR, 3, '1 day')}`,
    });
    const [count] = await database.sql.query<{ tops: number }>(
      'SELECT count(*)::int AS tops FROM item_favorites WHERE user_id = $1 AND category_id = $2',
      [heavy, TOPS],
    );

    const { result: page, rowsRead } = await readOnGenericPlan(database, 'item_favorites', (on) =>
      pageFavoriteItems({ sql: on }, heavy, { categoryIds: [OUTERWEAR] }, undefined),
    );

    expect(count!.tops).toBeGreaterThan(4 * PAGE_SIZE);
    expect(page.map((row) => row.categoryId)).toEqual([OUTERWEAR, OUTERWEAR, OUTERWEAR]);
    // The coats' own entries (and the probes the page makes of them), never the tops before.
    expect(rowsRead).toBeLessThanOrEqual(2 * 3 + 1);
  });
});

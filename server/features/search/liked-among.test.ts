import { expect, it } from 'vitest';
import { describeKeptPlans, oneLongHistory, readOnGenericPlan } from '../../test/kept-plans';
import { likedAmong } from './search.repository';

describeKeptPlans("an outfit search's likes at any history", (shopDatabase) => {
  it('reads one swipe an outfit asked about, on the plan kept for a typical shopper', async () => {
    const database = shopDatabase();
    const outfits = (
      await database.sql.query<{ id: number }>('SELECT id FROM outfits ORDER BY id')
    ).map((row) => row.id);
    // A typical shopper swiped twenty outfits (the plan PostgreSQL keeps is made for them);
    // the long history swiped every outfit, right on every other one.
    const heavy = await oneLongHistory(database, 'swipes', {
      crowd: `INSERT INTO swipes (user_id, outfit_id, direction)
                SELECT u.id, o.id, 'nope'
                  FROM users u, (SELECT id FROM outfits ORDER BY id LIMIT 20) o
                 WHERE u.username LIKE 'crowd%'`,
      long: `INSERT INTO swipes (user_id, outfit_id, direction)
               SELECT $1, id, CASE WHEN id % 2 = 0 THEN 'like' ELSE 'nope' END FROM outfits`,
    });

    const asked = [...outfits.slice(-4), 2_000_000_001];
    const { result: liked, rowsRead } = await readOnGenericPlan(database, 'swipes', (on) =>
      likedAmong(on, heavy, asked),
    );

    expect(outfits.length).toBeGreaterThan(40);
    expect([...liked].sort((a, b) => a - b)).toEqual(asked.filter((id) => id % 2 === 0));
    // The swipes found, never the shopper's whole history.
    expect(rowsRead).toBeLessThanOrEqual(asked.length);
  });
});

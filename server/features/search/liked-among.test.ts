import { describe, expect, it } from 'vitest';
import { testDriver } from '../../test/databases';
import { oneLongHistory, readOnGenericPlan } from '../../test/kept-plans';
import { appForThisFile } from '../../test/test-app';
import { likedAmong } from './search.repository';

describe.runIf(testDriver() === 'postgres')(
  "an outfit search's likes at any history (PostgreSQL only: it reads the plan's statistics)",
  () => {
    const shop = appForThisFile();

    it('reads one swipe an outfit asked about, on the plan kept for a typical shopper', async () => {
      const database = shop.t.db.database;
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
  },
);

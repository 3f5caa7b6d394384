import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDriver } from '../../test/databases';
import { crowdOfShoppers, readOnKeptPlans } from '../../test/kept-plans';
import { createTestApp, type TestApp } from '../../test/test-app';
import { likedAmong } from './search.repository';

describe.runIf(testDriver() === 'postgres')(
  "an outfit search's likes at any history (PostgreSQL only: it reads the plan's statistics)",
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('reads one swipe an outfit asked about, whatever plan PostgreSQL keeps', async () => {
      const database = t.db.database;
      const { sql: client } = database;
      const outfits = (
        await client.query<{ id: number }>('SELECT id FROM outfits ORDER BY id')
      ).map((row) => row.id);
      await crowdOfShoppers(
        database,
        400,
        `INSERT INTO swipes (user_id, outfit_id, direction)
         SELECT id, (SELECT min(id) FROM outfits), 'nope' FROM users WHERE username LIKE 'crowd%'`,
      );
      // One shopper swiped every outfit, right on every other one.
      const [heavy] = await client.query<{ id: number }>(
        "INSERT INTO users (username, password_hash) VALUES ('longhistory', 'not a hash') RETURNING id",
      );
      await client.query(
        `INSERT INTO swipes (user_id, outfit_id, direction)
         SELECT $1, id, CASE WHEN id % 2 = 0 THEN 'like' ELSE 'nope' END FROM outfits`,
        [heavy!.id],
      );
      await client.exec('VACUUM (ANALYZE) swipes');

      const asked = [...outfits.slice(-4), 2_000_000_001];
      const { result: liked, entriesRead } = await readOnKeptPlans(database, 'swipes', (client) =>
        likedAmong(client, heavy!.id, asked),
      );

      expect(outfits.length).toBeGreaterThan(2 * asked.length);
      expect([...liked].sort((a, b) => a - b)).toEqual(asked.filter((id) => id % 2 === 0));
      // The swipes found, never the shopper's whole history.
      expect(entriesRead).toBeLessThanOrEqual(asked.length);
    });
  },
);

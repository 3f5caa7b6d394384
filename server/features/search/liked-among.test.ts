import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { testDriver } from '../../test/databases';
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
      const { db, sql: client } = t.db.database;
      const outfits = (await client.query<{ id: number }>('SELECT id FROM outfits ORDER BY id')).map(
        (row) => row.id,
      );
      // A crowd of shoppers with one swipe each, so the plan kept is made for a short history…
      await client.exec(`
        INSERT INTO users (username, password_hash)
        SELECT 'crowd' || n, 'not a hash' FROM generate_series(1, 400) AS n;
        INSERT INTO swipes (user_id, outfit_id, direction)
        SELECT id, (SELECT min(id) FROM outfits), 'nope' FROM users WHERE username LIKE 'crowd%';`);
      // …and one shopper who swiped every outfit, right on every other one.
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
      const { liked, read } = await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
        const found = await likedAmong(tx, heavy!.id, asked);
        const [stats] = await rowsOf<{ read: number }>(
          tx,
          sql`SELECT sum(pg_stat_get_xact_tuples_returned(indexrelid))::int AS read
                FROM pg_index WHERE indrelid = 'swipes'::regclass`,
        );
        return { liked: found, read: stats!.read };
      });

      expect(outfits.length).toBeGreaterThan(2 * asked.length);
      expect([...liked].sort((a, b) => a - b)).toEqual(asked.filter((id) => id % 2 === 0));
      // The swipes found, never the shopper's whole history.
      expect(read).toBeLessThanOrEqual(asked.length);
    });
  },
);

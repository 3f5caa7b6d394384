import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import type { SqlClient } from './client';
import { listMigrations } from './migrate';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

/** Runs `body` in a transaction that is always rolled back, so each test starts from the seed. */
function rolledBack(body: (client: SqlClient) => Promise<void>) {
  return t.database.withConnection(async (client) => {
    await client.exec('BEGIN');
    try {
      await body(client);
    } finally {
      await client.exec('ROLLBACK');
    }
  });
}

const migration = (prefix: string) => {
  const found = listMigrations().find((m) => m.name.startsWith(prefix));
  if (!found) throw new Error(`no migration ${prefix}`);
  return found.sql;
};

describe('0056: every queued outfit has a reason', () => {
  it('drops whole the queues written before reasons were kept, and keeps the others', async () => {
    await rolledBack(async (client) => {
      // The table as it stood before 0056, with queues from before 0031 (a reason missing, or
      // a JSON null) and one after.
      await client.exec(`ALTER TABLE feed_queue ALTER COLUMN reason DROP NOT NULL,
                           DROP CONSTRAINT feed_queue_reason_object`);
      const users = await client.query<{ id: number }>(
        `INSERT INTO users (username, password_hash)
         VALUES ('queued-before-0031', 'x'), ('queued-null', 'x'), ('queued-since', 'x')
         RETURNING id`,
      );
      const [old, nulled, kept] = users.map((u) => u.id);
      await client.query(
        `INSERT INTO feed_queue (user_id, outfit_id, position, reason)
         VALUES ($1, 1, 1, NULL), ($1, 2, 2, '{"kind": "start"}'),
                ($2, 1, 1, 'null'::jsonb), ($2, 2, 2, '{"kind": "start"}'),
                ($3, 1, 1, '{"kind": "new"}'), ($3, 3, 2, '{"kind": "popular"}')`,
        [old, nulled, kept],
      );

      await client.exec(migration('0056_'));

      const left = await client.query<{ user_id: number; outfit_id: number }>(
        `SELECT user_id, outfit_id FROM feed_queue WHERE user_id IN ($1, $2, $3)
          ORDER BY user_id, position`,
        [old, nulled, kept],
      );
      expect(left).toEqual([
        { user_id: kept, outfit_id: 1 },
        { user_id: kept, outfit_id: 3 },
      ]);
      // Each refusal in a savepoint of its own, so the next runs in a live transaction.
      const refused = async (reason: string, why: RegExp) => {
        await client.exec('SAVEPOINT refused');
        await expect(
          client.query(
            `INSERT INTO feed_queue (user_id, outfit_id, position, reason) VALUES ($1, 4, 3, ${reason})`,
            [kept],
          ),
        ).rejects.toThrow(why);
        await client.exec('ROLLBACK TO SAVEPOINT refused');
      };
      await refused('NULL', /null value in column "reason"/);
      await refused("'null'::jsonb", /feed_queue_reason_object/);
    });
  });
});

describe('0065: a piece has one heart', () => {
  it('keeps one heart of each piece: the one given on its own, else the first', async () => {
    await rolledBack(async (client) => {
      await client.exec('DROP INDEX item_favorites_one_heart_key');
      const [{ id: shopper }] = (await client.query<{ id: number }>(
        `INSERT INTO users (username, password_hash) VALUES ('hearted-twice', 'x') RETURNING id`,
      )) as [{ id: number }];
      // Outfit 1 liked with its pieces written out; outfit 2 never liked.
      await client.query(
        `INSERT INTO swipes (user_id, outfit_id, direction, pieces_written) VALUES ($1, 1, 'like', true)`,
        [shopper],
      );
      // Item 10: on its own, on outfit 1 and on outfit 2. Item 20: on outfit 2, then on outfit 1.
      // Item 30: hearted once, beside the piece a like brought.
      await client.query(
        `INSERT INTO item_favorites (user_id, item_id, outfit_id, source, created_at)
         VALUES ($1, 10, 1, 'heart', now() - interval '3 days'),
                ($1, 10, NULL, 'heart', now() - interval '2 days'),
                ($1, 10, 2, 'heart', now() - interval '1 day'),
                ($1, 20, 2, 'heart', now() - interval '2 days'),
                ($1, 20, 1, 'heart', now() - interval '1 day'),
                ($1, 30, 1, 'outfit', now() - interval '2 days'),
                ($1, 30, NULL, 'heart', now() - interval '1 day')`,
        [shopper],
      );

      await client.exec(migration('0065_'));

      const left = await client.query<{
        item_id: number;
        outfit_id: number | null;
        source: string;
      }>(
        `SELECT item_id, outfit_id, source FROM item_favorites WHERE user_id = $1
          ORDER BY item_id, outfit_id NULLS FIRST`,
        [shopper],
      );
      expect(left).toEqual([
        { item_id: 10, outfit_id: null, source: 'heart' },
        // A heart on the written-out like stays that like's piece; on outfit 2 it goes.
        { item_id: 10, outfit_id: 1, source: 'outfit' },
        { item_id: 20, outfit_id: 1, source: 'outfit' },
        { item_id: 20, outfit_id: 2, source: 'heart' },
        { item_id: 30, outfit_id: null, source: 'heart' },
        { item_id: 30, outfit_id: 1, source: 'outfit' },
      ]);
      await expect(
        client.query(
          `INSERT INTO item_favorites (user_id, item_id, outfit_id, source) VALUES ($1, 30, 2, 'heart')`,
          [shopper],
        ),
      ).rejects.toThrow(/item_favorites_one_heart_key/);
    });
  });
});

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

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
      // The table as it stood before 0056, with one queue from before 0031 and one after.
      await client.exec('ALTER TABLE feed_queue ALTER COLUMN reason DROP NOT NULL');
      const users = await client.query<{ id: number }>(
        `INSERT INTO users (username, password_hash)
         VALUES ('queued-before-0031', 'x'), ('queued-since', 'x') RETURNING id`,
      );
      const [old, kept] = users.map((u) => u.id);
      await client.query(
        `INSERT INTO feed_queue (user_id, outfit_id, position, reason)
         VALUES ($1, 1, 1, NULL), ($1, 2, 2, '{"kind": "start"}'),
                ($2, 1, 1, '{"kind": "new"}'), ($2, 3, 2, '{"kind": "popular"}')`,
        [old, kept],
      );

      await client.exec(migration('0056_'));

      const left = await client.query<{ user_id: number; outfit_id: number }>(
        'SELECT user_id, outfit_id FROM feed_queue WHERE user_id IN ($1, $2) ORDER BY user_id, position',
        [old, kept],
      );
      expect(left).toEqual([
        { user_id: kept, outfit_id: 1 },
        { user_id: kept, outfit_id: 3 },
      ]);
      await expect(
        client.query('INSERT INTO feed_queue (user_id, outfit_id, position) VALUES ($1, 4, 3)', [
          kept,
        ]),
      ).rejects.toThrow(/null value in column "reason"/);
    });
  });
});

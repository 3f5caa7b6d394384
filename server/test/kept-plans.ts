import { describe } from 'vitest';
import type { Database, SqlClient } from '../db/client';
import { testDriver } from './databases';
import { appForThisFile } from './test-app';

/**
 * Tests of what a kept plan reads, run on PostgreSQL alone: they read the server's statistics.
 * `body` gets the database of the file's own shop.
 */
export function describeKeptPlans(title: string, body: (database: () => Database) => void) {
  describe.runIf(testDriver() === 'postgres')(
    `${title} (PostgreSQL only: it reads the plan's statistics)`,
    () => {
      const shop = appForThisFile();
      body(() => shop.t.db.database);
    },
  );
}

/**
 * A shop whose statistics PostgreSQL plans for a typical history, and one shopper with a long
 * one: `crowd` inserts each of 400 new shoppers' rows into `table` (their names start `crowd`),
 * `long` the rows of the shopper whose id is `$1`; then `table` is analysed. Returns that id.
 */
export async function oneLongHistory(
  database: Database,
  table: string,
  rows: { crowd: string; long: string },
): Promise<number> {
  const { sql: client } = database;
  await client.exec(`
    INSERT INTO users (username, password_hash)
    SELECT 'crowd' || n, 'not a hash' FROM generate_series(1, 400) AS n;
    ${rows.crowd}`);
  const [heavy] = await client.query<{ id: number }>(
    "INSERT INTO users (username, password_hash) VALUES ('longhistory', 'not a hash') RETURNING id",
  );
  await client.query(rows.long, [heavy!.id]);
  await client.exec(`VACUUM (ANALYZE) ${table}`);
  return heavy!.id;
}

/**
 * Runs `read` on the generic plan, the one PostgreSQL may keep for every value after five calls
 * (forced here from the first), and counts the rows and index entries it read from `table`, from
 * PostgreSQL's counters, in a transaction rolled back after; `heapVisits`, the rows its index and
 * bitmap scans went on to read in the table itself (none for an index that holds all it asks).
 */
export async function readOnGenericPlan<T>(
  database: Database,
  table: string,
  read: (client: SqlClient) => Promise<T>,
): Promise<{ result: T; rowsRead: number; heapVisits: number }> {
  // The table's own count is what sequential scans read; its indexes', the entries they gave.
  // Rows visited: the table's count, by bitmap scans; its indexes', by index scans.
  // The counters may still hold what this connection read before: a difference.
  const count = async (client: SqlClient) => {
    const [stats] = await client.query<{ read: number; visits: number }>(
      `SELECT (pg_stat_get_xact_tuples_returned($1::regclass)
               + coalesce(sum(pg_stat_get_xact_tuples_returned(indexrelid)), 0))::int AS read,
              (pg_stat_get_xact_tuples_fetched($1::regclass)
               + coalesce(sum(pg_stat_get_xact_tuples_fetched(indexrelid)), 0))::int AS visits
         FROM pg_index WHERE indrelid = $1::regclass`,
      [table],
    );
    return stats!;
  };
  return database.withConnection(async (client) => {
    await client.exec('BEGIN; SET LOCAL plan_cache_mode = force_generic_plan');
    try {
      const before = await count(client);
      const result = await read(client);
      const after = await count(client);
      return {
        result,
        rowsRead: after.read - before.read,
        heapVisits: after.visits - before.visits,
      };
    } finally {
      await client.exec('ROLLBACK');
    }
  });
}

/** `oneLongHistory`'s crowd and its long history's shopper, as queries of their ids. */
export const CROWD = "SELECT id FROM users WHERE username LIKE 'crowd%'";
export const LONG_HISTORY = 'SELECT $1::int AS id';

/**
 * An insert into `into.table` for each shopper `users` selects: one row for each of the first
 * `of.count` ids of `of.table` that `of.where` picks (its id in `into.column`, with the constant
 * `into.values`), the first the newest, `age` before now.
 */
export function recentRows(
  into: { table: string; column: string; values: Record<string, string> },
  users: string,
  of: { table: string; where: string; count: number },
  age = '0 days',
): string {
  const columns = Object.keys(into.values).map((name) => `, ${name}`);
  const values = Object.values(into.values).map((value) => `, ${value}`);
  return `INSERT INTO ${into.table} (user_id, ${into.column}, created_at${columns.join('')})
          SELECT u.id, r.id, now() - interval '${age}' - r.n * interval '1 minute'${values.join('')}
            FROM (${users}) u,
                 (SELECT id, row_number() OVER (ORDER BY id) AS n FROM ${of.table}
                   WHERE ${of.where} ORDER BY id LIMIT ${of.count}) r`;
}

/**
 * The statement `send` sends through the client it is given, and its parameters, caught by a
 * stand-in that answers no rows (so a test can ask PostgreSQL how it would plan it).
 */
export async function statementSent(
  client: SqlClient,
  send: (client: SqlClient) => Promise<unknown>,
): Promise<{ text: string; params: unknown[] }> {
  let sent: { text: string; params: unknown[] } | undefined;
  const capturing = {
    ...client,
    query: async <T>(text: string, params: unknown[] = []) => {
      sent = { text, params };
      return [] as T[];
    },
  } as SqlClient;
  await send(capturing);
  if (!sent) throw new Error('nothing was sent');
  return sent;
}

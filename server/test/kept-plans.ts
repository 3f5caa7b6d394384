import type { Database, SqlClient } from '../db/client';

/**
 * A crowd of shoppers with a short history each, and statistics that know them: the plan
 * PostgreSQL keeps for a statement is made for such shoppers. `history` inserts each one's rows
 * (the new users are those named `crowd…`).
 */
export async function crowdOfShoppers(database: Database, size: number, history: string) {
  await database.sql.exec(`
    INSERT INTO users (username, password_hash)
    SELECT 'crowd' || n, 'not a hash' FROM generate_series(1, ${Math.trunc(size)}) AS n;
    ${history}`);
}

/**
 * Runs `read` on the plans PostgreSQL keeps after five calls, and counts the index entries it
 * read from `table`'s indexes, from PostgreSQL's counters (in a transaction rolled back after).
 */
export async function readOnKeptPlans<T>(
  database: Database,
  table: string,
  read: (client: SqlClient) => Promise<T>,
): Promise<{ result: T; entriesRead: number }> {
  // The counters may still hold what this connection read before the transaction: a difference.
  const count = async (client: SqlClient) => {
    const [stats] = await client.query<{ read: number }>(
      `SELECT coalesce(sum(pg_stat_get_xact_tuples_returned(indexrelid)), 0)::int AS read
         FROM pg_index WHERE indrelid = $1::regclass`,
      [table],
    );
    return stats!.read;
  };
  return database.withConnection(async (client) => {
    await client.exec('BEGIN; SET LOCAL plan_cache_mode = force_generic_plan');
    try {
      const before = await count(client);
      const result = await read(client);
      return { result, entriesRead: (await count(client)) - before };
    } finally {
      await client.exec('ROLLBACK');
    }
  });
}

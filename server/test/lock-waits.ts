import { vi } from 'vitest';
import type { SqlClient } from '../db/client';

/**
 * What `look` finds, once it finds something; a failure saying `failure` if it never does
 * within a few seconds. For a test that holds a lock and must see another session wait for it
 * before it lets go. Ask through the pool, not the holding connection: inside a transaction,
 * PostgreSQL's activity views keep what they first read.
 */
export function until<T>(look: () => Promise<T | undefined>, failure: string): Promise<T> {
  return vi.waitFor(
    async () => {
      const found = await look();
      if (found === undefined) throw new Error(failure);
      return found;
    },
    { timeout: 5_000, interval: 10 },
  );
}

/** Resolves once a session of this database waits for a lock (of a row, a table, a key). */
export async function someoneWaits(sql: SqlClient, failure: string): Promise<void> {
  await until(async () => {
    const [row] = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    return row!.n > 0 ? true : undefined;
  }, failure);
}

/** Resolves once a session waits for a lock the connection `holder` holds. */
export async function blockedBy(sql: SqlClient, holder: SqlClient, failure: string): Promise<void> {
  const [me] = await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  await until(async () => {
    const [row] = await sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
      [me!.pid],
    );
    return row!.n > 0 ? true : undefined;
  }, failure);
}

/**
 * The transaction id (null before it writes) of a session waiting for the advisory lock of one
 * bigint `key`, once one does.
 */
export function waiterFor(
  sql: SqlClient,
  key: number,
  failure: string,
): Promise<{ xid: string | null }> {
  return until(async () => {
    const [row] = await sql.query<{ xid: string | null }>(
      `SELECT a.backend_xid::text AS xid
         FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND NOT l.granted
          -- A single bigint key: its high half in classid, its low half in objid.
          AND l.classid = 0 AND l.objid = $1 AND l.objsubid = 1
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [key],
    );
    return row;
  }, failure);
}

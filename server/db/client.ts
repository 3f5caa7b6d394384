import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DATA_DIR_MODE } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query builder both drivers share; transactions have the same shape. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Plain SQL access: the pages' own statements, migrations, health checks and bulk loading. */
export interface SqlClient {
  /**
   * On PostgreSQL every statement with parameters is prepared once per connection
   * (`PreparingClient`); `name` names it, and `planEachTime` sends it unnamed, planned for its
   * values each time. PGlite, in the process, ignores both.
   */
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: { name?: string; planEachTime?: boolean },
  ): Promise<T[]>;
  /** Runs one or more statements without parameters. */
  exec(text: string): Promise<void>;
}

/**
 * A subscription to one NOTIFY channel. `live` is false while the subscription is being
 * re-established after losing its connection: messages sent meanwhile are lost, so whoever
 * relies on them must not trust what they cached.
 */
export interface Listener {
  readonly live: boolean;
  close(): Promise<void>;
}

export interface ListenHandlers {
  message(payload: string): void;
  /** Messages may have been missed: the connection dropped, or it has just come back. */
  gap(): void;
}

/**
 * A name for a prepared statement, the same for the same text (PostgreSQL keeps 63 characters of
 * a name): statements whose text varies with the request's shape, not its values, get one
 * prepared statement per shape.
 */
export function statementName(prefix: string, text: string): string {
  return `${prefix}_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
}

const dialect = new PgDialect();

/** A statement assembled as text with its numbered parameters (search builds its own). */
export interface TextQuery {
  text: string;
  params: unknown[];
}

/**
 * A statement assembled as text (search builds its own) or written with `sql`, run on the plain
 * client under a name that says what it is (`prefix`) in PostgreSQL's views and logs. Prepared
 * once per connection and shape, as every statement with parameters is (`PreparingClient`);
 * after five runs PostgreSQL may keep one plan for all values, so a statement whose best plan
 * hangs on them goes through `queryPlannedEachTime` instead.
 */
export function queryPrepared<T>(
  client: SqlClient,
  prefix: string,
  query: SQL | TextQuery,
): Promise<T[]> {
  const { text, params } = 'text' in query ? query : asText(query);
  return client.query<T>(text, params, { name: statementName(prefix, text) });
}

/**
 * A statement PostgreSQL plans afresh each time, for its values: where the one plan it would keep
 * for all values reads far more for some of them, or where a search's typo alternatives would
 * make a statement kept for each combination of their counts (`preparable`).
 */
export function queryPlannedEachTime<T>(client: SqlClient, query: SQL): Promise<T[]> {
  const { text, params } = asText(query);
  return client.query<T>(text, params, { planEachTime: true });
}

function asText(query: SQL): TextQuery {
  const { sql, params } = dialect.sqlToQuery(query);
  return { text: sql, params };
}

/**
 * A whole number hidden from the planner: `(SELECT $n::int)`, which an index still serves. Where
 * a plan made for one shopper's values looks cheaper than the plan kept for all, PostgreSQL
 * would plan the statement again at every call; with the value hidden it keeps the one plan
 * (performance.md, "a statement's values hidden from the planner").
 */
export const opaque = (value: number): SQL => sql`(SELECT ${Math.trunc(value)}::int)`;

/** Ids as one array parameter (`${idArray(ids)}::int[]`): one statement text for any count. */
export function idArray(ids: readonly number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
}

/**
 * Ids as a list of parameters (`IN (${idList(ids)})`): a statement text for each count, which
 * PostgreSQL plans once for all values where an array parameter can have it planned every time.
 */
export function idList(ids: readonly number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${Math.trunc(id)}`),
    sql`, `,
  );
}

/**
 * A condition, always true, that makes the statement's transaction commit without waiting for
 * the disk (decision 006). Only for writes a crash of PostgreSQL may lose without harm: a
 * shopper's taste (swipes, hearts, a favourite's quantity, colour or size), never money, carts
 * or accounts. Put it where the write's rows are chosen (`WHERE … AND ${withoutDiskWait}`), so
 * it runs whenever a row is written.
 */
export const withoutDiskWait = sql`set_config('synchronous_commit', 'off', true) = 'off'`;

/** A timestamp as ISO text (`…T…Z`), the same from PGlite and node-postgres. */
export const isoText = (value: SQL) =>
  sql<string>`to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Runs a statement written with drizzle's `sql`, prepared as every statement with parameters is
 * (`queryPlannedEachTime` for one that must not be); both drivers hand its rows back under `rows`.
 */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

export interface Database {
  db: Db;
  sql: SqlClient;
  driver: 'pglite' | 'postgres';
  /** Runs fn with a single connection held, so session-level locks stay with it. */
  withConnection<T>(fn: (client: SqlClient) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on `channel` from every process sharing the database. */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  close(): Promise<void>;
  /** PGlite only: a tarball of the whole database, loadable with openPglite's loadDataDir. */
  dump?: () => Promise<Blob>;
}

export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: two processes writing one folder would corrupt it.
 * A lock file holding our pid keeps a second process out; a lock left by a dead process is
 * taken over.
 */
function lockDataFolder(dir: string): () => void {
  const lockFile = path.join(dir, 'drape.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      // Our own pid counts too: a second open in this process would corrupt the folder as well.
      if (Number.isInteger(holder) && isAlive(holder)) {
        throw new DatabaseInUseError(
          `The embedded database in ${dir} is already open in process ${holder}. ` +
            'Stop that process, or set DATABASE_URL to share a PostgreSQL server between processes.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseInUseError(`Could not lock the embedded database in ${dir}.`);
}

export async function openPglite(
  dataDir: string | null,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  let unlock = () => {};
  let client: PGlite;
  if (dataDir) {
    const dir = path.join(dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
    unlock = lockDataFolder(dataDir);
    try {
      client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
    } catch (error) {
      unlock();
      throw error;
    }
  } else {
    client = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
  }
  const sqlClient: SqlClient = {
    async query<T>(text: string, params?: unknown[]) {
      const result = await client.query<T>(text, params);
      return result.rows;
    },
    async exec(text: string) {
      await client.exec(text);
    },
  };
  return {
    db: drizzlePglite({ client, schema }) as unknown as Db,
    sql: sqlClient,
    driver: 'pglite',
    // PGlite has one connection; its own queue serialises callers.
    withConnection: (fn) => fn(sqlClient),
    // One process owns the embedded database, so nothing can be missed.
    async listen(channel, handlers) {
      const stop = await client.listen(channel, handlers.message);
      return { live: true, close: () => stop() };
    },
    dump: () => client.dumpDataDir('gzip'),
    async close() {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * A connection that prepares every statement with parameters, once per connection and text:
 * PostgreSQL parses it once and, once it settles on a plan, may stop planning it. Planning one
 * of Drape's short statements cost more than running it (docs/performance.md). A statement
 * whose best plan hangs on its values is sent with `planEachTime`, unnamed. (A pooler between
 * Drape and PostgreSQL must then keep prepared statements per client, as PgBouncer 1.21 and
 * later do with `max_prepared_statements` set.)
 */
class PreparingClient extends pg.Client {
  /** Moves on when PostgreSQL refuses a kept statement, so each is prepared again, renamed. */
  private generation = 0;

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this names the statement of any of them
  override query(...args: any[]): any {
    const ask = (): unknown => (super.query as (...a: unknown[]) => unknown).apply(this, args);
    const [config, second] = args;
    const params = Array.isArray(second) ? second : config?.values;
    const named =
      config &&
      typeof config === 'object' &&
      typeof config.text === 'string' &&
      typeof config.submit !== 'function' &&
      !config.name &&
      !config.planEachTime &&
      Array.isArray(params) &&
      params.length > 0;
    if (!named) return ask();
    args[0] = { ...config, name: statementName(`s${this.generation}`, config.text) };
    // The pool's own queries pass a callback, and the pool drops their connection on any error.
    if (typeof args[args.length - 1] === 'function') return ask();
    // A connection held on (a transaction) lives on: a migration run by another process can
    // change what a kept statement returns ("cached plan must not change result type") or drop
    // it, so that call fails and the next prepares it anew, renamed.
    return (ask() as Promise<unknown>).catch((error) => {
      const code = (error as { code?: string } | null)?.code;
      if (code === '0A000' || code === '26000') this.generation += 1;
      throw error;
    });
  }
}

function pgSqlClient(runner: pg.Pool | pg.PoolClient): SqlClient {
  return {
    async query<T>(
      text: string,
      params?: unknown[],
      options: { name?: string; planEachTime?: boolean } = {},
    ) {
      const { name, planEachTime } = options;
      const result = await runner.query({
        text,
        values: params,
        name,
        planEachTime,
      } as pg.QueryConfig);
      return result.rows as T[];
    },
    async exec(text: string) {
      await runner.query(text);
    },
  };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    // Drape's statements are short: compiling one with JIT, or starting a parallel worker for
    // it, costs more than running it, and PostgreSQL's high guesses on text searches would do
    // both (performance-log.md). An `options` in DATABASE_URL would replace these.
    options: '-c jit=off -c max_parallel_workers_per_gather=0',
    max: options.max ?? 10,
    Client: PreparingClient,
    connectionTimeoutMillis: 2_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server (a restart) must not crash the process.
  pool.on('error', () => {});
  // Nor may a checked-out one: a connection that drops between two statements of a transaction
  // makes its client emit 'error' with nobody listening, which would end the process. The next
  // query on it fails instead, the request answers 503, and the pool discards the client.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const notifications = postgresNotifications(url);
  return {
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    sql: pgSqlClient(pool),
    driver: 'postgres',
    async withConnection(fn) {
      const conn = await pool.connect();
      try {
        return await fn(pgSqlClient(conn));
      } finally {
        conn.release();
      }
    },
    listen: (channel, handlers) => notifications.listen(channel, handlers),
    async close() {
      await notifications.stop();
      await pool.end();
    },
  };
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Every subscription of one process shares one connection, held for as long as any subscription
 * lasts (LISTEN needs a connection of its own, outside the pool). A lost connection is reported
 * to every subscriber as a gap and retried every second until it is back, listening again on
 * every channel (and reported again: whatever was sent in between is lost).
 */
function postgresNotifications(url: string) {
  const subscribers = new Map<string, Set<ListenHandlers>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | undefined;
  const everyone = () => [...subscribers.values()].flatMap((set) => [...set]);

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    next.on('notification', (n) => {
      for (const handlers of subscribers.get(n.channel) ?? []) handlers.message(n.payload ?? '');
    });
    next.on('error', () => {});
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      for (const handlers of everyone()) handlers.gap();
      schedule();
    });
    try {
      await next.connect();
      for (const channel of subscribers.keys()) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (subscribers.size === 0) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    for (const handlers of everyone()) handlers.gap();
  };
  const start = () => {
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  const schedule = () => {
    if (subscribers.size === 0) return;
    clearTimeout(retry);
    retry = setTimeout(() => start().catch(schedule), 1_000);
    retry.unref();
  };
  const stop = async () => {
    clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };

  return {
    async listen(channel: string, handlers: ListenHandlers): Promise<Listener> {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
      const known = subscribers.get(channel);
      const set = known ?? new Set<ListenHandlers>();
      set.add(handlers);
      subscribers.set(channel, set);
      try {
        if (client === null) await start();
        // Again after a connection just made: harmless if it already listened on the channel.
        if (!known) await client?.query(`LISTEN ${channel}`);
      } catch (error) {
        set.delete(handlers);
        if (set.size === 0) subscribers.delete(channel);
        throw error;
      }
      return {
        get live() {
          return client !== null;
        },
        async close() {
          set.delete(handlers);
          if (set.size > 0) return;
          subscribers.delete(channel);
          if (subscribers.size === 0) await stop();
          else await client?.query(`UNLISTEN ${channel}`).catch(() => {});
        },
      };
    },
    stop,
  };
}

export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  /** PostgreSQL connections at most; PGlite has one. */
  poolSize?: number;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, { max: options.poolSize })
    : openPglite(options.dataDir);
}

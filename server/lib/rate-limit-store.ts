import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';

/** What @fastify/rate-limit asks of a store: the hits in the window and the ms left of it. */
interface Window {
  current: number;
  ttl: number;
}
type Done = (error: Error | null, window?: Window) => void;

/** Windows that ended this long ago are deleted, at most once a minute per process. */
const SWEEP_AFTER_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 1000;

/**
 * A @fastify/rate-limit store that counts in the database (0030_rate_limit_windows.sql), so every
 * server process of one shop shares one allowance per route and address. Only the sign-in and
 * registration routes are limited, so one upsert per attempt costs nothing that matters.
 */
export function databaseRateLimitStore(db: Db) {
  let lastSweep = 0;

  async function sweep(): Promise<void> {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    await db.execute(
      sql`DELETE FROM rate_limit_windows
          WHERE started_at < now() - make_interval(secs => ${SWEEP_AFTER_MS / 1000})`,
    );
  }

  async function hit(key: string, windowMs: number): Promise<Window> {
    const seconds = windowMs / 1000;
    const [row] = await rowsOf<{ hits: number; ttl: number }>(
      db,
      sql`INSERT INTO rate_limit_windows AS w (key, hits, started_at)
          VALUES (${key}, 1, clock_timestamp())
          ON CONFLICT (key) DO UPDATE SET
            hits = CASE WHEN w.started_at + make_interval(secs => ${seconds}) <= clock_timestamp()
                        THEN 1 ELSE w.hits + 1 END,
            started_at = CASE WHEN w.started_at + make_interval(secs => ${seconds}) <= clock_timestamp()
                              THEN clock_timestamp() ELSE w.started_at END
          RETURNING hits,
            greatest(0, ceil(extract(epoch FROM
              started_at + make_interval(secs => ${seconds}) - clock_timestamp()) * 1000))::integer AS ttl`,
    );
    await sweep();
    return { current: row!.hits, ttl: row!.ttl };
  }

  async function peek(key: string, windowMs: number): Promise<Window> {
    const seconds = windowMs / 1000;
    const [row] = await rowsOf<{ hits: number; ttl: number }>(
      db,
      sql`SELECT hits,
            ceil(extract(epoch FROM
              started_at + make_interval(secs => ${seconds}) - clock_timestamp()) * 1000)::integer AS ttl
          FROM rate_limit_windows WHERE key = ${key}`,
    );
    return row && row.ttl > 0 ? { current: row.hits, ttl: row.ttl } : { current: 0, ttl: 0 };
  }

  return class DatabaseRateLimitStore {
    readonly #prefix: string;

    constructor(options?: unknown) {
      this.#prefix = routePrefix(options);
    }

    incr(address: string, done: Done, timeWindow: number): void {
      hit(this.#prefix + address, timeWindow).then((w) => done(null, w), done);
    }

    read(address: string, done: Done, timeWindow: number): void {
      peek(this.#prefix + address, timeWindow).then((w) => done(null, w), done);
    }

    child(routeOptions: unknown) {
      return new DatabaseRateLimitStore(routeOptions);
    }
  };
}

/**
 * "POST /api/user/login " for a route's store, so each limited route counts on its own. The
 * plugin hands a route's options to `child` with the route under `routeInfo`.
 */
function routePrefix(options: unknown): string {
  if (typeof options !== 'object' || options === null || !('routeInfo' in options)) return '';
  const route = options.routeInfo;
  if (typeof route !== 'object' || route === null) return '';
  const method = 'method' in route ? String(route.method) : '';
  const url = 'url' in route ? String(route.url) : '';
  return `${method} ${url} `;
}

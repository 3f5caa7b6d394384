import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import { type Database, openPostgres } from '../db/client';
import { createTestDatabase, type TestDatabase } from './databases';
import { testConfig } from './test-config';

export { testConfig } from './test-config';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(overrides),
    database: db.database,
    logger: false,
  });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

/**
 * One test app for a whole test file, made before its first test and closed after its last, with
 * plain SQL on its database.
 */
export function appForThisFile(overrides: Partial<Config> = {}) {
  let made: TestApp | undefined;
  beforeAll(async () => {
    made = await createTestApp(overrides);
  });
  afterAll(() => made?.close());
  const t = (): TestApp => {
    if (!made) throw new Error('the test app is made before the first test');
    return made;
  };
  return {
    get t() {
      return t();
    },
    query: <T extends Record<string, unknown>>(text: string, params?: unknown[]) =>
      t().db.database.sql.query<T>(text, params),
  };
}

/**
 * Another app process on the test's PostgreSQL database, as a second server behind a load
 * balancer would be (PGlite serves one process only).
 */
export async function secondProcess(t: TestApp, overrides: Partial<Config> = {}) {
  if (!t.db.url) throw new Error('a second process needs PostgreSQL');
  const database = await openPostgres(t.db.url);
  const app = await buildApp({ config: testConfig(overrides), database, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A client that keeps its session cookie between calls, as a browser would. */
export class Agent {
  cookie: string | undefined;
  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers = { ...(options.headers ?? {}) };
    if (this.cookie) headers.cookie = this.cookie;
    const response = await this.app.inject({ ...options, headers });
    const setCookie = response.cookies.find((c) => c.name === 'drape_session');
    if (setCookie) {
      const cleared =
        !setCookie.value || (setCookie.expires && setCookie.expires.getTime() < Date.now());
      this.cookie = cleared ? undefined : `drape_session=${setCookie.value}`;
    }
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: object) {
    return this.request({ method: 'POST', url, ...(payload ? { payload } : {}) });
  }
  put(url: string, payload?: object) {
    return this.request({ method: 'PUT', url, ...(payload ? { payload } : {}) });
  }
  delete(url: string, payload?: object) {
    return this.request({ method: 'DELETE', url, ...(payload ? { payload } : {}) });
  }
}

let counter = 0;

/** Registers and signs in a fresh shopper (or admin, where the admin rule allows it). */
export async function signUp(
  app: FastifyInstance,
  options: { username?: string; password?: string; isAdmin?: boolean } = {},
): Promise<{ agent: Agent; user: { id: number; username: string; isAdmin: boolean } }> {
  counter += 1;
  const username = options.username ?? `shopper${process.pid}x${counter}`;
  const password = options.password ?? 'correct-horse-battery';
  const agent = new Agent(app);
  const registered = await agent.post('/api/user/register', {
    username,
    password,
    isAdmin: options.isAdmin ?? false,
  });
  if (registered.statusCode !== 201) {
    throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);
  }
  const login = await agent.post('/api/user/login', { username, password });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return { agent, user: login.json() };
}

/** Runs fn with an item's stock set to `stock`, putting it back after, whatever happens. */
export async function withStock<T>(
  database: Database,
  itemId: number,
  stock: number,
  fn: () => Promise<T>,
): Promise<T> {
  const setStock = (value: number) =>
    database.sql.query('UPDATE items SET stock = $2 WHERE id = $1', [itemId, value]);
  const [before] = await database.sql.query<{ stock: number }>(
    'SELECT stock FROM items WHERE id = $1',
    [itemId],
  );
  await setStock(stock);
  try {
    return await fn();
  } finally {
    await setStock(before!.stock);
  }
}

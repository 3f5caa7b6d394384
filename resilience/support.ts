import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPostgres } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { seedCatalogue } from '../server/db/seed/seed';

/** The PostgreSQL server the tests use: TEST_DATABASE_URL's, or the machine's local one. */
const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string, port?: number): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : url.hostname;
  if (port !== undefined) url.port = String(port);
  return url.toString();
}

export function postgresPort(): number {
  return Number(new URL(BASE_URL).port || 5432);
}

export interface TestDatabase {
  name: string;
  url: string;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** A fresh database of its own on the shared server: migrated, with the scale-1 catalogue. */
export async function createDatabase(): Promise<TestDatabase> {
  const name = `drape_resilience_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(databaseUrl('postgres'), { max: 1 });
  try {
    await admin.sql.exec(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = databaseUrl(name);
  const database = await openPostgres(url, { max: 2 });
  await migrate(database);
  await seedCatalogue(database.sql);
  return {
    name,
    url,
    query: (text, params) => database.sql.query(text, params),
    async drop() {
      await database.close();
      const again = await openPostgres(databaseUrl('postgres'), { max: 1 });
      try {
        await again.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.close();
      }
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A TCP pass-through between the app and PostgreSQL that a test can cut and restore, so a
 * "database outage" never touches the server other people are using.
 */
export class PostgresProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    readonly port: number,
    private readonly targetPort: number,
  ) {}

  static async start(targetPort = postgresPort()): Promise<PostgresProxy> {
    const proxy = new PostgresProxy(await freePort(), targetPort);
    await proxy.restore();
    return proxy;
  }

  /** Accept connections again, on the same port. */
  restore(): Promise<void> {
    if (this.server) return Promise.resolve();
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  /** Drop every open connection and refuse new ones, as a database that went away would. */
  cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

export interface Server {
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stderr and stdout. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

const SECRET = 'resilience-secret-resilience-secret-0042';

/** Every server started in this test process, so none outlives a failing test. */
const started = new Set<Server>();
process.once('exit', () => {
  for (const server of started) server.child.kill('SIGKILL');
});

/** Kills whatever servers are still running; for afterAll. */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...started].map((server) => server.stop()));
}

/** Starts `node --import tsx server/main.ts` as production would run it, and waits until it answers. */
export async function startServer(
  databaseUrlForApp: string,
  port?: number,
  extraEnv: Record<string, string> = {},
): Promise<Server> {
  const chosen = port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'drape-resilience-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(chosen),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrlForApp,
      DATA_DIR: dataDir,
      SESSION_SECRET: SECRET,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      WEB_ROOT: path.join(dataDir, 'no-web'),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      started.delete(server);
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, signal });
    }),
  );
  const server: Server = {
    port: chosen,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  started.add(server);
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await call(server, 'GET', '/api/health/live');
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await server.stop();
  throw new Error(`server did not start within 45 s:\n${output}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Returns once one of the checkouts with these keys has committed its order, or after 5 s. */
export async function firstOrderOf(db: TestDatabase, keys: readonly string[]) {
  const until = Date.now() + 5000;
  while (Date.now() < until) {
    const [made] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE idempotency_key = ANY($1::text[])',
      [keys],
    );
    if (made!.n > 0) return;
    await sleep(2);
  }
}

export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  ms: number;
  json<T = unknown>(): T;
}

/**
 * One request on its own connection (no keep-alive), so a test knows exactly which requests
 * were in flight when something happened to the server.
 */
export function call(
  server: { port: number },
  method: string,
  urlPath: string,
  options: { body?: unknown; cookie?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path: urlPath,
        agent: false,
        timeout: options.timeoutMs ?? 15_000,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body,
            headers: res.headers,
            ms: performance.now() - started,
            json: <T>() => JSON.parse(body) as T,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export interface Shopper {
  username: string;
  cookie: string;
  addressId: number;
}

/** Registers, signs in and adds an address through the API of the given server. */
export async function newShopper(server: { port: number }, username: string): Promise<Shopper> {
  const password = 'correct-horse-battery';
  const reg = await call(server, 'POST', '/api/user/register', { body: { username, password } });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.body}`);
  const login = await call(server, 'POST', '/api/user/login', { body: { username, password } });
  const setCookie = login.headers['set-cookie']?.[0];
  if (login.status !== 200 || !setCookie) throw new Error(`login: ${login.status} ${login.body}`);
  const cookie = setCookie.split(';')[0]!;
  const address = await call(server, 'POST', '/api/shipping', {
    cookie,
    body: {
      nickname: 'Home',
      recipient_name: 'Sam Rivera',
      phone: '(555) 010-0142',
      street_address: '9 Quay St',
      city: 'Boston',
      state: 'MA',
      zip: '02110',
    },
  });
  if (address.status !== 201) throw new Error(`address: ${address.status} ${address.body}`);
  return { username, cookie, addressId: address.json<{ id: number }>().id };
}

/**
 * The checkout invariants: every order has lines and the right subtotal, no line lacks its
 * order, stock fell by exactly what the orders hold, and closets hold exactly what was bought.
 */
export async function checkoutLedger(db: TestDatabase, initialStock: Map<number, number>) {
  const [orphans] = await db.query<{
    empty_orders: number;
    orphan_lines: number;
    bad_totals: number;
  }>(
    `SELECT (SELECT count(*) FROM orders o WHERE NOT EXISTS
              (SELECT 1 FROM order_lines l WHERE l.order_id = o.id))::int AS empty_orders,
            (SELECT count(*) FROM order_lines l WHERE NOT EXISTS
              (SELECT 1 FROM orders o WHERE o.id = l.order_id))::int AS orphan_lines,
            (SELECT count(*) FROM orders o WHERE o.subtotal_cents <>
              (SELECT coalesce(sum(line_total_cents), 0) FROM order_lines l WHERE l.order_id = o.id)
              OR o.total_cents <> o.subtotal_cents + o.shipping_cents)::int AS bad_totals`,
  );
  const ids = [...initialStock.keys()];
  const stock = await db.query<{ id: number; stock: number; sold: number }>(
    `SELECT i.id, i.stock,
            (SELECT coalesce(sum(l.quantity), 0) FROM order_lines l WHERE l.item_id = i.id)::int AS sold
       FROM items i WHERE i.id = ANY($1::int[]) ORDER BY i.id`,
    [ids],
  );
  const stockMismatches = stock
    .filter((row) => initialStock.get(row.id)! - row.sold !== row.stock)
    .map((row) => ({ ...row, initial: initialStock.get(row.id) }));
  const closetMismatches = await db.query(
    `SELECT c.user_id, c.item_id, c.quantity, b.bought
       FROM closet_items c
       FULL JOIN (SELECT o.user_id, l.item_id, sum(l.quantity)::int AS bought
                    FROM order_lines l JOIN orders o ON o.id = l.order_id
                   GROUP BY o.user_id, l.item_id) b
         ON b.user_id = c.user_id AND b.item_id = c.item_id
      WHERE c.quantity IS DISTINCT FROM b.bought`,
  );
  return { ...orphans!, stockMismatches, closetMismatches };
}

/** Puts the pieces in the shopper's cart through the API. */
export async function fillCart(
  server: { port: number },
  shopper: Shopper,
  lines: [itemId: number, quantity: number][],
) {
  for (const [itemId, quantity] of lines) {
    const res = await call(server, 'POST', '/api/cart', {
      cookie: shopper.cookie,
      body: { itemId, quantity },
    });
    if (res.status !== 200) throw new Error(`cart: ${res.status} ${res.body}`);
  }
}

export function checkout(server: { port: number }, shopper: Shopper, key: string) {
  return call(server, 'PUT', '/api/buy', {
    cookie: shopper.cookie,
    body: { addressId: shopper.addressId, paymentMethod: 'paypal', idempotencyKey: key },
  });
}

/** Gives `count` pieces plenty of stock and returns their ids with that stock. */
export async function stockPieces(db: TestDatabase, count: number): Promise<Map<number, number>> {
  const rows = await db.query<{ id: number }>(
    'UPDATE items SET stock = 100 WHERE id IN (SELECT id FROM items ORDER BY id LIMIT $1) RETURNING id',
    [count],
  );
  return new Map(rows.map((r) => [r.id, 100]));
}

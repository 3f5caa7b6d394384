import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { databaseRateLimitStore } from '../lib/rate-limit-store';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../plugins/auth';
import { createTestDatabase } from '../test/databases';
import { Agent, createTestApp, signUp, type TestApp, testConfig } from '../test/test-app';
import { type Req, SecurityFixture } from './fixtures';
import { ROUTE_CASES } from './route-cases';

// Session basics (a fresh token value at each sign-in, logout revoking, a tampered or expired
// cookie refused, the 429 after too many sign-ins) are in server/features/users/user.test.ts.
// This file covers what those leave open.

let t: TestApp;
let f: SecurityFixture;
let webRoot: string;
const password = 'correct-horse-battery';

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'drape-webroot-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>Drape</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webRoot, 'assets', 'app.js'), 'console.log("drape");');
  t = await createTestApp({ webRoot });
  f = await SecurityFixture.create(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) =>
  t.db.database.sql.query<T>(text, params);

function sessionCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === SESSION_COOKIE);
}

async function login(username: string, headers: Record<string, string> = {}, app = t.app) {
  return app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers,
    payload: { username, password },
  });
}

describe('session tokens', () => {
  it('ends the session a browser already had when it signs in again (no fixation)', async () => {
    const { agent, user } = await signUp(t.app);
    const before = agent.cookie!;
    const again = await login(user.username, { cookie: before });
    expect(again.statusCode).toBe(200);
    const after = sessionCookieOf(again)!;
    expect(`${SESSION_COOKIE}=${after.value}`).not.toBe(before);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: before },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `${SESSION_COOKIE}=${after.value}` },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('is 256 random bits, and the database keeps only an HMAC of it', async () => {
    const { agent, user } = await signUp(t.app);
    const token = agent.cookie!.split('=')[1]!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await sql<{ token_hash: string }>(
      'SELECT token_hash FROM sessions WHERE user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    // A stolen copy of the sessions table is no use as cookies.
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `${SESSION_COOKIE}=${rows[0]!.token_hash}` },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('revokes only the session signed out, not the same shopper on another device', async () => {
    const { agent: phone, user } = await signUp(t.app);
    const laptop = new Agent(t.app);
    expect(
      (await laptop.post('/api/user/login', { username: user.username, password })).statusCode,
    ).toBe(200);
    const phoneCookie = phone.cookie!;
    expect((await phone.post('/api/user/logout')).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: phoneCookie },
    });
    expect(out.statusCode).toBe(401);
    expect((await laptop.get('/api/user')).statusCode).toBe(200);
  });

  it('refuses a forged token, an over-long one and garbage, and tells the browser to drop it', async () => {
    for (const value of [
      randomBytes(32).toString('base64url'),
      'x'.repeat(5000),
      "'; DROP TABLE sessions;--",
      '%00%00',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/cart',
        headers: { cookie: `${SESSION_COOKIE}=${value}` },
      });
      expect(res.statusCode, value.slice(0, 20)).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
      const cleared = sessionCookieOf(res);
      expect(cleared?.value, `${value.slice(0, 20)} is dropped`).toBe('');
      expect(cleared!.expires!.getTime()).toBeLessThan(Date.now());
    }
  });

  it('expires after seven days unused, and slides forward while in use', async () => {
    const { agent, user } = await signUp(t.app);
    // As if the last request were two hours ago.
    await sql(
      `UPDATE sessions SET expires_at = now() + interval '7 days' - interval '2 hours' WHERE user_id = $1`,
      [user.id],
    );
    const res = await agent.get('/api/user');
    expect(res.statusCode).toBe(200);
    const refreshed = sessionCookieOf(res)!;
    expect(refreshed.expires!.getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
    const [row] = await sql<{ expires_at: Date }>(
      'SELECT expires_at FROM sessions WHERE user_id = $1',
      [user.id],
    );
    expect(new Date(row!.expires_at).getTime()).toBeGreaterThan(
      Date.now() + SESSION_TTL_MS - 60_000,
    );

    await sql(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      user.id,
    ]);
    expect((await agent.get('/api/user')).statusCode).toBe(401);
  });

  it('is refused when it ends between its lookup and its slide forward', async () => {
    const { agent, user } = await signUp(t.app);
    await sql(
      `UPDATE sessions SET expires_at = now() + interval '7 days' - interval '2 hours' WHERE user_id = $1`,
      [user.id],
    );
    // As if a sign-out elsewhere committed just after this request read the session: the slide
    // finds no row.
    await sql(`CREATE FUNCTION vanish_on_slide() RETURNS trigger LANGUAGE plpgsql AS $$
                 BEGIN IF NEW.user_id = ${Number(user.id)} THEN RETURN NULL; END IF; RETURN NEW; END $$`);
    await sql(`CREATE TRIGGER vanish_on_slide BEFORE UPDATE ON sessions
                 FOR EACH ROW EXECUTE FUNCTION vanish_on_slide()`);
    try {
      const res = await agent.get('/api/user');
      expect(res.statusCode).toBe(401);
      expect(sessionCookieOf(res)?.value).toBe('');
    } finally {
      await sql('DROP TRIGGER vanish_on_slide ON sessions');
      await sql('DROP FUNCTION vanish_on_slide()');
    }
  });

  it('deletes sessions that have ended as sign-ins come, and no other', async () => {
    const gone = await signUp(t.app);
    const kept = await signUp(t.app);
    await sql(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      gone.user.id,
    ]);
    const sessionsOf = async (userId: number) =>
      (await sql('SELECT 1 FROM sessions WHERE user_id = $1', [userId])).length;
    expect(await sessionsOf(gone.user.id)).toBe(1);

    // A process that has not swept yet (this file's app swept at its first sign-in).
    const fresh = await buildApp({ config: testConfig(), database: t.db.database, logger: false });
    try {
      expect((await login(kept.user.username, {}, fresh)).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }

    // Swept after the sign-in's answer, not before it.
    await expect.poll(() => sessionsOf(gone.user.id)).toBe(0);
    // The other shopper's session and the one just started both stand.
    expect(await sessionsOf(kept.user.id)).toBe(2);
    expect((await kept.agent.get('/api/user')).statusCode).toBe(200);
  });
});

describe('the session cookie', () => {
  it('is httpOnly, SameSite=Lax, site-wide, seven days, and not Secure over plain http', async () => {
    const { user } = await signUp(t.app);
    const cookie = sessionCookieOf(await login(user.username))!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeUndefined();
    expect(cookie.domain).toBeUndefined();
    const days = (cookie.expires!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('is Secure, and HSTS is sent, when browsers reach Drape over https (PUBLIC_ORIGIN)', async () => {
    const proxied = await createTestApp({
      trustProxy: 1,
      publicOrigins: ['https://shop.example'],
    });
    try {
      const res = await signUpAt(proxied.app, 'https://shop.example');
      expect(res.statusCode).toBe(200);
      expect(sessionCookieOf(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const page = await proxied.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await proxied.close();
    }
  });

  it('is not Secure behind a proxy when browsers reach Drape over plain http', async () => {
    // A Secure cookie would never come back over http: every sign-in would seem to fail.
    const proxied = await createTestApp({
      trustProxy: 1,
      publicOrigins: ['http://shop.lan:8080'],
    });
    try {
      const res = await signUpAt(proxied.app, 'http://shop.lan:8080');
      expect(res.statusCode).toBe(200);
      expect(sessionCookieOf(res)?.secure).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

/** Every route that changes something, from the authorisation table. */
const WRITES = Object.entries(ROUTE_CASES).filter(([key]) => !key.startsWith('GET '));

describe('cross-site requests', () => {
  it('refuses an HTML form post (or any body that is not JSON) on every write with 415', async () => {
    expect(WRITES.length).toBeGreaterThan(20);
    for (const [key, c] of WRITES) {
      const req = await c.request(f, c.access === 'admin' ? 'admin' : 'shopperA');
      const actor = c.access === 'admin' ? 'admin' : c.access === 'public' ? 'visitor' : 'shopperA';
      const cookie = actor === 'visitor' ? undefined : await f.sessionCookie(actor);
      const before = await f.digest();
      for (const [type, payload] of [
        ['application/x-www-form-urlencoded', 'itemId=1&quantity=1&username=formpost'],
        [
          'multipart/form-data; boundary=drape',
          '--drape\r\nContent-Disposition: form-data; name="itemId"\r\n\r\n1\r\n--drape--\r\n',
        ],
        ['text/plain', '{"itemId": 1, "username": "formpost"}'],
      ] as const) {
        const res = await t.app.inject({
          method: req.method,
          url: req.url,
          headers: { 'content-type': type, ...(cookie ? { cookie } : {}) },
          payload,
        });
        expect(res.statusCode, `${key} with ${type}: ${res.body}`).toBe(415);
        expect(res.json().error.code).toBe('unsupported_media_type');
      }
      expect(await f.digest(), key).toEqual(before);
    }
  });

  it('refuses a JSON write from another origin on every write with 403, changing nothing', async () => {
    for (const [key, c] of WRITES) {
      const req = await c.request(f, c.access === 'admin' ? 'admin' : 'shopperA');
      const actor = c.access === 'admin' ? 'admin' : c.access === 'public' ? 'visitor' : 'shopperA';
      const cookie = actor === 'visitor' ? undefined : await f.sessionCookie(actor);
      const before = await f.digest();
      const attempts: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'http://localhost.evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
        // Near misses: another scheme, port or userinfo on our own host, and a sibling site.
        { origin: 'https://localhost' },
        { origin: 'http://localhost:8080' },
        { origin: 'http://evil@localhost' },
        { origin: 'http://localhost/' },
        { 'sec-fetch-site': 'same-site' },
        { origin: 'http://localhost', 'sec-fetch-site': 'same-site' },
        // A DNS-rebinding page: its own name in Host and Origin.
        { host: 'evil.example', origin: 'http://evil.example' },
      ];
      for (const headers of attempts) {
        const forged: Req = { ...req, headers: { host: 'localhost', ...headers } };
        const res = await f.call(actor, forged, cookie);
        expect(res.statusCode, `${key} with ${JSON.stringify(headers)}: ${res.body}`).toBe(403);
        expect(res.json().error.code).toBe('forbidden');
      }
      expect(await f.digest(), key).toEqual(before);
    }
  });

  it('accepts the same write from the page’s own origin', async () => {
    const res = await f.call('shopperA', {
      method: 'POST',
      url: '/api/cart',
      payload: { itemId: f.nextItem() },
      headers: { host: 'localhost', origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('compares the whole origin with PUBLIC_ORIGIN, port and scheme included, behind a proxy too', async () => {
    const shop = await createTestApp({
      trustProxy: 1,
      publicOrigins: ['https://shop.example:8443', 'https://www.shop.example'],
    });
    try {
      const write = (headers: Record<string, string>) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/user/register',
          headers,
          payload: { username: `o${randomBytes(6).toString('hex')}`, password },
        });
      const proxied = { host: '10.0.0.5:3000', 'x-forwarded-proto': 'https' };
      const ours = [
        {
          ...proxied,
          'x-forwarded-host': 'shop.example:8443',
          origin: 'https://shop.example:8443',
        },
        { ...proxied, 'x-forwarded-host': 'www.shop.example', origin: 'https://www.shop.example' },
        { host: 'www.shop.example:443', origin: 'https://www.shop.example' },
      ];
      for (const headers of ours)
        expect((await write(headers)).statusCode, JSON.stringify(headers)).toBe(201);
      const theirs: Record<string, string>[] = [
        { host: 'shop.example:8443', origin: 'https://shop.example' },
        { host: 'shop.example:8443', origin: 'http://shop.example:8443' },
        {
          host: 'www.shop.example',
          origin: 'https://shop.example:8443',
          'sec-fetch-site': 'same-site',
        },
      ];
      for (const headers of theirs)
        expect((await write(headers)).statusCode, JSON.stringify(headers)).toBe(403);
    } finally {
      await shop.close();
    }
  });

  it('serves no request naming another host (421), except the health checks a load balancer makes', async () => {
    const cookie = await f.sessionCookie('shopperA');
    const before = await f.digest();
    for (const host of [
      'evil.example',
      'localhost:8080',
      'localhost.evil.example',
      'evil@localhost',
    ]) {
      for (const req of [
        { method: 'GET' as const, url: '/api/cart' },
        { method: 'GET' as const, url: '/' },
        { method: 'POST' as const, url: '/api/cart', payload: { itemId: f.nextItem() } },
      ]) {
        const res = await f.call('shopperA', { ...req, headers: { host } }, cookie);
        expect(res.statusCode, `${req.method} ${req.url} Host: ${host}`).toBe(421);
        expect(res.json().error.code).toBe('misdirected');
      }
    }
    expect(await f.digest()).toEqual(before);
    for (const url of ['/api/health', '/api/health/live']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: '10.0.0.7:3000' } });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('grants no other origin the right to read responses (no CORS headers)', async () => {
    const res = await f.call('shopperA', {
      method: 'GET',
      url: '/api/cart',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/cart',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('login rate limit', () => {
  it('keeps counting a correct password once limited, answers JSON, and spares other addresses', async () => {
    const limited = await createTestApp({ loginRateLimit: 2 });
    try {
      const { user } = await signUp(limited.app);
      const attempt = (pw: string, remoteAddress = '203.0.113.7') =>
        limited.app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress,
          payload: { username: user.username, password: pw },
        });
      expect((await attempt('wrong-password-1')).statusCode).toBe(401);
      expect((await attempt('wrong-password-2')).statusCode).toBe(401);
      const blocked = await attempt(password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.code).toBe('rate_limited');
      expect(blocked.headers['retry-after']).toBeDefined();
      expect(sessionCookieOf(blocked)).toBeUndefined();
      expect((await attempt(password, '198.51.100.9')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('login rate limit across server processes (WORKERS)', () => {
  it('gives an address one allowance however many processes share the database', async () => {
    const db = await createTestDatabase();
    const config = testConfig({ loginRateLimit: 2 });
    const apps = [
      await buildApp({ config, database: db.database, logger: false }),
      await buildApp({ config, database: db.database, logger: false }),
    ];
    try {
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const { user } = await signUp(a);
      const attempt = (
        app: FastifyInstance,
        pw = 'wrong-password',
        remoteAddress = '203.0.113.7',
      ) =>
        app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress,
          payload: { username: user.username, password: pw },
        });
      expect((await attempt(a)).statusCode).toBe(401);
      expect((await attempt(b)).statusCode).toBe(401);
      expect((await attempt(a, password)).statusCode).toBe(429);
      expect((await attempt(b, password)).statusCode).toBe(429);
      expect((await attempt(b, password, '198.51.100.9')).statusCode).toBe(200);
      // Registration counts apart from sign-in: the limited address may still register.
      const register = await b.inject({
        method: 'POST',
        url: '/api/user/register',
        remoteAddress: '203.0.113.7',
        payload: {
          username: `rl${randomBytes(4).toString('hex')}`,
          password,
          email: 'rl@drape.test',
        },
      });
      expect(register.statusCode).toBe(201);
    } finally {
      for (const app of apps) await app.close();
      await db.drop();
    }
  });

  it('starts a new window once the last one is over, and sweeps windows long gone', async () => {
    const db = await createTestDatabase();
    try {
      const Store = databaseRateLimitStore(db.database.db);
      const store = new Store().child({ routeInfo: { method: 'POST', url: '/api/user/login' } });
      const hit = (windowMs: number) =>
        new Promise<{ current: number; ttl: number }>((resolve, reject) =>
          store.incr('192.0.2.1', (error, w) => (error ? reject(error) : resolve(w!)), windowMs),
        );
      await db.database.sql.query(
        `INSERT INTO rate_limit_windows (key, hits, started_at)
         VALUES ('POST /api/user/login 192.0.2.99', 5, now() - interval '2 hours')`,
      );
      expect((await hit(300)).current).toBe(1);
      const second = await hit(300);
      expect(second.current).toBe(2);
      expect(second.ttl).toBeGreaterThan(0);
      expect(second.ttl).toBeLessThanOrEqual(300);
      // The window is over: it began longer ago than it lasts.
      await db.database.sql.query(
        `UPDATE rate_limit_windows SET started_at = started_at - interval '350 milliseconds'
          WHERE key = 'POST /api/user/login 192.0.2.1'`,
      );
      expect((await hit(300)).current).toBe(1);
      const rows = await db.database.sql.query<{ key: string }>(
        'SELECT key FROM rate_limit_windows',
      );
      expect(rows.map((r) => r.key)).toEqual(['POST /api/user/login 192.0.2.1']);
    } finally {
      await db.drop();
    }
  });
});

describe('login rate limit behind a proxy (TRUST_PROXY)', () => {
  const proxied = (trustProxy: string) =>
    createTestApp({
      loginRateLimit: 3,
      trustProxy: loadConfig({
        TRUST_PROXY: trustProxy,
        PUBLIC_ORIGIN: 'http://localhost',
        SESSION_SECRET: 'x'.repeat(32),
      }).trustProxy,
    });

  // The proxy (127.0.0.1) appends the address it saw, 198.51.100.7, to whatever the client wrote.
  it.each([
    ['true', '127.0.0.1'],
    ['1', '127.0.0.1'],
    ['10.0.0.0/8, 127.0.0.1', '127.0.0.1'],
    ['10.0.0.0/8, 127.0.0.1', '10.1.2.3'],
  ])(
    'TRUST_PROXY=%s: a forged X-Forwarded-For from behind %s gives no fresh allowance',
    async (trust, proxy) => {
      const limited = await proxied(trust);
      try {
        const { user } = await signUp(limited.app);
        const attempt = (forwardedFor: string) =>
          limited.app.inject({
            method: 'POST',
            url: '/api/user/login',
            remoteAddress: proxy,
            headers: { 'x-forwarded-for': forwardedFor },
            payload: { username: user.username, password: 'wrong-password' },
          });
        for (let n = 1; n <= 3; n++) {
          expect((await attempt(`203.0.113.${n}, 198.51.100.7`)).statusCode).toBe(401);
        }
        for (const forged of ['203.0.113.99, 198.51.100.7', '203.0.113.100,198.51.100.7']) {
          expect((await attempt(forged)).statusCode, forged).toBe(429);
        }
        // Someone else behind the same proxy still has their own allowance.
        expect((await attempt('198.51.100.8')).statusCode).toBe(401);
      } finally {
        await limited.close();
      }
    },
  );

  it('believes no X-Forwarded-For from a client that is not one of the listed proxies', async () => {
    const limited = await proxied('10.0.0.0/8');
    try {
      const { user } = await signUp(limited.app);
      const attempt = (n: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: '192.0.2.50',
          headers: { 'x-forwarded-for': `203.0.113.${n}` },
          payload: { username: user.username, password: 'wrong-password' },
        });
      for (let n = 1; n <= 3; n++) expect((await attempt(n)).statusCode).toBe(401);
      expect((await attempt(4)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the web page', () => {
  async function page(url: string) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    return res;
  }

  it('carries a strict Content-Security-Policy and the other security headers', async () => {
    for (const url of ['/', '/closet/Work/outfits', '/admin']) {
      const res = await page(url);
      const csp = String(res.headers['content-security-policy']);
      const directives = new Map(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name!, values] as const;
        }),
      );
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'self'"]);
      expect(directives.get('form-action')).toEqual(["'self'"]);
      expect(directives.get('connect-src')).toEqual(["'self'"]);
      // The installable app's service worker and manifest, from Drape only.
      expect(directives.get('worker-src')).toEqual(["'self'"]);
      expect(directives.get('manifest-src')).toEqual(["'self'"]);
      // Plain http by a LAN address must keep working when not behind https.
      expect(directives.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the same headers with API answers and scripts', async () => {
    for (const url of ['/api/health/live', '/assets/app.js', '/api/nothing-here']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const picture = await t.app.inject({ method: 'GET', url: f.catalogue.image });
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    const drawing = await t.app.inject({
      method: 'GET',
      url: f.catalogue.image.replace(/\.webp$/, '.svg'),
    });
    expect(drawing.headers['content-type']).toMatch(/^image\/svg\+xml/);
    // A drawing opened on its own cannot run anything.
    expect(drawing.headers['content-security-policy']).toMatch(/^default-src 'none'/);
  });

  it('names the swipe screen’s first requests for a signed-in shopper on /home only', async () => {
    const preload = async (url: string, cookie?: string) =>
      (await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).headers.link;
    const { agent } = await signUp(t.app);
    const cookie = agent.cookie!;
    expect(await preload('/home', cookie)).toBe(
      '</api/user>; rel=preload; as=fetch; crossorigin, ' +
        '</api/outfit/home?limit=10>; rel=preload; as=fetch; crossorigin',
    );
    // A visitor is shown the sign-in form; other pages ask for other things.
    expect(await preload('/home')).toBeUndefined();
    expect(await preload('/home', 'xdrape_session=abc')).toBeUndefined();
    const home = await t.app.inject({ method: 'GET', url: '/home' });
    expect(home.headers.vary).toMatch(/cookie/i);
    expect(await preload('/favorites', cookie)).toBeUndefined();
  });

  it('never serves a file from outside the web folder', async () => {
    for (const url of [
      '/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '/assets/..%2F..%2Fpackage.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/%2e%2e%2f%2e%2e%2fpackage.json',
      '/assets/..%5C..%5Cpackage.json',
      '/images/items/..%2F..%2F..%2Fpackage.json/x.svg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toMatch(/root:x:0|"name": "drape"/);
    }
  });
});

describe('methods a path does not take', () => {
  it('answers 405 with Allow for an undeclared method on a path that exists, and 404 for unknown paths', async () => {
    const cookie = await f.sessionCookie('shopperA');
    const before = await f.digest();
    const cases: [
      method: 'GET' | 'PATCH' | 'DELETE' | 'PUT' | 'POST',
      url: string,
      allow: string,
    ][] = [
      ['PATCH', '/api/cart', 'GET, HEAD, POST'],
      ['GET', '/api/user/login', 'POST'],
      ['DELETE', '/api/user/register', 'POST'],
      ['PUT', '/api/health', 'GET, HEAD'],
      ['POST', `/api/buy/${f.holdings.shopperA.orderNumber}`, 'GET, HEAD'],
    ];
    for (const [method, url, allow] of cases) {
      const res = await t.app.inject({ method, url, headers: { cookie } });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.json().error.code).toBe('method_not_allowed');
    }
    for (const [method, url] of [
      ['PATCH', '/api/no-such-thing'],
      ['GET', '/api/no/such/thing'],
      ['POST', '/home'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers.allow).toBeUndefined();
    }
    expect(await f.digest()).toEqual(before);
  });
});

/** Registers a shopper and signs in through a proxy serving `origin`; answers the sign-in. */
async function signUpAt(app: FastifyInstance, origin: string) {
  const credentials = { username: `proxied${randomBytes(4).toString('hex')}`, password };
  const url = new URL(origin);
  const headers = { host: url.host, 'x-forwarded-proto': url.protocol.slice(0, -1) };
  const registered = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    headers,
    payload: credentials,
  });
  expect(registered.statusCode, registered.body).toBe(201);
  return app.inject({ method: 'POST', url: '/api/user/login', headers, payload: credentials });
}

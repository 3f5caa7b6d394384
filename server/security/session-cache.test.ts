import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KEPT_SECONDS, untilAnnounced } from '../test/announcements';
import { testDriver } from '../test/databases';
import { Agent, createTestApp, secondProcess, signUp, type TestApp } from '../test/test-app';

// With the cache on, a process answers a known session from memory for up to an hour here;
// every case below must see the session end on its announcement, not when the copy ages.
const TTL_SECONDS = KEPT_SECONDS;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ cacheSeconds: TTL_SECONDS });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const sql = (text: string, params?: unknown[]) => t.db.database.sql.query(text, params);

/** Signs up, then makes one request so the session is in the cache. */
async function cachedShopper(app: FastifyInstance = t.app) {
  const signedUp = await signUp(app);
  expect((await signedUp.agent.get('/api/user')).statusCode).toBe(200);
  return signedUp;
}

async function statusWith(app: FastifyInstance, cookie: string) {
  return (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode;
}

describe('sessions kept in memory', () => {
  it('refuses a signed-out session at once in the process that signed it out', async () => {
    const { agent } = await cachedShopper();
    const cookie = agent.cookie!;
    expect((await agent.post('/api/user/logout')).statusCode).toBe(200);
    expect(await statusWith(t.app, cookie)).toBe(401);
  });

  it('refuses a session deleted in the database behind the app’s back', async () => {
    const { agent, user } = await cachedShopper();
    await sql('DELETE FROM sessions WHERE user_id = $1', [user.id]);
    await vi.waitFor(
      async () => expect(await statusWith(t.app, agent.cookie!)).toBe(401),
      untilAnnounced,
    );
  });

  it('refuses a session whose expiry was brought forward in the database', async () => {
    const { agent, user } = await cachedShopper();
    await sql(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      user.id,
    ]);
    await vi.waitFor(
      async () => expect(await statusWith(t.app, agent.cookie!)).toBe(401),
      untilAnnounced,
    );
  });

  it('sees a shopper made admin without waiting for the copy to age', async () => {
    const { agent, user } = await cachedShopper();
    expect((await agent.get('/api/design/outfits')).statusCode).toBe(403);
    await sql('UPDATE users SET is_admin = true WHERE id = $1', [user.id]);
    await vi.waitFor(
      async () => expect((await agent.get('/api/design/outfits')).statusCode).toBe(200),
      untilAnnounced,
    );
  });

  it('keeps serving a session that slid forward (a later expiry is not announced)', async () => {
    const { agent, user } = await cachedShopper();
    await sql(`UPDATE sessions SET expires_at = now() + interval '8 days' WHERE user_id = $1`, [
      user.id,
    ]);
    expect((await agent.get('/api/user')).statusCode).toBe(200);
  });
});

describe.runIf(testDriver() === 'postgres')(
  'sessions kept in memory by several processes (PostgreSQL only: PGlite serves one process)',
  () => {
    let second: FastifyInstance;
    let closeSecond: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ app: second, close: closeSecond } = await secondProcess(t, {
        cacheSeconds: TTL_SECONDS,
      }));
    });
    afterAll(() => closeSecond?.());

    it('refuses, in every other process, a session signed out in one', async () => {
      const { agent } = await cachedShopper();
      const cookie = agent.cookie!;
      expect(await statusWith(second, cookie)).toBe(200);
      expect((await agent.post('/api/user/logout')).statusCode).toBe(200);
      await vi.waitFor(
        async () => expect(await statusWith(second, cookie)).toBe(401),
        untilAnnounced,
      );
    });

    it('signs in on one process and is known on the other', async () => {
      const { agent } = await cachedShopper(second);
      expect(await statusWith(t.app, agent.cookie!)).toBe(200);
      const other = new Agent(t.app);
      other.cookie = agent.cookie;
      expect((await other.post('/api/user/logout')).statusCode).toBe(200);
      await vi.waitFor(
        async () => expect(await statusWith(second, agent.cookie!)).toBe(401),
        untilAnnounced,
      );
    });
  },
);

import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { createTestApp, type TestApp } from '../test/test-app';

// A fresh deployment has no administrator. Whoever registers the first one gets the design
// area, so several visitors racing for it at once must not all win.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function freshShop(overrides: Partial<Config> = {}): Promise<TestApp> {
  t = await createTestApp(overrides);
  const [row] = await t.db.database.sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM users WHERE is_admin',
  );
  expect(row!.n, 'the test database starts without an admin').toBe(0);
  return t;
}

function registerAdmins(
  app: TestApp['app'],
  count: number,
  extra: Record<string, string> = {},
): Promise<LightMyRequestResponse[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: {
          username: `boss${process.pid}r${i}`,
          password: 'correct-horse-battery',
          isAdmin: true,
          ...extra,
        },
      }),
    ),
  );
}

async function admins(shop: TestApp): Promise<string[]> {
  const rows = await shop.db.database.sql.query<{ username: string }>(
    'SELECT username FROM users WHERE is_admin ORDER BY id',
  );
  return rows.map((r) => r.username);
}

describe('POST /api/user/register as the first admin, several at once', () => {
  it('makes exactly one admin; the others get the 403 anyone later gets, and no account', async () => {
    const shop = await freshShop();
    const answers = await registerAdmins(shop.app, 5);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 403, 403, 403, 403]);
    for (const refused of answers.filter((r) => r.statusCode === 403)) {
      expect(refused.json().error.code).toBe('forbidden');
    }
    const winner = answers.find((r) => r.statusCode === 201)!.json();
    expect(await admins(shop)).toEqual([winner.username]);
    const [row] = await shop.db.database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE username LIKE 'boss%'",
    );
    expect(row!.n).toBe(1);

    const later = await registerAdmins(shop.app, 1, { username: 'latecomer' });
    expect(later[0]!.statusCode).toBe(403);
    expect(later[0]!.json().error.message).toBe(
      answers.find((r) => r.statusCode === 403)!.json().error.message,
    );
  });

  it('asks for ADMIN_REGISTRATION_CODE from the first admin too, when the server sets one', async () => {
    const shop = await freshShop({ adminRegistrationCode: 'open-sesame-42' });
    const info = await shop.app.inject({ method: 'GET', url: '/api/user/register/admin' });
    expect(info.json()).toEqual({ codeRequired: true, open: true });

    const withoutCode = await registerAdmins(shop.app, 5);
    expect(withoutCode.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    const wrongCode = await registerAdmins(shop.app, 2, { adminCode: 'open-sesame-43' });
    expect(wrongCode.map((r) => r.statusCode)).toEqual([403, 403]);
    expect(await admins(shop)).toEqual([]);

    // Holding the code is the right to be an admin, so everyone who has it may register one.
    const withCode = await registerAdmins(shop.app, 3, { adminCode: 'open-sesame-42' });
    expect(withCode.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(await admins(shop)).toHaveLength(3);
  });
});

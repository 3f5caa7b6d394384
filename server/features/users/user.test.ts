import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, signUp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminRegistrationCode: 'open-sesame-42', loginRateLimit: 1_000 });
});
afterAll(() => t.close());

const password = 'correct-horse-battery';

async function userCount(): Promise<number> {
  const rows = await t.db.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return rows[0]!.n;
}

describe('POST /api/user/register', () => {
  it('creates a shopper and never returns the password hash', async () => {
    const agent = new Agent(t.app);
    const res = await agent.post('/api/user/register', {
      username: 'ivy.rose',
      password,
      firstName: 'Ivy',
      lastName: 'Rose',
      email: 'ivy@example.com',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'ivy.rose', firstName: 'Ivy', isAdmin: false });
    expect(res.body).not.toMatch(/argon2|password/i);
    const [row] = await t.db.database.sql.query<{ password_hash: string }>(
      "SELECT password_hash FROM users WHERE username = 'ivy.rose'",
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('treats usernames case-insensitively', async () => {
    await signUp(t.app, { username: 'MarcoPolo' });
    const before = await userCount();
    const res = await new Agent(t.app).post('/api/user/register', {
      username: 'marcopolo',
      password,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'username_taken',
      message: 'The username "marcopolo" is already taken. Choose another.',
      fields: { username: 'The username "marcopolo" is already taken. Choose another.' },
    });
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ password }, 'username'],
    [{ username: 'okname' }, 'password'],
    [{ username: 'ab', password }, 'username'],
    [{ username: 'has space', password }, 'username'],
    [{ username: 'shortpw', password: '1234567' }, 'password'],
    [{ username: 'bademail', password, email: 'not-an-email' }, 'email'],
    [{ username: 'x'.repeat(41), password }, 'username'],
    [{ username: 12345, password }, 'username'],
  ])('rejects %j with 400 naming %s, and stores nothing', async (payload, field) => {
    const before = await userCount();
    const res = await new Agent(t.app).post('/api/user/register', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields)).toContain(field);
    expect(await userCount()).toBe(before);
  });

  it('rejects malformed JSON with a JSON 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "x",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
  });

  it('refuses a form post (not JSON) with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=formuser&password=correct-horse-battery',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('admin registration', () => {
  it('needs the code for every admin a visitor registers, the first one too; a wrong code is 403', async () => {
    const info = await new Agent(t.app).get('/api/user/register/admin');
    expect(info.json()).toEqual({ codeRequired: true, open: true });

    const before = await userCount();
    for (const adminCode of [undefined, 'wrong-code-123']) {
      const refused = await new Agent(t.app).post('/api/user/register', {
        username: 'sneaky',
        password,
        isAdmin: true,
        ...(adminCode ? { adminCode } : {}),
      });
      expect(refused.statusCode).toBe(403);
    }
    expect(await userCount()).toBe(before);

    for (const username of ['firstadmin', 'secondadmin']) {
      const withCode = await new Agent(t.app).post('/api/user/register', {
        username,
        password,
        isAdmin: true,
        adminCode: 'open-sesame-42',
      });
      expect(withCode.statusCode).toBe(201);
      expect(withCode.json().isAdmin).toBe(true);
    }
  });

  it('says registration is closed to visitors once an admin exists and there is no code', async () => {
    const closed = await createTestApp();
    try {
      const before = await new Agent(closed.app).get('/api/user/register/admin');
      expect(before.json()).toEqual({ codeRequired: false, open: true });
      await signUp(closed.app, { isAdmin: true });
      const after = await new Agent(closed.app).get('/api/user/register/admin');
      expect(after.json()).toEqual({ codeRequired: false, open: false });
    } finally {
      await closed.close();
    }
  });

  it('lets a signed-in admin create another admin and stay themselves, but not a shopper', async () => {
    const admin = new Agent(t.app);
    await admin.post('/api/user/login', { username: 'firstadmin', password });
    const session = admin.cookie;
    const byAdmin = await admin.post('/api/user/register', {
      username: 'thirdadmin',
      password,
      isAdmin: true,
    });
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json()).toMatchObject({ username: 'thirdadmin', isAdmin: true });
    // No session for the new account: the caller's cookie is theirs still.
    expect(byAdmin.cookies.find((c) => c.name === 'drape_session')).toBeUndefined();
    expect(admin.cookie).toBe(session);
    const me = await admin.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'firstadmin', isAdmin: true });
    const thirdLogin = await new Agent(t.app).post('/api/user/login', {
      username: 'thirdadmin',
      password,
    });
    expect(thirdLogin.json()).toMatchObject({ username: 'thirdadmin', isAdmin: true });

    const { agent: shopper, user } = await signUp(t.app);
    const before = await userCount();
    const byShopper = await shopper.post('/api/user/register', {
      username: 'fourthadmin',
      password,
      isAdmin: true,
    });
    expect(byShopper.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
    expect((await shopper.get('/api/user')).json()).toMatchObject({ id: user.id, isAdmin: false });
  });
});

describe('POST /api/user/login', () => {
  it('signs in with an httpOnly, SameSite=Lax session cookie and a new token each time', async () => {
    await signUp(t.app, { username: 'loginuser' });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'LOGINUSER', password },
    });
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((c) => c.name === 'drape_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'loginuser', password },
    });
    expect(second.cookies.find((c) => c.name === 'drape_session')!.value).not.toBe(cookie.value);
  });

  it('answers 401 for a wrong password and for an unknown user, without a cookie', async () => {
    await signUp(t.app, { username: 'wrongpw' });
    for (const payload of [
      { username: 'wrongpw', password: 'not-the-password' },
      { username: 'nobody-here', password },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
      expect(res.cookies.find((c) => c.name === 'drape_session')).toBeUndefined();
    }
  });

  it('answers 400 for missing fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: '' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/user and POST /api/user/logout', () => {
  it('is 401 for a visitor', async () => {
    const res = await new Agent(t.app).get('/api/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });

  it('returns the signed-in user, and logout revokes the session on the server', async () => {
    const { agent, user } = await signUp(t.app);
    const me = await agent.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, username: user.username, isAdmin: false });

    const stolen = agent.cookie!;
    const out = await agent.post('/api/user/logout');
    expect(out.statusCode).toBe(200);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: stolen },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('rejects a tampered or expired cookie', async () => {
    const { agent } = await signUp(t.app);
    const tampered = `${agent.cookie!.slice(0, -2)}xx`;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: tampered } }))
        .statusCode,
    ).toBe(401);
    await t.db.database.sql.query("UPDATE sessions SET expires_at = now() - interval '1 minute'");
    expect((await agent.get('/api/user')).statusCode).toBe(401);
  });
});

describe('login rate limit', () => {
  it('answers 429 after too many attempts from one address', async () => {
    const limited = await createTestApp({ loginRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { username: 'nobody', password: 'whatever-pass' },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
      expect(codes.slice(3)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('cross-origin writes', () => {
  it('refuses a write whose Origin is another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
      payload: { username: 'crosssite', password },
    });
    expect(res.statusCode).toBe(403);
    expect(
      await t.db.database.sql.query("SELECT 1 FROM users WHERE username = 'crosssite'"),
    ).toHaveLength(0);
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { type Actor, type Req, SecurityFixture, type SignedIn } from './fixtures';
import { ROUTE_CASES } from './route-cases';

/** Just enough of JSON Schema to read the OpenAPI document the app serves. */
interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: 'path' | 'query'; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

let t: TestApp;
let f: SecurityFixture;
let paths: Record<string, Record<string, Operation>>;
const cookies = {} as Record<SignedIn, string>;

beforeAll(async () => {
  t = await createTestApp();
  f = await SecurityFixture.create(t);
  paths = (t.app.swagger() as { paths: typeof paths }).paths;
  // One session per account for the whole file, so the sessions table itself stays put.
  for (const actor of ['shopperA', 'shopperB', 'admin'] as const) {
    cookies[actor] = await f.sessionCookie(actor);
  }
}, 120_000);
afterAll(() => t?.close());

function operationOf(key: string): Operation {
  const [method, pattern] = key.split(' ') as [string, string];
  const openApiPath = pattern.replace(/:(\w+)/g, '{$1}');
  return paths[openApiPath]?.[method.toLowerCase()] ?? {};
}

/** The values each `:name` took in a concrete URL built from the pattern. */
function paramsOf(pattern: string, url: string): Record<string, string> {
  const names: string[] = [];
  const source = pattern
    .replace(/[.]/g, '\\.')
    .replace(/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return '([^/?]+)';
    })
    .replace('*', '(.+)');
  const match = new RegExp(`^${source}(?:\\?|$)`).exec(url);
  if (!match) throw new Error(`${url} does not match ${pattern}`);
  if (pattern.endsWith('*')) names.push('*');
  return Object.fromEntries(names.map((name, i) => [name, match[i + 1]!]));
}

function buildPath(pattern: string, params: Record<string, string>): string {
  return pattern
    .replace(/:(\w+)/g, (_, name: string) => params[name]!)
    .replace('*', params['*'] ?? '');
}

/** Already URL-encoded, as an attacker would type them into a path. */
const HOSTILE_SEGMENTS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '0x10',
  '1e1',
  '%207',
  '99999999999999999999',
  '2147483648',
  'NaN',
  'Infinity',
  '..%2F..%2F..%2Fpackage.json',
  '..%2F',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%00',
  '1%00',
  "1'%20OR%20'1'%3D'1",
  '1%3B%20DROP%20TABLE%20users',
  '%25',
  '_',
  '%E2%80%AE',
  '%F0%9F%91%97',
  '%E0%A4%A',
  'x'.repeat(250),
];

/** Query values: paging out of range, wrong types, and text full of SQL and LIKE syntax. */
const HOSTILE_QUERY_VALUES = [
  '-1',
  '0',
  'abc',
  '1.5',
  '0x10',
  '99999999999999999999',
  '%00',
  "'%20OR%201%3D1--",
  '%25',
  '_',
  '%5C',
  '%E2%80%AE%F0%9F%91%97',
  'x'.repeat(2000),
];

const MEGABYTE = 'a'.repeat(1024 * 1024);

/** JSON values of the wrong kind for a property of the given schema. */
function wrongValues(schema: JsonSchema): unknown[] {
  const types = new Set<string>();
  const collect = (s: JsonSchema) => {
    if (Array.isArray(s.type)) for (const x of s.type) types.add(x);
    else if (s.type) types.add(s.type);
    for (const member of s.anyOf ?? []) collect(member);
  };
  collect(schema);
  const nullable = schema.nullable === true || types.has('null');
  const values: unknown[] = [true, [], {}, ['x'], { $gt: '' }];
  if (!nullable) values.push(null);
  if (types.has('integer') || types.has('number')) {
    values.push('abc', '12abc', '0x10', -1, 0, 1.5, 1e308, 2 ** 53 + 1, 2_147_483_648, 'NaN', [1]);
  }
  if (types.has('string')) values.push(12345, 'x'.repeat(20_000));
  if (types.has('boolean')) values.push('true', 1, 'yes');
  return values.filter((value) => !(types.has('boolean') && typeof value === 'boolean'));
}

interface HostileCase {
  label: string;
  req: Req;
  /** Only GET searches may answer 2xx: hostile text is still text to search for. */
  mayAnswer2xx?: boolean;
}

function hostileCases(key: string, base: Req): HostileCase[] {
  const [method, pattern] = key.split(' ') as [Req['method'], string];
  const op = operationOf(key);
  const cases: HostileCase[] = [];
  const [basePath, baseQuery = ''] = base.url.split('?') as [string, string?];
  const params = paramsOf(pattern, base.url);
  const withBody = (req: Req): Req =>
    base.payload === undefined ? req : { ...req, payload: base.payload };

  for (const name of Object.keys(params)) {
    const declared = op.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema;
    // A name ("Tops", "Date Night") may be matched loosely by a read; an id never is.
    const isName = declared?.type === 'string' || name === '*';
    for (const value of HOSTILE_SEGMENTS) {
      const url = buildPath(pattern, { ...params, [name]: value });
      cases.push({
        label: `:${name} = ${value.slice(0, 40)}`,
        req: withBody({ method, url: baseQuery ? `${url}?${baseQuery}` : url }),
        mayAnswer2xx: method === 'GET' && isName,
      });
    }
  }

  for (const param of op.parameters?.filter((p) => p.in === 'query') ?? []) {
    const query = new URLSearchParams(baseQuery);
    for (const value of [...HOSTILE_QUERY_VALUES, 'repeated']) {
      query.delete(param.name);
      let text = query.toString();
      const added =
        value === 'repeated' ? `${param.name}=1&${param.name}=2` : `${param.name}=${value}`;
      text = text ? `${text}&${added}` : added;
      cases.push({
        label: `?${param.name}=${value.slice(0, 40)}`,
        req: withBody({ method, url: `${basePath}?${text}` }),
        mayAnswer2xx: method === 'GET',
      });
    }
  }

  if (method !== 'GET') {
    const raw = (payload: string, label: string) =>
      cases.push({ label, req: { method, url: base.url, payload } });
    raw('{"unterminated": ', 'malformed JSON');
    raw("{'single': 'quotes'}", 'single-quoted JSON');
    raw('{"a": 1,}', 'trailing comma');
    raw(JSON.stringify({ padding: MEGABYTE }), 'a 1 MB string (over the 64 KiB body limit)');
    raw('{"__proto__": {"isAdmin": true}}', 'a __proto__ key');
    raw('{"constructor": {"prototype": {"isAdmin": true}}}', 'a constructor.prototype key');
    const body = op.requestBody?.content['application/json']?.schema;
    if (body) {
      for (const value of ['null', '[]', '"text"', '42', 'true', ''])
        raw(value, `body ${value || '(empty)'}`);
      if (body.required?.length) raw('{}', 'every field missing');
      const valid = (base.payload ?? {}) as Record<string, unknown>;
      for (const name of body.required ?? []) {
        const { [name]: _, ...rest } = valid;
        cases.push({ label: `${name} missing`, req: { method, url: base.url, payload: rest } });
      }
      for (const [name, schema] of Object.entries(body.properties ?? {})) {
        // PostgreSQL text cannot hold NUL: a field the request stores must be refused cleanly.
        const nul = typeof valid[name] === 'string' ? ['ok\u0000ok'] : [];
        for (const value of [...wrongValues(schema), ...nul]) {
          cases.push({
            label: `${name} = ${JSON.stringify(value).slice(0, 40)}`,
            req: { method, url: base.url, payload: { ...valid, [name]: value } },
          });
        }
      }
    }
  }
  return cases;
}

function callerOf(access: 'public' | 'shopper' | 'admin'): Actor {
  return access === 'public' ? 'visitor' : access === 'admin' ? 'admin' : 'shopperA';
}

function send(actor: Actor, req: Req): Promise<LightMyRequestResponse> {
  return f.call(actor, req, actor === 'visitor' ? undefined : cookies[actor]);
}

function expectCleanAnswer(c: HostileCase, res: LightMyRequestResponse) {
  const what = `${c.req.method} ${c.req.url.slice(0, 120)} [${c.label}] → ${res.statusCode} ${res.body.slice(0, 200)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  if (res.statusCode < 400) {
    expect(c.mayAnswer2xx, what).toBe(true);
    return;
  }
  expect(res.headers['content-type'], what).toMatch(/^application\/json/);
  const body = res.json();
  expect(body.error.code, what).toEqual(expect.any(String));
  expect(body.error.message, what).not.toMatch(/SELECT|INSERT|syntax|node_modules|\bat \w+ \(/);
}

describe('hostile input on every route', () => {
  for (const [key, c] of Object.entries(ROUTE_CASES)) {
    it(`${key}: a JSON 4xx for every hostile variant, never a 5xx, and no change`, async () => {
      const caller = callerOf(c.access);
      const base = await c.request(f, caller === 'visitor' ? 'visitor' : caller);
      const cases = hostileCases(key, base);
      const before = await f.digest();
      for (const hostile of cases) expectCleanAnswer(hostile, await send(caller, hostile.req));
      expect(await f.digest(), `${key} changed the database`).toEqual(before);
    });
  }
});

describe('control characters in one-line text', () => {
  // Line breaks, tabs, escapes, DEL and a C1 line break (NEL). Multi-line or opaque text is left
  // out: a description may run over lines, and a password or code is never shown.
  const CONTROLS = ['\r\nBcc: evil@attacker.example', '\n', '\t', '\u001b[31m', '\u007f', '\u0085'];
  const NOT_ONE_LINE: ReadonlySet<string> = new Set(['password', 'adminCode', 'description']);
  const isText = (schema: JsonSchema): boolean =>
    [schema.type].flat().includes('string') || (schema.anyOf ?? []).some(isText);

  for (const [key, c] of Object.entries(ROUTE_CASES)) {
    const op = () => operationOf(key);
    it(`${key}: refuses them in every one-line field with a 400 naming the field, changing nothing`, async () => {
      const caller = callerOf(c.access);
      const base = await c.request(f, caller);
      const body = op().requestBody?.content['application/json']?.schema;
      const tried: HostileCase[] = [];
      for (const [name, schema] of Object.entries(body?.properties ?? {})) {
        if (NOT_ONE_LINE.has(name) || !isText(schema)) continue;
        for (const control of CONTROLS) {
          const valid = (base.payload ?? {}) as Record<string, unknown>;
          tried.push({
            label: name,
            req: { ...base, payload: { ...valid, [name]: `Eve${control}x` } },
          });
        }
      }
      const [path, query = ''] = base.url.split('?') as [string, string?];
      for (const param of op().parameters?.filter((p) => p.in === 'query') ?? []) {
        if (!isText(param.schema)) continue;
        for (const control of CONTROLS) {
          const q = new URLSearchParams(query);
          q.set(param.name, `Eve${control}x`);
          tried.push({ label: param.name, req: { ...base, url: `${path}?${q}` } });
        }
      }
      const before = await f.digest();
      for (const attempt of tried) {
        const res = await send(caller, attempt.req);
        const what = `${attempt.label} = ${JSON.stringify(attempt.req.payload ?? attempt.req.url).slice(0, 160)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBe(400);
        const fields = Object.keys(res.json().error.fields ?? {});
        expect(
          fields.some((field) => field.split('.')[0] === attempt.label),
          what,
        ).toBe(true);
      }
      expect(await f.digest(), `${key} changed the database`).toEqual(before);
    });
  }
});

describe('hostile text that is valid input', () => {
  const HOSTILE_TEXT = [
    "Robert'); DROP TABLE users;--",
    '100% _cotton_ \\ [a-z]*',
    'Ünïcødé 👗 ‮reversed‬ 中文',
  ];

  it('is stored and returned exactly as sent, as plain text', async () => {
    for (const nickname of HOSTILE_TEXT) {
      const created = await send('shopperA', {
        method: 'POST',
        url: '/api/shipping',
        payload: {
          nickname: nickname.slice(0, 40),
          recipient_name: 'Sam Rivera',
          phone: '(555) 010-0142',
          street_address: nickname,
          city: 'Springfield',
          state: 'il',
          zip: '62701',
          preferred: false,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const [row] = await f.sql.query<{ nickname: string; street_address: string }>(
        'SELECT nickname, street_address FROM addresses WHERE id = $1',
        [created.json().id],
      );
      expect(row).toEqual({ nickname: nickname.slice(0, 40), street_address: nickname });
      await send('shopperA', { method: 'DELETE', url: `/api/shipping/${created.json().id}` });
    }
    expect(
      await f.sql.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'users'"),
    ).toHaveLength(1);
  });

  it('treats % and _ in a search as the characters themselves', async () => {
    for (const url of [
      '/api/item/search?q=%25',
      '/api/item/search?q=_',
      '/api/outfit/search?q=%25%25',
      '/api/favorites/search?q=_',
      '/api/closet/outfits?q=%25',
      '/api/design/outfits?q=%25',
    ]) {
      const res = await send(url.startsWith('/api/design') ? 'admin' : 'shopperA', {
        method: 'GET',
        url,
      });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      const body = res.json();
      const results = Array.isArray(body) ? body : (body.items ?? body.results ?? body.outfits);
      // No name in the seeded shop contains a literal % or _.
      expect(results, url).toEqual([]);
    }
  });

  it('ignores fields the request does not define: no owner, price or role from the body', async () => {
    const { shopperA, shopperB } = f.users;
    const itemId = f.nextItem();
    const [item] = await f.sql.query<{ price_cents: number }>(
      'SELECT price_cents FROM items WHERE id = $1',
      [itemId],
    );
    const cart = await send('shopperA', {
      method: 'POST',
      url: '/api/cart',
      payload: {
        itemId,
        quantity: 1,
        userId: shopperB.id,
        user_id: shopperB.id,
        unitPriceCents: 1,
        priceCents: 1,
      },
    });
    expect(cart.statusCode, cart.body).toBe(200);
    const line = cart.json().lines.find((l: { itemId: number }) => l.itemId === itemId);
    expect(line.unitPriceCents).toBe(item!.price_cents);
    const owners = await f.sql.query<{ user_id: number }>(
      'SELECT user_id FROM cart_lines WHERE item_id = $1',
      [itemId],
    );
    expect(owners).toEqual([{ user_id: shopperA.id }]);

    const address = await send('shopperB', {
      method: 'POST',
      url: '/api/shipping',
      payload: {
        nickname: 'Mine',
        recipient_name: 'Sam Rivera',
        phone: '(555) 010-0142',
        street_address: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zip: '73301',
        userId: shopperA.id,
        id: f.holdings.shopperA.addressId,
      },
    });
    expect(address.statusCode, address.body).toBe(201);
    expect(address.json().id).not.toBe(f.holdings.shopperA.addressId);
    const [owner] = await f.sql.query<{ user_id: number }>(
      'SELECT user_id FROM addresses WHERE id = $1',
      [address.json().id],
    );
    expect(owner!.user_id).toBe(shopperB.id);

    const registered = await send('visitor', {
      method: 'POST',
      url: '/api/user/register',
      payload: {
        username: f.unique('plain'),
        password: 'correct-horse-battery',
        is_admin: true,
        role: 'admin',
        id: 1,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().isAdmin).toBe(false);
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { type Actor, type Req, SecurityFixture, type SignedIn } from './fixtures';
import { ROUTE_CASES, routeKey } from './route-cases';

let t: TestApp;
let f: SecurityFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await SecurityFixture.create(t);
}, 120_000);
afterAll(() => t?.close());

const describeResponse = (res: LightMyRequestResponse) =>
  `${res.statusCode} ${res.body.slice(0, 300)}`;

function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, describeResponse(res)).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json().error.code).toBe(code);
}

function expectSuccess(res: LightMyRequestResponse) {
  expect(res.statusCode, describeResponse(res)).toBeGreaterThanOrEqual(200);
  expect(res.statusCode, describeResponse(res)).toBeLessThan(300);
}

/** Documentation may redirect to its index; anything below 400 is "open". */
function expectOpen(res: LightMyRequestResponse) {
  expect(res.statusCode, describeResponse(res)).toBeLessThan(400);
}

/** Sends req as actor and checks the answer, proving the database did not change. */
async function sendUnchanged(
  actor: Actor,
  req: Req,
  check: (res: LightMyRequestResponse) => void,
): Promise<void> {
  const cookie = actor === 'visitor' ? undefined : await f.sessionCookie(actor);
  const before = await f.digest();
  const res = await f.call(actor, req, cookie);
  check(res);
  expect(await f.digest(), `${req.method} ${req.url} changed the database`).toEqual(before);
}

/**
 * The same route with everything wrong: ids that are not ids, paging out of range, a body of
 * the wrong shape, and a body that is not JSON at all. The access check must answer first.
 */
function invalidVariants(key: string, req: Req): Req[] {
  const [method, pattern] = key.split(' ') as [Req['method'], string];
  const path = pattern.includes(':')
    ? pattern.replace(/:(\w+)/g, 'not-an-id%00').replace('*', 'x')
    : req.url.split('?')[0]!;
  const query = `?limit=-1&offset=x&itemid=x&productId=x&category=x&q=${'x'.repeat(300)}`;
  const variants: Req[] = [{ method, url: `${path}${query}` }];
  if (method !== 'GET') {
    variants.push({ method, url: req.url, payload: { unexpected: ['nonsense'], itemId: 'x' } });
    variants.push({ method, url: req.url, payload: '{"broken": ' });
  }
  return variants;
}

describe('the route table', () => {
  it('has an expectation for every route the app registers, and none for routes it lacks', () => {
    const registered = t.app.routeTable.map(routeKey).sort();
    expect(registered.length).toBeGreaterThan(40);
    expect(Object.keys(ROUTE_CASES).sort()).toEqual(registered);
  });
});

const SHOPPERS: SignedIn[] = ['shopperA', 'shopperB'];

for (const [key, c] of Object.entries(ROUTE_CASES)) {
  describe(key, () => {
    if (c.access === 'public') {
      it('is open to everyone: visitor, shoppers and admin', async () => {
        for (const actor of ['visitor', ...SHOPPERS, 'admin'] as const) {
          expectOpen(await f.call(actor, await c.request(f, actor)));
        }
      });
      return;
    }

    it('answers a visitor 401 before looking at the input, changing nothing', async () => {
      const req = await c.request(f, c.access === 'admin' ? 'admin' : 'shopperA');
      for (const variant of [req, ...invalidVariants(key, req)]) {
        await sendUnchanged('visitor', variant, (res) => expectError(res, 401, 'unauthorized'));
      }
    });

    if (c.access === 'admin') {
      it('answers a shopper 403, whatever the input, changing nothing', async () => {
        const req = await c.request(f, 'admin');
        for (const actor of SHOPPERS) {
          for (const variant of [req, ...invalidVariants(key, req)]) {
            await sendUnchanged(actor, variant, (res) => expectError(res, 403, 'forbidden'));
          }
        }
      });
      it('serves the admin', async () => {
        expectSuccess(await f.call('admin', await c.request(f, 'admin')));
      });
      return;
    }

    it('serves each signed-in account on its own data (shoppers A and B, and the admin)', async () => {
      for (const actor of [...SHOPPERS, 'admin'] as const) {
        expectSuccess(await f.call(actor, await c.request(f, actor)));
      }
    });

    const foreign = c.foreign;
    if (foreign) {
      const answer = foreign.answer === 404 ? '404' : 'nothing but a no-op';
      it(`gives shopper B (and the admin) ${answer} for shopper A's ${foreign.kind}`, async () => {
        for (const actor of ['shopperB', 'admin'] as const) {
          const req = await foreign.request(f);
          await sendUnchanged(actor, req, (res) => {
            if (foreign.answer === 404) expectError(res, 404, 'not_found');
            else expectSuccess(res);
          });
        }
      });
    }
  });
}

describe('every response of the matrix', () => {
  it('never carries a password hash', () => {
    expect(f.bodies.length).toBeGreaterThan(300);
    const leaks = f.bodies.filter((body) => body.includes('$argon2'));
    expect(leaks).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { appForThisFile, signUp } from '../server/test/test-app';
import { ROUTE } from './budgets';
import {
  ADDRESS,
  BENCH_CASES,
  type CaseContext,
  heavyAfterScenario,
  isPagedList,
  LAID_IN,
  NOT_BENCHED,
  narrowedName,
  type Req,
  routeKey,
  runsHeavy,
} from './cases';

const shop = appForThisFile();
const table = () => shop.t.app.routeTable;

describe('the benchmark cases', () => {
  it('cover every route the app registers, with a case or a reason, and none it lacks', () => {
    const registered = table().map(routeKey).sort();
    expect(registered.length).toBeGreaterThan(40);
    const benched = Object.keys(BENCH_CASES);
    const left = Object.keys(NOT_BENCHED);
    expect(benched.filter((key) => left.includes(key))).toEqual([]);
    expect([...benched, ...left].sort()).toEqual(registered);
    for (const reason of Object.values(NOT_BENCHED)) expect(reason.length).toBeGreaterThan(10);
  });

  it('measure each route one way for a typical caller', () => {
    for (const [key, c] of Object.entries(BENCH_CASES)) {
      const ways = [c.scenarios, c.request, c.flow].filter(Boolean).length;
      // A route the suite's scenarios measure may carry a request too: the heavy shopper's.
      const expected = c.scenarios && c.request ? 2 : 1;
      expect(ways, key).toBe(expected);
      if (c.flow) expect(c.scenarios, key).toBeUndefined();
    }
  });

  it('name only rows the suite measures', () => {
    const rows: string[] = Object.values(ROUTE);
    for (const [key, c] of Object.entries(BENCH_CASES)) {
      for (const name of c.scenarios ?? []) expect(rows, key).toContain(name);
    }
  });

  it('measure every paged list a shopper calls for the heavy shopper too, with a request of its own', () => {
    const lists = table().filter(isPagedList);
    // Favourites (four), orders, the closet (three), search (two) and the admin's outfits.
    expect(lists.length).toBeGreaterThanOrEqual(11);
    for (const route of lists) {
      const key = routeKey(route);
      const c = BENCH_CASES[key];
      if (!c) throw new Error(`${key} has no bench case`);
      if (c.caller !== 'shopper') continue;
      expect(runsHeavy(c, route), key).toBe(true);
      expect(c.request, key).toBeTypeOf('function');
    }
    // The sweep leaves a route its scenarios measure to them: each one's heavy row comes right
    // after its typical one.
    for (const route of table()) {
      const c = BENCH_CASES[routeKey(route)];
      if (!c?.scenarios || !runsHeavy(c, route)) continue;
      expect(heavyAfterScenario(c, c.scenarios[0]!), routeKey(route)).toBe(true);
    }
    const favourites = table().find((r) => routeKey(r) === 'GET /api/favorites/outfits');
    expect(favourites && isPagedList(favourites)).toBe(true);
    const cart = table().find((r) => routeKey(r) === 'GET /api/cart');
    expect(cart && isPagedList(cart)).toBe(false);
  });
});

describe('a list narrowed as its callers narrow it', () => {
  /** A paged list's query keys, but where a page starts and how long it is. */
  const narrowing = (route: ReturnType<typeof table>[number]) => {
    const query = route.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
    return Object.keys(query?.shape ?? {}).filter((key) => key !== 'cursor' && key !== 'limit');
  };
  /** Narrowings a scenario of the suite (`run.ts`) measures, by route and query key. */
  const BY_SCENARIO: Record<string, Record<string, string>> = {
    'GET /api/item/search': { cat: ROUTE.categories },
  };
  const asked = (req: Req) => [...new URL(req.path, 'http://drape.test').searchParams.keys()];

  it('has a row for every way a paged list can be narrowed', async () => {
    const context = await shopContext();
    const lists = table().filter(isPagedList);
    const narrowed = lists.filter((route) => narrowing(route).length > 0);
    // Favourites searched (two), the closet (three), the admin's outfits, item and outfit search.
    expect(narrowed.length).toBeGreaterThanOrEqual(8);
    for (const route of narrowed) {
      const key = routeKey(route);
      const c = BENCH_CASES[key]!;
      const requests = [c.request!, ...Object.values(c.narrowed ?? {})].map((r) =>
        r(context, 'drape_session=x'),
      );
      const keys = new Set(requests.flatMap(asked));
      for (const wanted of narrowing(route)) {
        const scenario = BY_SCENARIO[key]?.[wanted];
        if (scenario) expect(c.scenarios, `${key}: ${wanted}`).toContain(scenario);
        else expect([...keys], `${key}: ${wanted}`).toContain(wanted);
      }
    }
  });

  it('asks each narrowed row as its caller would, and is answered', async () => {
    const { app } = shop.t;
    const context = await shopContext();
    const shopper = (await signUp(app)).agent.cookie!;
    const admin = (await signUp(app, { isAdmin: true })).agent.cookie!;
    const rows = Object.entries(BENCH_CASES).flatMap(([key, c]) =>
      Object.entries(c.narrowed ?? {}).map(([label, request]) => ({ key, label, c, request })),
    );
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const { key, label, c, request } of rows) {
      for (let n = 0; n < 5; n++) {
        const req = request(context, c.caller === 'admin' ? admin : shopper);
        expect(asked(req).length, narrowedName(key, label)).toBeGreaterThan(0);
        const answer = await app.inject({ method: 'GET', url: req.path, headers: req.headers });
        expect(answer.statusCode, `${narrowedName(key, label)}: ${req.path}`).toBe(200);
      }
    }
  });

  /** What the narrowed rows read of the shop, from the tests' shop. */
  async function shopContext(): Promise<CaseContext> {
    const { sql } = shop.t.db.database;
    const words = await sql.query<{ word: string }>(
      `SELECT DISTINCT lower(w) AS word
         FROM items, regexp_split_to_table(name, '[^[:alnum:]]+') AS w WHERE length(w) > 2`,
    );
    const variants = await sql.query<{ color: string }>('SELECT DISTINCT color FROM items');
    return {
      words: words.map((r) => r.word),
      occasions: await sql.query<{ id: number; name: string }>('SELECT id, name FROM occasions'),
      categories: await sql.query<{ id: number; name: string }>('SELECT id, name FROM categories'),
      variants: variants.map((v) => ({ color: v.color })),
    } as CaseContext;
  }
});

describe('a case that lays in what its turns take before its row', () => {
  const layingIn = Object.entries(BENCH_CASES).filter(([, c]) => c.layIn);

  /** What is left of what the turns took, once every turn's timed request was answered. */
  const LEFT: Record<string, { sql: string; after: number }> = {
    'POST /api/outfit/undo': {
      sql: 'SELECT count(*)::int AS n FROM swipes WHERE user_id = $1',
      after: 0,
    },
    'POST /api/outfit/search/unfavorite': {
      sql: "SELECT count(*)::int AS n FROM swipes WHERE user_id = $1 AND direction = 'like'",
      after: 0,
    },
    'DELETE /api/item/unfavorite/:itemId/:outfitId': {
      sql: 'SELECT count(*)::int AS n FROM item_favorites WHERE user_id = $1',
      after: 0,
    },
    'DELETE /api/item/search/unfavorite/:itemId': {
      sql: 'SELECT count(*)::int AS n FROM item_favorites WHERE user_id = $1',
      after: 0,
    },
    // Every payment laid in, and the one the last turn opened, approved or cancelled.
    'POST /api/payments/:id/approve': {
      sql: "SELECT count(*)::int AS n FROM payment_sessions WHERE user_id = $1 AND status = 'approved'",
      after: LAID_IN + 1,
    },
    'POST /api/payments/:id/cancel': {
      sql: "SELECT count(*)::int AS n FROM payment_sessions WHERE user_id = $1 AND status = 'cancelled'",
      after: LAID_IN + 1,
    },
  };

  it('is a flow, and each says what its turns leave', () => {
    expect(layingIn.map(([key]) => key).sort()).toEqual(Object.keys(LEFT).sort());
    for (const [key, c] of layingIn) expect(c.flow, key).toBeTypeOf('function');
  });

  it.each(layingIn)(
    '%s: times the route alone while what was laid in lasts, then makes its own step',
    async (key, c) => {
      const { app } = shop.t;
      const { database } = shop.t.db;
      const query = async <T>(text: string, values: unknown[] = []) =>
        database.sql.query<T & Record<string, unknown>>(text, values);
      const [shape] = await query<{ last: number; outfits: number }>(
        'SELECT max(id) AS last, count(*)::int AS outfits FROM outfits',
      );
      // The cases draw outfit ids from 1 to `outfits`.
      expect(shape!.last).toBe(shape!.outfits);
      const looks = await query<{ outfitId: number; items: CaseContext['looks'][number]['items'] }>(
        `SELECT oi.outfit_id AS "outfitId", json_object_agg(oi.slot, oi.item_id) AS items
           FROM outfit_items oi JOIN items i ON i.id = oi.item_id
          GROUP BY oi.outfit_id HAVING bool_and(i.stock > 0) ORDER BY oi.outfit_id`,
      );
      const stocked = await query<{ id: number }>('SELECT id FROM items WHERE stock > 20');
      const { agent, user } = await signUp(app);
      const address = await agent.post('/api/shipping', ADDRESS);
      expect(address.statusCode, address.body).toBe(201);
      const cookie = agent.cookie!;
      // What these cases read of the shop, from the tests' shop.
      const context = {
        outfits: shape!.outfits,
        looks,
        stocked: stocked.map((r) => r.id),
        addresses: new Map([[cookie, (address.json() as { id: number }).id]]),
      } as CaseContext;
      const send = (req: Req) =>
        app.inject({
          method: req.method as 'POST',
          url: req.path,
          headers: req.headers,
          ...(req.body === undefined ? {} : { payload: req.body }),
        });
      let untimed = 0;
      const shopper = {
        cookie,
        async must(req: Req) {
          untimed += 1;
          const answer = await send(req);
          expect(answer.statusCode, answer.body).toBeLessThan(300);
          return answer.body;
        },
      };

      const laidIn = await c.layIn!(context, shopper);
      expect(laidIn).toHaveLength(LAID_IN);
      expect(new Set(laidIn).size).toBe(LAID_IN);
      // One step a thing laid in at least (the undo's also read the feed's pages).
      expect(untimed).toBeGreaterThanOrEqual(LAID_IN);
      const turn = { ...shopper, own: {}, laidIn };
      for (let n = 1; n <= LAID_IN + 1; n++) {
        const before = untimed;
        const { request } = await c.flow!(context, turn);
        if (n <= LAID_IN) expect(untimed - before, `turn ${n}`).toBe(0);
        else expect(untimed - before, `turn ${n}`).toBeGreaterThan(0);
        const answer = await send(request);
        expect(answer.statusCode, answer.body).toBeLessThan(300);
      }
      const [left] = await query<{ n: number }>(LEFT[key]!.sql, [user.id]);
      expect(left!.n).toBe(LEFT[key]!.after);
    },
  );
});

describe('a case that warms what its row reads', () => {
  it('asks for every picture the items name, each a picture the app sends', async () => {
    const { app } = shop.t;
    const rows = await shop.t.db.database.sql.query<{ image: string }>(
      'SELECT DISTINCT image FROM items ORDER BY image',
    );
    const context = { pictures: rows.map((r) => r.image) } as CaseContext;
    const c = BENCH_CASES['GET /images/items/:garment/:file']!;
    const warm = c.warm!(context);
    expect(warm.map((req) => req.path)).toEqual(context.pictures);
    expect(context.pictures.length).toBeGreaterThan(1);
    for (const req of warm.slice(0, 3)) {
      const answer = await app.inject({ method: 'GET', url: req.path });
      expect(answer.statusCode, req.path).toBe(200);
      expect(answer.headers['content-type']).toBe('image/webp');
    }
    expect(context.pictures).toContain(c.request!(context, '').path);
  });
});

import { describe, expect, it } from 'vitest';
import { appForThisFile, signUp } from '../server/test/test-app';
import { ROUTE } from './budgets';
import {
  BENCH_CASES,
  type CaseContext,
  heavyAfterScenario,
  isPagedList,
  NOT_BENCHED,
  type Req,
  routeKey,
  runsHeavy,
  STOCKED,
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

describe('a case that lays in stock before its row', () => {
  const stocking = Object.entries(BENCH_CASES).filter(([, c]) => c.stock);

  it('is a flow: the undo and the unfavourite from search', () => {
    expect(stocking.map(([key]) => key).sort()).toEqual([
      'POST /api/outfit/search/unfavorite',
      'POST /api/outfit/undo',
    ]);
    for (const [key, c] of stocking) expect(c.flow, key).toBeTypeOf('function');
  });

  it.each(stocking)(
    '%s: times the route alone while the stock lasts, then makes its own step',
    async (_key, c) => {
      const { app } = shop.t;
      const { database } = shop.t.db;
      const [shape] = await database.sql.query<{ last: number; outfits: number }>(
        'SELECT max(id) AS last, count(*)::int AS outfits FROM outfits',
      );
      // The cases draw outfit ids from 1 to `outfits`.
      expect(shape!.last).toBe(shape!.outfits);
      const context = { outfits: shape!.outfits } as CaseContext;
      const { agent, user } = await signUp(app);
      const send = (req: Req) =>
        app.inject({
          method: req.method as 'POST',
          url: req.path,
          headers: req.headers,
          ...(req.body === undefined ? {} : { payload: req.body }),
        });
      let untimed = 0;
      const shopper = {
        cookie: agent.cookie!,
        async must(req: Req) {
          untimed += 1;
          const answer = await send(req);
          expect(answer.statusCode, answer.body).toBeLessThan(300);
          return answer.body;
        },
      };

      const stocked = await c.stock!(context, shopper);
      expect(stocked).toHaveLength(STOCKED);
      // A swipe each, and for the undo the feed's pages they were on.
      expect(untimed).toBeGreaterThanOrEqual(STOCKED);
      const turn = { ...shopper, own: {}, stocked };
      for (let n = 1; n <= STOCKED + 1; n++) {
        const before = untimed;
        const { request } = await c.flow!(context, turn);
        expect(untimed - before, `turn ${n}`).toBe(n <= STOCKED ? 0 : 1);
        const answer = await send(request);
        expect(answer.statusCode, answer.body).toBe(200);
      }
      // Every swipe laid in, and the one the last turn made, was taken back by a timed request.
      const [left] = await database.sql.query<{ likes: number; passes: number }>(
        `SELECT count(*) FILTER (WHERE direction = 'like')::int AS likes,
                count(*) FILTER (WHERE direction = 'nope')::int AS passes
           FROM swipes WHERE user_id = $1`,
        [user.id],
      );
      expect(left).toEqual({ likes: 0, passes: 0 });
    },
  );
});

import { describe, expect, it } from 'vitest';
import { appForThisFile } from '../server/test/test-app';
import { ROUTE } from './budgets';
import {
  BENCH_CASES,
  heavyAfterScenario,
  isPagedList,
  NOT_BENCHED,
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

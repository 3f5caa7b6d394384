import { describe, expect, it } from 'vitest';
import {
  heavyName,
  type JudgedRow,
  type JudgedRun,
  judge,
  ROUTE,
  type RowCaller,
  verdictTable,
} from './budgets';

const row = (name: string, vsQuery: number, p99: number, errors = 0): JudgedRow => ({
  name,
  rps: Math.round(vsQuery * 5000),
  p99,
  errors,
  vsQuery,
});

/** A run that meets every budget with a little to spare. */
function passingRun(): JudgedRun {
  const suite = (p99: number) => [
    row(ROUTE.floorQuery, 1, 3),
    row(ROUTE.feed, 0.4, p99),
    row(ROUTE.firstVisit, 0.01, 200),
    row(ROUTE.feedFlow, 0.28, p99 + 2),
    row(ROUTE.substring, 0.5, p99),
    row(ROUTE.typo, 0.5, p99),
  ];
  const postgres = [
    ...suite(10),
    row(ROUTE.categories, 0.7, 8),
    row(ROUTE.swipe, 0.35, 9),
    row(ROUTE.checkout, 0.05, 90),
  ];
  return {
    postgres,
    growth: { '0.01': suite(6), '0.1': suite(8), '1': postgres },
    pglite: [row(ROUTE.floorQuery, 1, 5), row(ROUTE.swipe, 0.2, 20)],
    web: {
      homeInitialKiB: { js: 100, css: 12, total: 112, files: 7 },
      adminOnlyKiB: 150,
      firstCardInteractiveMs: { median: 400, runs: [380, 400, 420] },
      largestContentfulPaintMs: { median: 420, runs: [400, 420, 440] },
    },
  };
}

/** The run with the PostgreSQL suite's rows of these names changed as given. */
function changed(run: JudgedRun, changes: Record<string, Partial<JudgedRow>>): JudgedRun {
  return { ...run, postgres: run.postgres?.map((r) => ({ ...r, ...changes[r.name] })) };
}

const missed = (run: JudgedRun) =>
  judge(run)
    .filter((v) => !v.met)
    .map((v) => v.budget);

describe('judge', () => {
  it('meets every budget of a run within them, and names each one', () => {
    const verdicts = judge(passingRun());
    expect(verdicts.every((v) => v.met)).toBe(true);
    // Four reads, swipes, checkout, five growths, errors, two web figures.
    expect(verdicts).toHaveLength(14);
    expect(verdictTable(verdicts)).toContain('every budget measured was met (14)');
  });

  it('misses a read under a quarter of the floor, or over 50 ms at p99', () => {
    const slow = changed(passingRun(), {
      [ROUTE.feed]: { vsQuery: 0.24 },
      [ROUTE.typo]: { p99: 51 },
    });
    expect(missed(slow)).toEqual([
      expect.stringContaining(ROUTE.feed),
      expect.stringContaining(ROUTE.typo),
    ]);
  });

  it('misses swipes under 0.3 of the floor and a checkout over 100 ms at p99', () => {
    const slow = changed(passingRun(), {
      [ROUTE.swipe]: { vsQuery: 0.29 },
      [ROUTE.checkout]: { p99: 101 },
    });
    expect(missed(slow)).toEqual([
      expect.stringContaining(ROUTE.swipe),
      expect.stringContaining(ROUTE.checkout),
    ]);
  });

  it('misses a p99 that more than doubles from the smallest shop to the largest', () => {
    const run = passingRun();
    const smallest = run.growth?.['0.01'] ?? [];
    run.growth = {
      ...run.growth,
      '0.01': smallest.map((r) => (r.name === ROUTE.substring ? { ...r, p99: 4 } : r)),
    };
    const verdict = judge(run).find((v) => v.budget.startsWith(`${ROUTE.substring}: p99 at`));
    expect(verdict).toMatchObject({ met: false, figure: '2.5× (4 / 8 / 10 ms)' });
  });

  it('misses on a single error anywhere, PGlite included', () => {
    const run = passingRun();
    run.pglite = [...(run.pglite ?? []), row(ROUTE.checkout, 0.05, 80, 1)];
    const verdict = judge(run).find((v) => v.budget.startsWith('no errors'));
    expect(verdict).toMatchObject({ met: false, figure: `${ROUTE.checkout}: 1` });
  });

  it('counts the web budget in kilobytes and the first card by its median', () => {
    const run = passingRun();
    if (!run.web) throw new Error('the passing run has web figures');
    // 196 KiB is 200.7 KB: over the line, though under 200 KiB.
    run.web.homeInitialKiB.total = 196;
    run.web.firstCardInteractiveMs = { median: 1001, runs: [900, 1001, 1300] };
    expect(missed(run)).toEqual([
      expect.stringContaining('initial JS + CSS'),
      expect.stringContaining('first swipe card'),
    ]);
  });

  it('leaves out what the run did not measure instead of calling it met', () => {
    const verdicts = judge({ postgres: [row(ROUTE.floorQuery, 1, 3), row(ROUTE.swipe, 0.4, 8)] });
    expect(verdicts.map((v) => v.budget)).toEqual([
      expect.stringContaining(ROUTE.swipe),
      'no errors on any route, any database, any scale',
    ]);
    expect(verdictTable([])).toContain('no budget was measured');
  });
});

/** A row of the route sweep. */
const swept = (
  name: string,
  caller: RowCaller,
  vsQuery: number,
  p99: number,
  route = name,
  exempt?: string,
): JudgedRow => ({ ...row(name, vsQuery, p99), route, caller, ...(exempt ? { exempt } : {}) });

/** The floor and the sweep's rows, every one within issue 25's budgets. */
function sweptRun(): JudgedRun {
  return {
    postgres: [
      row(ROUTE.floorQuery, 1, 3),
      swept(ROUTE.checkout, 'shopper', 0.25, 38, 'PUT /api/buy'),
      swept(ROUTE.newShopper, 'new shopper', 0.3, 20, 'GET /api/outfit/home'),
      swept('GET /api/favorites/outfits', 'shopper', 0.3, 10),
      swept(
        heavyName('GET /api/favorites/outfits'),
        'heavy shopper',
        0.25,
        15,
        'GET /api/favorites/outfits',
      ),
      swept('POST /api/shipping', 'shopper', 0.4, 8),
      swept('POST /api/user/login', 'visitor', 0.01, 300, 'POST /api/user/login', 'hashing'),
      swept('GET /api/design/outfits', 'admin', 0.05, 90),
    ],
  };
}

describe('judging the route sweep (issue 25)', () => {
  it('meets a sweep within the budgets, leaving the admin out and naming what it does not judge', () => {
    const verdicts = judge(sweptRun());
    expect(verdicts.map((v) => [v.met, v.budget.split(':')[0]])).toEqual([
      // Issue 6's checkout budget, and then issue 25's.
      [true, ROUTE.checkout],
      [true, 'every route, a typical shopper'],
      [true, 'every route, the heavy shopper'],
      [true, "the heavy shopper's p99 ≤ 1.5× a typical shopper's, every read measured for both"],
      [true, ROUTE.newShopper],
      [true, 'no errors on any route, any database, any scale'],
    ]);
    expect(verdicts[1]?.figure).toContain('3 rows');
    expect(verdicts[1]?.figure).toContain('not judged: POST /api/user/login');
    expect(verdicts[3]?.figure).toContain('10 → 15 ms (1.5×)');
  });

  it('misses a shopper route under 0.2 of the floor or over 25 ms, and checkout over 40 ms', () => {
    const run = sweptRun();
    run.postgres = run.postgres?.map((r) =>
      r.name === 'POST /api/shipping'
        ? { ...r, vsQuery: 0.19 }
        : r.name === ROUTE.checkout
          ? { ...r, p99: 41 }
          : r.name === heavyName('GET /api/favorites/outfits')
            ? { ...r, p99: 26 }
            : r,
    );
    const verdicts = judge(run);
    const typical = verdicts.find((v) => v.budget.startsWith('every route, a typical'));
    expect(typical).toMatchObject({ met: false });
    expect(typical?.figure).toContain('2 of 3 rows missed');
    expect(typical?.figure).toContain('POST /api/shipping 0.19');
    expect(typical?.figure).toContain(`${ROUTE.checkout} 0.25, p99 41 ms`);
    const heavy = verdicts.find((v) => v.budget.startsWith('every route, the heavy'));
    expect(heavy).toMatchObject({ met: false });
    // 26 ms is also more than 1.5 times the typical shopper's 10 ms.
    const factor = verdicts.find((v) => v.budget.startsWith("the heavy shopper's p99"));
    expect(factor).toMatchObject({ met: false });
    expect(factor?.figure).toContain('10 → 26 ms (2.6×)');
  });

  it('weighs every answer against 100 KB, and shows both sizes beside the heavy shopper’s p99', () => {
    const run = sweptRun();
    const weighed = (bytes: number) => (r: JudgedRow) => (r.route ? { ...r, bytes } : r);
    run.postgres = run.postgres?.map(weighed(22_500));
    const verdicts = judge(run);
    const size = verdicts.find((v) => v.budget === 'every route’s answer ≤ 100 KB');
    expect(size).toMatchObject({ met: true });
    expect(size?.figure).toContain('7 rows; the heaviest');
    expect(size?.figure).toContain('22.5 KB');
    const factor = verdicts.find((v) => v.budget.startsWith("the heavy shopper's p99"));
    expect(factor?.figure).toContain('10 → 15 ms (1.5×, 22.5 → 22.5 KB)');

    run.postgres = run.postgres?.map((r) =>
      r.name === 'GET /api/favorites/outfits' ? { ...r, bytes: 1_870_000 } : r,
    );
    expect(missed(run)).toEqual(['every route’s answer ≤ 100 KB']);
    expect(judge(run).find((v) => v.budget.includes('answer'))?.figure).toBe(
      'GET /api/favorites/outfits 1870.0 KB',
    );
  });

  it('misses a first visit under 0.2 of the floor', () => {
    const run = sweptRun();
    run.postgres = run.postgres?.map((r) =>
      r.name === ROUTE.newShopper ? { ...r, vsQuery: 0.03, p99: 96 } : r,
    );
    expect(missed(run)).toEqual([expect.stringContaining(ROUTE.newShopper)]);
  });
});

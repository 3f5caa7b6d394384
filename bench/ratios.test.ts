import { describe, expect, it } from 'vitest';
import { ROUTE } from './budgets';
import { floorAt, withRatios } from './ratios';

const MINUTE = 60_000;

describe('the floor a row is divided by', () => {
  const readings = [
    { at: 0, rps: 9000 },
    { at: MINUTE, rps: 6000 },
    { at: 3 * MINUTE, rps: 8000 },
  ];

  it('is read on the line between the readings before and after the row', () => {
    expect(floorAt(readings, MINUTE / 2)).toBe(7500);
    expect(floorAt(readings, 2 * MINUTE)).toBe(7000);
    expect(floorAt(readings, MINUTE)).toBe(6000);
  });

  it('is the nearest reading before the first or after the last', () => {
    expect(floorAt(readings, -MINUTE)).toBe(9000);
    expect(floorAt(readings, 10 * MINUTE)).toBe(8000);
    expect(floorAt([{ at: 5, rps: 4000 }], 99)).toBe(4000);
    expect(floorAt([], 99)).toBe(0);
  });
});

describe('withRatios', () => {
  const floor = (name: string, at: number, rps: number) => ({ name, at, rps });

  it('divides each row by the floor of its moment, and shows each floor against the first', () => {
    const rows = withRatios([
      floor(ROUTE.floorNone, 0, 20_000),
      floor(ROUTE.floorQuery, 0, 10_000),
      { name: 'early', at: 0, rps: 2000 },
      floor(ROUTE.floorMeanwhile, 2 * MINUTE, 6000),
      // Half-way between 10,000 and 6,000 req/s: the machine had slowed by a fifth.
      { name: 'slowed', at: MINUTE, rps: 1600 },
      floor(ROUTE.floorAgain, 4 * MINUTE, 8000),
      { name: 'late', at: 3 * MINUTE, rps: 1400 },
    ]);
    const by = new Map(rows.map((r) => [r.name, r]));
    expect(by.get('early')).toMatchObject({ vsQuery: 0.2, floor: 10_000, vsNoDb: 0.1 });
    expect(by.get('slowed')).toMatchObject({ vsQuery: 0.2, floor: 8000 });
    expect(by.get('late')).toMatchObject({ vsQuery: 0.2, floor: 7000 });
    expect(by.get(ROUTE.floorQuery)!.vsQuery).toBe(1);
    expect(by.get(ROUTE.floorMeanwhile)!.vsQuery).toBe(0.6);
    expect(by.get(ROUTE.floorAgain)!.vsQuery).toBe(0.8);
  });

  it('divides by the first floor a row measured without its moment, and by nothing with no floor', () => {
    const [kept] = withRatios([{ name: 'old', rps: 500 }, floor(ROUTE.floorQuery, 0, 5000)]);
    expect(kept).toMatchObject({ vsQuery: 0.1, floor: 5000 });
    const [alone] = withRatios([{ name: 'alone', at: 0, rps: 500 }]);
    expect(alone).toMatchObject({ vsQuery: 0, vsNoDb: 0 });
    expect(alone).not.toHaveProperty('floor');
  });
});

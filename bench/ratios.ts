import { ROUTE } from './budgets';

/** A measured row, with the moment its measurement was half done (ms since the epoch). */
export interface Stamped {
  name: string;
  rps: number;
  at?: number;
}

export type WithRatios<T> = T & {
  /** ÷ the no-database floor measured first. */
  vsNoDb: number;
  /** ÷ the one-query floor of the row's moment (`floorAt`); a floor row ÷ the first floor. */
  vsQuery: number;
  /** The one-query floor the row was divided by, req/s. */
  floor?: number;
};

/** Readings of the one-query floor: the first, those taken every minute or so after, the last. */
const FLOORS: ReadonlySet<string> = new Set([
  ROUTE.floorQuery,
  ROUTE.floorMeanwhile,
  ROUTE.floorAgain,
]);

const isFloorReading = (name: string) => FLOORS.has(name);

/**
 * The one-query floor at `at`, from the readings around it, in time order: the line between the
 * reading before and the one after, or the nearest reading before the first or after the last.
 */
export function floorAt(readings: readonly { at: number; rps: number }[], at: number): number {
  const first = readings[0];
  if (!first) return 0;
  if (at <= first.at) return first.rps;
  for (let i = 1; i < readings.length; i++) {
    const after = readings[i]!;
    if (at > after.at) continue;
    const before = readings[i - 1]!;
    const span = after.at - before.at;
    return span === 0
      ? after.rps
      : before.rps + ((after.rps - before.rps) * (at - before.at)) / span;
  }
  return readings.at(-1)!.rps;
}

const hundredths = (x: number) => Math.round(x * 100) / 100;

/**
 * Each row's throughput ÷ the floors. The machine's speed moves within a run (by half within an
 * hour on some machines), so a row is divided by the one-query floor of its own moment, read
 * between the readings taken before and after it, not by the first alone. A floor reading is
 * shown ÷ the first, so the table says how far the machine moved.
 */
export function withRatios<T extends Stamped>(rows: readonly T[]): WithRatios<T>[] {
  const none = rows.find((r) => r.name === ROUTE.floorNone)?.rps ?? 0;
  const first = rows.find((r) => r.name === ROUTE.floorQuery)?.rps ?? 0;
  const readings = rows
    .filter((r) => isFloorReading(r.name) && r.at !== undefined)
    .map((r) => ({ at: r.at!, rps: r.rps }))
    .sort((a, b) => a.at - b.at);
  return rows.map((row) => {
    const floor =
      isFloorReading(row.name) || row.at === undefined || readings.length === 0
        ? first
        : floorAt(readings, row.at);
    return {
      ...row,
      vsNoDb: none ? hundredths(row.rps / none) : 0,
      vsQuery: floor ? hundredths(row.rps / floor) : 0,
      ...(floor ? { floor: Math.round(floor) } : {}),
    };
  });
}

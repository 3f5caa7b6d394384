import type { WebMeasurement } from './web';

/** The name of a row measured for the heavy shopper, given the typical shopper's row. */
export const heavyName = (typical: string) => `${typical}, heavy shopper`;

/** The names the benchmark's rows carry, shared by the suite that measures them and the judge. */
export const ROUTE = {
  floorNone: 'floor: no database',
  floorQuery: 'floor: one query',
  floorMeanwhile: 'floor: one query, again meanwhile',
  floorAgain: 'floor: one query, again at the end',
  feed: 'feed GET /api/outfit/home (queued)',
  firstVisit: 'feed ranked on the spot (first visit)',
  newShopper: "feed, a new shopper's first page (no queue)",
  swipe: 'swipe POST /api/outfit/{favorite,reject}',
  substring: 'item search: substring',
  typo: 'item search: typo',
  categories: 'item search: 2 categories',
  unasked: 'item search: two words not asked lately',
  outfitSearch: 'outfit search',
  outfitUnasked: 'outfit search: two words not asked lately',
  outfitPages: 'outfit search: a word followed page by page',
  cart: 'cart POST + GET /api/cart',
  feedFlow: 'feed, swiping every card between pages',
  checkout: 'checkout PUT /api/buy',
} as const;

/** Issue 6's budgets, for this two-core machine with PostgreSQL, as ratios within one run. */
export const BUDGET = {
  /** Feed and item search: at least this share of the one-query floor's throughput. */
  readRatio: 0.25,
  readP99Ms: 50,
  swipeRatio: 0.3,
  checkoutP99Ms: 100,
  /** p99 at the largest scale over p99 at the smallest, for the feed and search. */
  growth: 2,
  /** Kilobytes of a thousand bytes, as the issue writes them. */
  webInitialKB: 200,
  firstCardMs: 1000,
} as const;

/** Issue 25's budgets: every route a shopper calls, at any history, and a cheap first visit. */
export const ROUTE_BUDGET = {
  /** Every shopper route, read or write, typical and heavy shopper, and a first visit. */
  ratio: 0.2,
  p99Ms: 25,
  checkoutP99Ms: 40,
  /** A heavy shopper's p99 over a typical shopper's, on every read measured for both. */
  heavyFactor: 1.5,
  /** A page "well under 100 KB": every answer of a route the sweep measures, headers included. */
  answerKB: 100,
} as const;

/** Who a row's requests came from (`bench/cases.ts`). */
export type RowCaller = 'shopper' | 'heavy shopper' | 'new shopper' | 'admin' | 'visitor';

/** What the judge reads of a measured row. */
export interface JudgedRow {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  vsQuery: number;
  /** The route it measures, `METHOD /path` as in the route table. */
  route?: string;
  caller?: RowCaller;
  /** Why the per-route budget does not judge it. */
  exempt?: string;
  /** What an answer weighs on average, headers included (absent from older results). */
  bytes?: number;
}

export interface Verdict {
  budget: string;
  figure: string;
  met: boolean;
}

export interface JudgedRun {
  /** The PostgreSQL suite at the run's scale. */
  postgres?: JudgedRow[];
  /** The growth rows by scale, the largest among them. */
  growth?: Record<string, JudgedRow[]>;
  pglite?: JudgedRow[];
  web?: WebMeasurement;
}

/** Routes whose p99 must not more than double from the smallest shop to the largest. */
const GROWING = [
  ROUTE.feed,
  ROUTE.firstVisit,
  ROUTE.feedFlow,
  ROUTE.substring,
  ROUTE.typo,
] as const;

function throughput(rows: readonly JudgedRow[], name: string, ratio: number, p99Ms?: number) {
  const row = rows.find((r) => r.name === name);
  if (!row) return null;
  const latency = p99Ms !== undefined;
  return {
    budget: `${name}: ≥ ${ratio} of the one-query floor${latency ? `, p99 ≤ ${p99Ms} ms` : ''}`,
    figure: `${row.vsQuery.toFixed(2)} (${row.rps} req/s)${latency ? `, p99 ${row.p99} ms (≤ ${p99Ms})` : ''}`,
    met: row.vsQuery >= ratio && (!latency || row.p99 <= p99Ms),
  };
}

/**
 * Each budget the run measured, with its figure and whether it was met. A budget whose rows the
 * run did not measure (a `--only` or `--skip-*` run) is left out rather than called met.
 */
export function judge(run: JudgedRun): Verdict[] {
  const verdicts: Verdict[] = [];
  const rows = run.postgres ?? [];
  for (const name of [ROUTE.feed, ROUTE.substring, ROUTE.typo, ROUTE.categories]) {
    const verdict = throughput(rows, name, BUDGET.readRatio, BUDGET.readP99Ms);
    if (verdict) verdicts.push(verdict);
  }
  const swipe = throughput(rows, ROUTE.swipe, BUDGET.swipeRatio);
  if (swipe) verdicts.push(swipe);
  const checkout = rows.find((r) => r.name === ROUTE.checkout);
  if (checkout) {
    verdicts.push({
      budget: `${ROUTE.checkout}: p99 ≤ ${BUDGET.checkoutP99Ms} ms`,
      figure: `${checkout.p99} ms (${checkout.rps} req/s)`,
      met: checkout.p99 <= BUDGET.checkoutP99Ms,
    });
  }

  verdicts.push(...judgeRoutes(rows));

  const growth = run.growth ?? {};
  const scales = Object.keys(growth).sort((a, b) => Number(a) - Number(b));
  if (scales.length >= 2) {
    const smallest = growth[scales[0]!]!;
    const largest = growth[scales.at(-1)!]!;
    for (const name of GROWING) {
      const small = smallest.find((r) => r.name === name);
      const large = largest.find((r) => r.name === name);
      if (!small || !large) continue;
      const steps = scales.map((s) => growth[s]?.find((r) => r.name === name)?.p99 ?? '-');
      const factor = large.p99 / Math.max(small.p99, 1);
      verdicts.push({
        budget: `${name}: p99 at scale ${scales.at(-1)} ≤ ${BUDGET.growth}× scale ${scales[0]}`,
        figure: `${factor.toFixed(1)}× (${steps.join(' / ')} ms)`,
        met: factor <= BUDGET.growth,
      });
    }
  }

  // The growth's largest scale is usually the PostgreSQL suite itself: each row counted once.
  const measured = [...new Set([...rows, ...Object.values(growth).flat(), ...(run.pglite ?? [])])];
  if (measured.length > 0) {
    const failing = measured.filter((r) => r.errors > 0);
    verdicts.push({
      budget: 'no errors on any route, any database, any scale',
      figure:
        failing.length === 0
          ? `0 in ${measured.length} rows`
          : failing.map((r) => `${r.name}: ${r.errors}`).join('; '),
      met: failing.length === 0,
    });
  }

  if (run.web) {
    const { total, files } = run.web.homeInitialKiB;
    const kb = Math.round(total * 10.24) / 10;
    verdicts.push({
      budget: `web: /home's initial JS + CSS ≤ ${BUDGET.webInitialKB} KB gzipped`,
      figure: `${kb} KB (${total} KiB) in ${files} files`,
      met: kb <= BUDGET.webInitialKB,
    });
    const { median, runs } = run.web.firstCardInteractiveMs;
    verdicts.push({
      budget: `web: first swipe card interactive ≤ ${BUDGET.firstCardMs} ms (median)`,
      figure: `${median} ms (${runs.join(', ')})`,
      met: median <= BUDGET.firstCardMs,
    });
  }
  return verdicts;
}

const isCheckout = (row: JudgedRow) => row.route === 'PUT /api/buy';

/** Bytes as kilobytes of a thousand, as the issues write them, to a tenth. */
export const kilobytes = (bytes: number) => (bytes / 1000).toFixed(1);

/** A row's figures as a verdict lists them. */
const figures = (row: JudgedRow) => `${row.name} ${row.vsQuery.toFixed(2)}, p99 ${row.p99} ms`;

/** The rows that missed, slowest first; past a dozen, how many more (the results hold them all). */
function listed(missed: readonly JudgedRow[]): string {
  const slowest = [...missed].sort((a, b) => b.p99 - a.p99);
  const shown = slowest.slice(0, 12).map(figures).join('; ');
  return slowest.length > 12 ? `${shown}; and ${slowest.length - 12} more` : shown;
}

/**
 * Issue 25's budgets over the route sweep's rows: one verdict for the typical shopper's rows, one
 * for the heavy shopper's, one for the heavy shopper's reads against the typical shopper's, one
 * for a first visit. Each lists the rows that missed, or the closest to the line when none did.
 */
function judgeRoutes(rows: readonly JudgedRow[]): Verdict[] {
  const verdicts: Verdict[] = [];
  const { ratio, p99Ms, checkoutP99Ms, heavyFactor } = ROUTE_BUDGET;
  const within = (row: JudgedRow) =>
    row.vsQuery >= ratio && row.p99 <= (isCheckout(row) ? checkoutP99Ms : p99Ms);
  const notJudged = rows.filter((r) => r.exempt && r.route).map((r) => r.name);
  for (const caller of ['shopper', 'heavy shopper'] as const) {
    // A visitor's routes (signing up, say) are judged with the typical shopper's.
    const callers: RowCaller[] = caller === 'shopper' ? ['shopper', 'visitor'] : [caller];
    const judged = rows.filter((r) => r.caller && callers.includes(r.caller) && !r.exempt);
    if (judged.length === 0) continue;
    const missed = judged.filter((r) => !within(r));
    const lowest = judged.reduce((a, b) => (b.vsQuery < a.vsQuery ? b : a));
    const slowest = judged.reduce((a, b) => (b.p99 > a.p99 ? b : a));
    const aside =
      caller === 'shopper' && notJudged.length > 0 ? ` (not judged: ${notJudged.join(', ')})` : '';
    verdicts.push({
      budget: `every route, ${caller === 'shopper' ? 'a typical shopper' : 'the heavy shopper'}: ≥ ${ratio} of the one-query floor, p99 ≤ ${p99Ms} ms (checkout ${checkoutP99Ms} ms)`,
      figure:
        (missed.length === 0
          ? `${judged.length} rows; lowest ${figures(lowest)}; slowest ${figures(slowest)}`
          : `${missed.length} of ${judged.length} rows missed: ${listed(missed)}`) + aside,
      met: missed.length === 0,
    });
  }

  const pairs = rows
    .filter((r) => r.caller === 'heavy shopper' && r.route?.startsWith('GET '))
    .map((heavy) => ({
      heavy,
      typical: rows.find((r) => r.caller === 'shopper' && heavyName(r.name) === heavy.name),
    }))
    .filter((p): p is { heavy: JudgedRow; typical: JudgedRow } => p.typical !== undefined);
  if (pairs.length > 0) {
    const factor = (p: (typeof pairs)[number]) => p.heavy.p99 / Math.max(p.typical.p99, 1);
    const worse = pairs.filter((p) => factor(p) > heavyFactor);
    const most = pairs.reduce((a, b) => (factor(b) > factor(a) ? b : a));
    // The answers' sizes beside: a typical shopper's empty list against a full page is not history.
    const sizes = ({ typical, heavy }: (typeof pairs)[number]) =>
      typical.bytes !== undefined && heavy.bytes !== undefined
        ? `, ${kilobytes(typical.bytes)} → ${kilobytes(heavy.bytes)} KB`
        : '';
    const describe = (p: (typeof pairs)[number]) =>
      `${p.typical.name} ${p.typical.p99} → ${p.heavy.p99} ms (${factor(p).toFixed(1)}×${sizes(p)})`;
    verdicts.push({
      budget: `the heavy shopper's p99 ≤ ${heavyFactor}× a typical shopper's, every read measured for both`,
      figure:
        worse.length === 0
          ? `${pairs.length} routes; the most ${describe(most)}`
          : `${worse.length} of ${pairs.length} routes over: ${worse.map(describe).join('; ')}`,
      met: worse.length === 0,
    });
  }

  const first = throughput(rows, ROUTE.newShopper, ratio, p99Ms);
  if (first) verdicts.push(first);

  const weighed = rows.filter((r) => r.route && r.bytes !== undefined);
  if (weighed.length > 0) {
    const { answerKB } = ROUTE_BUDGET;
    const heaviest = weighed.reduce((a, b) => (b.bytes! > a.bytes! ? b : a));
    const over = weighed.filter((r) => r.bytes! > answerKB * 1000);
    verdicts.push({
      budget: `every route’s answer ≤ ${answerKB} KB`,
      figure:
        over.length === 0
          ? `${weighed.length} rows; the heaviest ${heaviest.name} ${kilobytes(heaviest.bytes!)} KB`
          : over.map((r) => `${r.name} ${kilobytes(r.bytes!)} KB`).join('; '),
      met: over.length === 0,
    });
  }
  return verdicts;
}

export function verdictTable(verdicts: readonly Verdict[]): string {
  const width = Math.max(...verdicts.map((v) => v.budget.length), 6);
  const lines = verdicts.map(
    (v) => `${v.met ? 'met   ' : 'MISSED'}  ${v.budget.padEnd(width)}  ${v.figure}`,
  );
  const missed = verdicts.filter((v) => !v.met).length;
  const summary =
    verdicts.length === 0
      ? 'no budget was measured in this run'
      : missed === 0
        ? `every budget measured was met (${verdicts.length})`
        : `${missed} of ${verdicts.length} budgets missed`;
  return ['\nAgainst the budgets (docs/performance.md)', ...lines, summary].join('\n');
}

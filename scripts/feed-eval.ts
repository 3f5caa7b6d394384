/**
 * `npm run feed:eval`: simulated shoppers swipe the demo shop and a benchmark-sized one through
 * the feed's own ranking, and what the feed shows them is printed against two baselines (random
 * order; most liked first). scripts/feed-eval/evaluation.ts says how; decision 005 has the
 * figures. Options: --scale N (the large catalogue's scale; 250, the benchmark's, by default),
 * --seeds N (sessions per taste and ranker, 3), --demo-only.
 */
import { parseArgs } from 'node:util';
import { FULL } from '../bench/generate';
import { DEMO_SCALE, generateCatalog } from '../server/db/seed/catalog';
import {
  AFTER_CHANGE,
  BUDGET_AT_20,
  BUDGET_CHANGED,
  CHECKPOINTS,
  type EvalShop,
  evaluate,
  fitAt,
  inStock,
  mean,
  newTasteAt,
  rankingMicros,
  type ShopperRun,
  shopOf,
  sweep,
  tastes,
} from './feed-eval/evaluation';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: String(FULL.catalogueScale) },
    seeds: { type: 'string', default: '3' },
    'demo-only': { type: 'boolean', default: false },
  },
});

const pct = (share: number) => `${Math.round(share * 100)}%`.padStart(4);
const pad = (text: string, width: number) => text.padEnd(width);

function table(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? pad(c, widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.info(line(header));
  console.info(
    `|${widths.map((w, i) => (i === 0 ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w - 1)}:-`)).join('|')}|`,
  );
  for (const row of rows) console.info(line(row));
}

function report(shop: EvalShop, seeds: number) {
  const started = Date.now();
  const runs = evaluate(shop, seeds, 'pages');
  const list = tastes(shop);
  const outfits = [...shop.outfits.values()].filter((o) => inStock(shop, o.id));
  console.info(
    `\n## ${shop.name}: ${shop.outfits.size} outfits, ${shop.shape.maxItemId} items ` +
      `(${shop.soldOut.size} pieces sold out for the run); ${seeds} sessions per taste and ranker\n`,
  );
  console.info(
    'A shopper who asks for the next page of 10 once they have swiped the last. Share of ' +
      'fitting looks in the next page after n swipes (feed), against the two baselines after ' +
      '20; left @20: fitting looks not yet swiped after 20 (the most the page can hold, out of ' +
      '10); occasions and repeats: distinct occasions and pieces of a product already on the ' +
      'page, per page of the feed; outside: pages with a look outside the taste; exploring: ' +
      'pages sent after the first swipe with a card placed for exploring; shown: outfits the ' +
      'feed showed in 60 swipes.\n',
  );
  const rows: string[][] = [];
  list.forEach((taste, t) => {
    const feed = runs.feed[t]!;
    const random = runs.random[t]!;
    const popular = runs['most liked'][t]!;
    const base = outfits.filter((o) => taste.fits(o, 0)).length / outfits.length;
    const pages = feed.flatMap((r) => [...r.curve, ...r.pages]);
    // Pages sent after the first swipe: the first page of a new shopper explores as a whole.
    const learning = feed.flatMap((r) => r.pages.slice(1));
    const r20 = fitAt(random, 3);
    rows.push([
      taste.name,
      pct(base),
      ...CHECKPOINTS.map((_, i) => pct(fitAt(feed, i))),
      pct(r20),
      pct(fitAt(popular, 3)),
      r20 > 0 ? `${(fitAt(feed, 3) / r20).toFixed(1)}×` : '–',
      mean(feed.map((r) => r.curve[3]?.left ?? 0)).toFixed(0),
      mean(feed.flatMap((r) => r.curve.map((p) => p.occasions))).toFixed(1),
      mean(feed.flatMap((r) => r.curve.map((p) => p.repeated))).toFixed(1),
      pct(mean(pages.map((p) => (p.outside ? 1 : 0)))),
      pct(mean(learning.map((p) => (p.explored > 0 ? 1 : 0)))),
      mean(feed.map((r) => r.shown.size)).toFixed(0),
    ]);
  });
  table(
    [
      'taste',
      'in shop',
      ...CHECKPOINTS.map((n) => `@${n}`),
      'random @20',
      'liked @20',
      '× random',
      'left @20',
      'occasions',
      'repeats',
      'outside',
      'exploring',
      'shown',
    ],
    rows,
  );

  console.info(
    '\nA changing taste: share of the new taste in the next page after n swipes past the change\n',
  );
  const changing = list.flatMap((taste, t) => (taste.changesAt === undefined ? [] : [t]));
  table(
    ['taste', ...AFTER_CHANGE.map((n) => `+${n}`), 'steady (from the start)'],
    changing.map((t) => {
      const taste = list[t]!;
      // What a shopper with the new taste from the start sees after 20 swipes.
      const steady = list.findIndex((other) => other.name === taste.becomes?.name);
      return [
        taste.name,
        ...AFTER_CHANGE.map((_, i) => pct(newTasteAt(runs.feed[t]!, i))),
        steady >= 0 ? pct(fitAt(runs.feed[steady]!, 3)) : '–',
      ];
    }),
  );

  console.info(
    '\nThe same shoppers as the web app asks for pages (the next page while 4 cards are left, ' +
      'so the cards held were ranked a few swipes earlier): the next 10 cards after n swipes\n',
  );
  const app = evaluate(shop, seeds, 'app', ['feed']).feed;
  table(
    ['taste', ...CHECKPOINTS.map((n) => `@${n}`), ...AFTER_CHANGE.map((n) => `change +${n}`)],
    list.map((taste, t) => [
      taste.name,
      ...CHECKPOINTS.map((_, i) => pct(fitAt(app[t]!, i))),
      ...AFTER_CHANGE.map((_, i) =>
        taste.changesAt === undefined ? '' : pct(newTasteAt(app[t]!, i)),
      ),
    ]),
  );

  console.info('\nEach ranker over all tastes\n');
  const all = (sessions: ShopperRun[][]) => sessions.flat();
  table(
    [
      'ranker',
      'fit @0',
      'fit @20',
      'fit @40',
      'occasions',
      'repeats',
      'shown',
      'shown by all',
      'served swiped or sold out',
    ],
    (Object.entries(runs) as [string, ShopperRun[][]][]).map(([name, sessions]) => {
      const flat = all(sessions.filter((_, t) => list[t]!.family !== 'none'));
      const union = new Set(all(sessions).flatMap((r) => [...r.shown]));
      return [
        name,
        pct(mean(flat.map((r) => r.curve[0]?.fit ?? 0))),
        pct(mean(flat.map((r) => r.curve[3]?.fit ?? 0))),
        pct(mean(flat.map((r) => r.curve[4]?.fit ?? 0))),
        mean(all(sessions).flatMap((r) => r.curve.map((p) => p.occasions))).toFixed(1),
        mean(all(sessions).flatMap((r) => r.curve.map((p) => p.repeated))).toFixed(1),
        mean(all(sessions).map((r) => r.shown.size)).toFixed(0),
        pct(union.size / shop.outfits.size),
        String(all(sessions).reduce((n, r) => n + r.violations, 0)),
      ];
    }),
  );
  const placed = new Map<string, number>();
  for (const r of all(runs.feed)) {
    for (const [kind, n] of r.placedBy) placed.set(kind, (placed.get(kind) ?? 0) + n);
  }
  const placedTotal = [...placed.values()].reduce((a, b) => a + b, 0);
  console.info(
    `\nWhat placed the feed's measured cards: ${[...placed]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, n]) => `${kind} ${pct(n / placedTotal).trim()}`)
      .join(', ')}`,
  );

  const micros = (swipes: number, hearts: number) =>
    `${Math.round(rankingMicros(shop, swipes, hearts, 200))} µs`;
  console.info(
    `Time per ranking (median of 200 rankCandidates calls): a new shopper ${micros(0, 0)}, ` +
      `20 swipes ${micros(20, 0)}, 4,000 swipes and 150 hearts ${micros(4000, 150)}`,
  );
  reportSweep(shop, seeds);
  console.info(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** Every taste the catalogue can feed, against its family's budget after 20 swipes. */
function reportSweep(shop: EvalShop, seeds: number) {
  const results = sweep(shop, seeds);
  console.info(
    `\nEvery taste of the catalogue (each occasion, pair of occasions and change from one ` +
      `occasion to another after 20 swipes, each colour on one or two pieces and each garment ` +
      `held by 10–45% of the looks; budgets after 20 swipes: ` +
      `${Object.entries(BUDGET_AT_20)
        .map(([family, floor]) => `${family} ${pct(floor).trim()}`)
        .join(', ')}; a change, ten swipes past it: ${pct(BUDGET_CHANGED).trim()} of what ` +
      `the new occasion gets alone after 20)\n`,
  );
  const families = [...new Set(results.map((r) => r.taste.family))];
  table(
    ['family', 'tastes', 'met', 'mean', 'missed'],
    families.map((family) => {
      const mine = results.filter((r) => r.taste.family === family);
      const missed = mine.filter((r) => !r.met);
      return [
        family,
        String(mine.length),
        String(mine.length - missed.length),
        pct(mean(mine.map((r) => r.figure))),
        missed
          .map((r) => `${r.taste.name} ${pct(r.figure).trim()} of ${pct(r.budget).trim()}`)
          .join('; ') || '–',
      ];
    }),
  );
}

const seeds = Number(args.seeds);
report(
  shopOf(`The demo shop (scale ${DEMO_SCALE})`, generateCatalog({ scale: DEMO_SCALE })),
  seeds,
);
if (!args['demo-only']) {
  const scale = Number(args.scale);
  report(shopOf(`The benchmark's catalogue (scale ${scale})`, generateCatalog({ scale })), seeds);
}

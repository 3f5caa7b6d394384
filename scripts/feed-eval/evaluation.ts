import { FEED_PAGE_DEFAULT } from '../../contracts/feed-limits';
import type { Catalog } from '../../server/db/seed/catalog';
import { OCCASIONS } from '../../server/db/seed/catalog';
import {
  CatalogueShape,
  type ItemRow,
  type PieceRow,
} from '../../server/features/feed/catalogue-shape';
import { QUEUE } from '../../server/features/feed/queue';
import {
  type PlacedBy,
  PROFILE,
  rankCandidates,
  type ShopperHistory,
  seededHash,
} from '../../server/features/feed/ranking';

/**
 * The feed's evaluation: simulated shoppers, each with a hidden taste, swipe what the feed serves
 * (right when the look fits their taste, left otherwise) through the server's own ranking
 * (`rankCandidates` over the `CatalogueShape` the server keeps), and what the feed then shows
 * them is measured. `npm run feed:eval` prints it; `evaluation.test.ts` holds its key figures to
 * floors. docs/decisions/005-swipe-feed-ranking.md has the figures and what they mean.
 */

/** What a look is, as a shopper judges it: its occasion and its five pieces. */
export interface EvalOutfit {
  id: number;
  occasionId: number;
  pieces: { itemId: number; productId: number; color: string; garment: string }[];
  priceCents: number;
}

export interface EvalShop {
  name: string;
  shape: CatalogueShape;
  outfits: Map<number, EvalOutfit>;
  /** Items sold out for the evaluation: an outfit holding one must never be served. */
  soldOut: ReadonlySet<number>;
  /** How many simulated shoppers of a crowd liked each outfit (the most-liked baseline). */
  likes: Map<number, number>;
}

/** A hidden taste: whether a look fits, given how many swipes the shopper has made. */
export interface Taste {
  name: string;
  family: 'occasion' | 'colour' | 'kind' | 'price' | 'two occasions' | 'changing' | 'none';
  fits(outfit: EvalOutfit, swipes: number): boolean;
  /** Pieces of a liked look the shopper also hearts. */
  hearts?(outfit: EvalOutfit): number[];
  /** Swipes after which the taste changes (its `fits` says what to). */
  changesAt?: number;
  /** For a changing taste: the taste it changes to. */
  becomes?: Taste;
}

/** Ranks the shopper's feed: unswiped outfit ids, best first. */
export type Ranker = (
  shop: EvalShop,
  history: ShopperHistory,
  seed: number,
  placedBy?: Map<number, PlacedBy>,
) => number[];

/** Builds the shape the server would read from a database seeded with `catalog`. */
export function shopOf(name: string, catalog: Catalog, soldOutShare = 0.02): EvalShop {
  const garment = new Map(catalog.products.map((p) => [p.id, p.garment as string]));
  const byId = new Map(catalog.items.map((i) => [i.id, i]));
  const items: ItemRow[] = catalog.items.map((i) => ({
    id: i.id,
    productId: i.productId,
    categoryId: i.categoryId,
    color: i.color,
    garment: garment.get(i.productId)!,
  }));
  const pieces: PieceRow[] = [];
  const outfits = new Map<number, EvalOutfit>();
  for (const outfit of catalog.outfits) {
    const evalPieces: EvalOutfit['pieces'] = [];
    let priceCents = 0;
    for (const [slot, itemId] of Object.entries(outfit.items)) {
      const item = byId.get(itemId)!;
      pieces.push({
        outfitId: outfit.id,
        occasionId: outfit.occasionId,
        itemId,
        slot: slot as PieceRow['slot'],
      });
      evalPieces.push({
        itemId,
        productId: item.productId,
        color: item.color,
        garment: garment.get(item.productId)!,
      });
      priceCents += item.priceCents;
    }
    outfits.set(outfit.id, {
      id: outfit.id,
      occasionId: outfit.occasionId,
      pieces: evalPieces,
      priceCents,
    });
  }
  // A few pieces of outfits sold out since the shop was seeded (which never picks sold-out ones).
  const soldOut = new Set<number>();
  for (const outfit of outfits.values()) {
    for (const p of outfit.pieces) {
      if ((seededHash(p.itemId, 0x50_1d_00) % 10_000) / 10_000 < soldOutShare / 5) {
        soldOut.add(p.itemId);
      }
    }
  }
  const shop: EvalShop = {
    name,
    shape: new CatalogueShape(1, pieces, items),
    outfits,
    soldOut,
    likes: new Map(),
  };
  shop.likes = crowdLikes(shop);
  return shop;
}

export const inStock = (shop: EvalShop, id: number) =>
  shop.outfits.get(id)?.pieces.every((p) => !shop.soldOut.has(p.itemId)) ?? false;

const occasionId = (name: string) => OCCASIONS.find((o) => o.name === name)!.id;
const colourCount = (outfit: EvalOutfit, colour: string) =>
  outfit.pieces.filter((p) => p.color === colour).length;

/** Tastes by what they fit: one occasion, a colour on enough pieces, a garment, two occasions. */
const occasionTaste = (name: string): Taste => ({
  name: `only ${name}`,
  family: 'occasion',
  fits: (o) => o.occasionId === occasionId(name),
});
const colourTaste = (colour: string, atLeast: number, hearts = false): Taste => ({
  name: `${atLeast}+ ${colour} pieces${hearts ? ', hearting them' : ''}`,
  family: 'colour',
  fits: (o) => colourCount(o, colour) >= atLeast,
  ...(hearts && {
    hearts: (o: EvalOutfit) => o.pieces.filter((p) => p.color === colour).map((p) => p.itemId),
  }),
});
const kindTaste = (garment: string): Taste => ({
  name: `has a ${garment}`,
  family: 'kind',
  fits: (o) => o.pieces.some((p) => p.garment === garment),
});
/** One occasion for 20 swipes, then another. */
const changingTaste = (from: string, to: string): Taste => ({
  name: `${from}, then ${to} after 20`,
  family: 'changing',
  changesAt: 20,
  fits: (o, swipes) => o.occasionId === occasionId(swipes < 20 ? from : to),
  becomes: occasionTaste(to),
});
const twoTaste = (a: string, b: string): Taste => ({
  name: `${a} or ${b}`,
  family: 'two occasions',
  fits: (o) => o.occasionId === occasionId(a) || o.occasionId === occasionId(b),
});

/** The tastes the evaluation runs; price bands are the catalogue's cheapest and dearest fifth. */
export function tastes(shop: EvalShop): Taste[] {
  const prices = [...shop.outfits.values()].map((o) => o.priceCents).sort((a, b) => a - b);
  const cheap = prices[Math.floor(prices.length / 5)]!;
  const dear = prices[Math.floor((prices.length * 4) / 5)]!;
  const dollars = (cents: number) => `$${Math.round(cents / 100)}`;
  return [
    ...OCCASIONS.map((o) => occasionTaste(o.name)),
    colourTaste('Black', 3),
    colourTaste('Navy', 2),
    colourTaste('Camel', 2),
    colourTaste('Black', 3, true),
    kindTaste('blazer'),
    kindTaste('jeans'),
    kindTaste('sneaker'),
    kindTaste('heel'),
    {
      name: `under ${dollars(cheap)} the look`,
      family: 'price',
      fits: (o) => o.priceCents <= cheap,
    },
    {
      name: `over ${dollars(dear)} the look`,
      family: 'price',
      fits: (o) => o.priceCents >= dear,
    },
    twoTaste('Date Night', 'Work'),
    twoTaste('Airport', 'Casual'),
    twoTaste('Brunch', 'Date Night'),
    changingTaste('Work', 'Date Night'),
    changingTaste('Airport', 'Brunch'),
    { name: 'rejects everything', family: 'none', fits: () => false },
  ];
}

/** The share of fitting looks after 20 swipes that issue-level budgets ask of each family. */
export const BUDGET_AT_20 = { occasion: 0.6, colour: 0.5, kind: 0.5, 'two occasions': 0.7 };
/** A changing taste, ten swipes past the change: this share of what the new taste gets alone. */
export const BUDGET_CHANGED = 0.5;

/**
 * Every taste of a kind the budgets name that the catalogue can feed, not only the hand-picked
 * ones of `tastes`: each occasion, pair of occasions and change from one occasion to another,
 * and each colour (on one piece, or on two) and garment held by between a tenth and nearly half
 * of the looks. It tells whether the ranking learns tastes in general or only the ones it was
 * tuned on.
 */
export function everyTaste(shop: EvalShop): Taste[] {
  const outfits = [...shop.outfits.values()];
  const feedable = (taste: Taste) => {
    const share = outfits.filter((o) => taste.fits(o, 0)).length / outfits.length;
    return share >= 0.1 && share <= 0.45;
  };
  const colours = [...new Set(outfits.flatMap((o) => o.pieces.map((p) => p.color)))].sort();
  const garments = [...new Set(outfits.flatMap((o) => o.pieces.map((p) => p.garment)))].sort();
  return [
    ...OCCASIONS.flatMap((a) => [
      occasionTaste(a.name),
      ...OCCASIONS.filter((b) => b.id > a.id).map((b) => twoTaste(a.name, b.name)),
    ]),
    ...OCCASIONS.flatMap((a) =>
      OCCASIONS.filter((b) => b.id !== a.id).map((b) => changingTaste(a.name, b.name)),
    ),
    ...colours.flatMap((c) => [colourTaste(c, 1), colourTaste(c, 2)]).filter(feedable),
    ...garments.map((g) => kindTaste(g)).filter(feedable),
  ];
}

export interface SweptTaste {
  taste: Taste;
  /** The share fitting after 20 swipes; for a changing taste, the new one's 10 past the change. */
  figure: number;
  budget: number;
  met: boolean;
}

/**
 * Each of `everyTaste`'s tastes against its budget, over `seeds` sessions: the family's share
 * after 20 swipes, or for a changing taste half of what its new occasion gets alone after 20.
 */
export function sweep(shop: EvalShop, seeds: number): SweptTaste[] {
  const swept: SweptTaste[] = [];
  const after20 = new Map<string, number>();
  for (const taste of everyTaste(shop)) {
    const sessions = Array.from({ length: seeds }, (_, s) =>
      runShopper(shop, taste, feedRanker, 1000 + s * 7919, 'pages'),
    );
    let figure = fitAt(sessions, CHECKPOINTS.indexOf(20));
    let budget = BUDGET_AT_20[taste.family as keyof typeof BUDGET_AT_20];
    after20.set(taste.name, figure);
    if (taste.becomes) {
      // everyTaste lists each occasion before the changes to it.
      figure = newTasteAt(sessions, AFTER_CHANGE.indexOf(10));
      budget = BUDGET_CHANGED * after20.get(taste.becomes.name)!;
    }
    // Shares are means of tenths: 0.7 may come out a hair under it.
    swept.push({ taste, figure, budget, met: figure >= budget - 1e-9 });
  }
  return swept;
}

/**
 * How many of a crowd of shoppers, one per taste the evaluation knows and one for each of
 * the catalogue's colours and garments, would like each outfit: "most liked" as a shop with
 * swipes from everyone would count it.
 */
function crowdLikes(shop: EvalShop): Map<number, number> {
  const colours = new Set<string>();
  const garments = new Set<string>();
  for (const o of shop.outfits.values()) {
    for (const p of o.pieces) {
      colours.add(p.color);
      garments.add(p.garment);
    }
  }
  const crowd: ((o: EvalOutfit) => boolean)[] = [
    ...OCCASIONS.map((occ) => (o: EvalOutfit) => o.occasionId === occ.id),
    ...[...colours].map((c) => (o: EvalOutfit) => colourCount(o, c) >= 2),
    ...[...garments].map((g) => (o: EvalOutfit) => o.pieces.some((p) => p.garment === g)),
  ];
  const likes = new Map<number, number>();
  for (const o of shop.outfits.values()) likes.set(o.id, crowd.filter((fits) => fits(o)).length);
  return likes;
}

// The rankers: the feed's own, and the two baselines.

export const feedRanker: Ranker = (shop, history, seed, placedBy) =>
  rankCandidates(shop.shape, history, { seed, exclude: [] }, placedBy);

/** Every unswiped outfit in a seeded random order. */
export const randomRanker: Ranker = (shop, history, seed) =>
  shop.shape.outfitIds
    .filter((id) => !history.swiped.has(id))
    .map((id) => ({ id, key: seededHash(id, seed) }))
    .sort((a, b) => a.key - b.key || a.id - b.id)
    .map((c) => c.id);

/** Every unswiped outfit, the most liked by the crowd first. */
export const popularRanker: Ranker = (shop, history) =>
  shop.shape.outfitIds
    .filter((id) => !history.swiped.has(id))
    .sort((a, b) => (shop.likes.get(b) ?? 0) - (shop.likes.get(a) ?? 0) || a - b);

export const RANKERS = { feed: feedRanker, random: randomRanker, 'most liked': popularRanker };

/** After how many swipes the next cards are measured; the shopper swipes 60 in all. */
export const CHECKPOINTS = [0, 5, 10, 20, 40] as const;
/** For a changing taste: swipes after the change at which the next cards are measured. */
export const AFTER_CHANGE = [0, 5, 10, 20] as const;
const PAGE = FEED_PAGE_DEFAULT;
/**
 * How the client asks for pages: `pages` asks for the next page of ten once it has swiped the
 * last (the measure: the next page after n swipes); `app` as the web app does, asking
 * for the next page while 4 cards are left (use-swipe-deck.ts's PREFETCH_AT), so the cards it
 * holds were ranked a few swipes earlier.
 */
export const CLIENTS = { pages: 0, app: 4 } as const;
export type Client = keyof typeof CLIENTS;
const SESSION = 60;

/** What the next ten cards a shopper will see show. */
export interface PageFigures {
  /** Share of its looks fitting the taste. */
  fit: number;
  /** For a changing taste: share fitting the taste it changes to. */
  fitAfter: number;
  /** Distinct occasions on it. */
  occasions: number;
  /** Pieces whose product is also on an earlier card of the page. */
  repeated: number;
  /** Whether at least one look on it is outside the taste. */
  outside: boolean;
  /** Cards on it the feed placed for exploring (the feed's own pages only). */
  explored: number;
  /** At a checkpoint: how many looks fitting the taste the shopper has not swiped yet. */
  left?: number;
}

export interface ShopperRun {
  taste: string;
  family: Taste['family'];
  /** The next ten cards after each of `CHECKPOINTS` swipes. */
  curve: PageFigures[];
  /** For a changing taste: the next ten cards after each of `AFTER_CHANGE` swipes past it. */
  afterChange: PageFigures[];
  /** Every page the server sent, measured. */
  pages: PageFigures[];
  /** Distinct outfits the shopper was shown in the session. */
  shown: Set<number>;
  /** Outfits served that were swiped before or held a sold-out piece (must be none). */
  violations: number;
  /** For the feed: what placed the cards the shopper was sent, by kind. */
  placedBy: Map<PlacedBy['kind'], number>;
  /** Rankings made, on the spot and behind pages. */
  rankings: number;
}

function pageFigures(
  shop: EvalShop,
  taste: Taste,
  ids: readonly number[],
  swipes: number,
  placed: ReadonlyMap<number, PlacedBy> = new Map(),
): PageFigures {
  const outfits = ids.map((id) => shop.outfits.get(id)!);
  const products = new Set<number>();
  let repeated = 0;
  for (const o of outfits) {
    const own = new Set(o.pieces.map((p) => p.productId));
    for (const p of own) {
      if (products.has(p)) repeated++;
    }
    for (const p of own) products.add(p);
  }
  const fitting = outfits.filter((o) => taste.fits(o, swipes)).length;
  return {
    fit: outfits.length === 0 ? 0 : fitting / outfits.length,
    fitAfter:
      outfits.length === 0 || !taste.becomes
        ? 0
        : outfits.filter((o) => taste.becomes!.fits(o, 0)).length / outfits.length,
    occasions: new Set(outfits.map((o) => o.occasionId)).size,
    repeated,
    outside: fitting < outfits.length,
    explored: ids.filter((id) => placed.get(id)?.kind === 'explore').length,
  };
}

/**
 * One shopper's session, as the app runs it. The server keeps a queue of the shopper's best
 * in-stock outfits (server/features/feed/queue.ts): a page is read from it, and it is ranked
 * again on the spot (`QUEUE.onTheSpot` long) once the shopper has swiped `QUEUE.relearnAfter` of
 * it or it cannot fill the page, and behind the page (`QUEUE.size`) when it runs low. The client holds the cards it was sent and asks for the
 * next page, without them, as `client` says (`CLIENTS`). The shopper swipes the
 * held cards one by one, right when the look fits, hearting the pieces the taste says. At each
 * checkpoint the next ten cards they will see are measured: those held, then the page the server
 * would send.
 */
export function runShopper(
  shop: EvalShop,
  taste: Taste,
  rank: Ranker,
  seed: number,
  client: Client = 'pages',
): ShopperRun {
  const recent: { outfitId: number; like: boolean }[] = [];
  const hearts: number[] = [];
  const swiped = new Set<number>();
  const shown = new Set<number>();
  const history = (): ShopperHistory => ({
    recent: recent.slice(0, PROFILE.swipes),
    hearts: hearts.slice(0, PROFILE.hearts),
    swiped,
  });
  let violations = 0;
  let rankings = 0;
  const placedBy = new Map<PlacedBy['kind'], number>();
  let signals = new Map<number, PlacedBy>();
  /** What placed each card the shopper was sent or would be, by its latest ranking. */
  const placed = new Map<number, PlacedBy>();
  /** The shopper's queue, as ranked; stock is checked when it is ranked, as rankFeed does. */
  let queue: number[] = [];
  const rankNow = (exclude: ReadonlySet<number>, size: number) => {
    signals = new Map();
    rankings++;
    const ranked = rank(shop, history(), seededHash(rankings, seed) | 1, signals);
    queue = ranked.filter((id) => !exclude.has(id) && inStock(shop, id)).slice(0, size);
  };
  /** The page the server sends, and (unless only looking) the ranking it makes behind it. */
  const getPage = (held: readonly number[], look: boolean): number[] => {
    const exclude = new Set(held);
    const waiting = queue.filter((id) => !swiped.has(id));
    const open = waiting.filter((id) => !exclude.has(id) && inStock(shop, id));
    const swipedSince = waiting.length > 0 ? queue.indexOf(waiting[0]!) : queue.length;
    if (open.length > PAGE && swipedSince < QUEUE.relearnAfter) {
      const page = open.slice(0, PAGE);
      const behind = queue.length - 1 - queue.indexOf(open[PAGE]!) - held.length;
      if (!look && behind < QUEUE.lowWater) rankNow(new Set(), QUEUE.size);
      return page;
    }
    if (look) {
      const saved = { queue, signals, rankings };
      rankNow(exclude, PAGE);
      const page = queue;
      // The look's reasons are its own: the cards sent keep those of the ranking that sent them.
      looked = signals;
      ({ queue, signals, rankings } = saved);
      return page;
    }
    rankNow(exclude, Math.max(QUEUE.onTheSpot, PAGE + 1));
    for (const [id, by] of signals) placed.set(id, by);
    return queue.slice(0, PAGE);
  };
  const held: number[] = [];
  const fetch = () => {
    const page = getPage(held, false);
    for (const id of page) {
      if (swiped.has(id) || !inStock(shop, id) || held.includes(id)) violations++;
      shown.add(id);
      const by = signals.get(id);
      if (by) placedBy.set(by.kind, (placedBy.get(by.kind) ?? 0) + 1);
    }
    held.push(...page);
    return page;
  };
  let looked = new Map<number, PlacedBy>();
  /** The next ten cards the shopper would see, and what placed each. */
  const next10 = (swipes: number) => {
    const ids = [...held, ...getPage(held, true)].slice(0, PAGE);
    const by = new Map(ids.map((id) => [id, (held.includes(id) ? placed : looked).get(id)!]));
    return pageFigures(shop, taste, ids, swipes, by);
  };

  const curve: PageFigures[] = [];
  const afterChange: PageFigures[] = [];
  const pages: PageFigures[] = [];
  const changesAt = taste.changesAt ?? Number.POSITIVE_INFINITY;
  for (let swipes = 0; swipes <= SESSION; swipes++) {
    if (held.length <= CLIENTS[client]) {
      const page = fetch();
      if (page.length > 0) pages.push(pageFigures(shop, taste, page, swipes, placed));
    }
    if ((CHECKPOINTS as readonly number[]).includes(swipes)) {
      let left = 0;
      for (const o of shop.outfits.values()) {
        if (!swiped.has(o.id) && inStock(shop, o.id) && taste.fits(o, swipes)) left++;
      }
      curve.push({ ...next10(swipes), left });
    }
    if ((AFTER_CHANGE as readonly number[]).includes(swipes - changesAt)) {
      afterChange.push(next10(swipes));
    }
    const id = held.shift();
    if (id === undefined || swipes === SESSION) break;
    const outfit = shop.outfits.get(id)!;
    const like = taste.fits(outfit, swipes);
    recent.unshift({ outfitId: id, like });
    swiped.add(id);
    if (like && taste.hearts) hearts.unshift(...taste.hearts(outfit));
  }
  return {
    taste: taste.name,
    family: taste.family,
    curve,
    afterChange,
    pages,
    shown,
    violations,
    placedBy,
    rankings,
  };
}

/** Every taste with each of `rankers`, over `seeds` sessions each (the random order four times as many). */
export function evaluate(
  shop: EvalShop,
  seeds = 3,
  client: Client = 'pages',
  rankers: readonly (keyof typeof RANKERS)[] = ['feed', 'random', 'most liked'],
) {
  const runs: Record<keyof typeof RANKERS, ShopperRun[][]> = {
    feed: [],
    random: [],
    'most liked': [],
  };
  for (const name of rankers) {
    // The random order varies most from session to session: it gets more of them.
    const sessions = name === 'random' ? seeds * 4 : seeds;
    for (const taste of tastes(shop)) {
      runs[name].push(
        Array.from({ length: sessions }, (_, s) =>
          runShopper(shop, taste, RANKERS[name], 1000 + s * 7919, client),
        ),
      );
    }
  }
  return runs;
}

export const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;

/** The share fitting the taste in the next page after `CHECKPOINTS[point]` swipes, over seeds. */
export const fitAt = (sessions: readonly ShopperRun[], point: number) =>
  mean(sessions.map((r) => r.curve[point]?.fit ?? 0));

/** The same for a changing taste's new taste, `AFTER_CHANGE[point]` swipes past the change. */
export const newTasteAt = (sessions: readonly ShopperRun[], point: number) =>
  mean(sessions.map((r) => r.afterChange[point]?.fitAfter ?? 0));

/**
 * Median microseconds per ranking of a shopper with `swipes` swipes (a third of them likes,
 * their latest 300 weighed) and `hearts` hearts, over `calls` rankings with different seeds.
 */
export function rankingMicros(shop: EvalShop, swipes: number, hearts: number, calls: number) {
  const ids = shop.shape.outfitIds;
  const recent = Array.from({ length: Math.min(swipes, ids.length) }, (_, i) => ({
    outfitId: ids[seededHash(i, 17) % ids.length]!,
    like: i % 3 === 0,
  }));
  const history: ShopperHistory = {
    recent: recent.slice(0, PROFILE.swipes),
    hearts: Array.from(
      { length: hearts },
      (_, i) => 1 + (seededHash(i, 23) % shop.shape.maxItemId),
    ),
    swiped: new Set(recent.map((r) => r.outfitId)),
  };
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = process.hrtime.bigint();
    rankCandidates(shop.shape, history, { seed: i + 1, exclude: [] });
    times.push(Number(process.hrtime.bigint() - started) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

import type { CatalogueShape, ItemFacts, Piece } from './catalogue-shape';

/** The taste model's weights (docs/decisions/005-swipe-feed-ranking.md, "The model"). */
export const TASTE = {
  like: 1,
  nope: -0.5,
  heart: 1.5,
  item: 3,
  product: 2,
  look: 1.5,
  /** What the liked items, products and looks count for against the occasion's. */
  pieces: 0.45,
  /** What a candidate's occasion, garment kinds and colours count for (decision 005). */
  occasion: 1.3,
  /** Times the fitted weights (`fitTaste`): tuned by the evaluation, not part of the fit. */
  kind: 1,
  color: 0.6,
  /** Swipes at the shopper's own rate each occasion starts with. */
  prior: 2,
  /** The weight of each swipe relative to the one after it (a half-life of about 4 swipes). */
  decay: 0.85,
  /** The same for hearts, which are fewer and more deliberate. */
  heartDecay: 0.97,
  /** What a piece's shared item, product and look count for by its slot. */
  slot: { outerwear: 1.5, top: 1.2, bottom: 1, footwear: 0.8, accessory: 0.6 },
  /** Largest random nudge per outfit, so equal tastes do not always fall the same way. */
  jitter: 0.1,
  /** Subtracted per card already placed of the same occasion. */
  occasionSpread: 0.1,
  /** Subtracted per card already placed that shares a product with this one (once learning). */
  repeat: 0.1,
  /** One card in this many is kept for exploring, once the shopper has given any signal. */
  exploreEvery: 5,
  /** An explored card is of the occasion shown least in this many latest swipes and the page. */
  exploreLately: 10,
  /** After `lostAfter` lefts in a row, explore one card in two and fade the older signals. */
  lostAfter: 6,
  exploreWhenLost: 2,
  lostFade: 0.25,
} as const;

/** How many candidates each source may add before scoring (`explore` says how they are drawn). */
export const POOL = {
  items: 40,
  products: 12,
  looks: 3,
  perLook: 30,
  /** The best-liked occasions and kinds, and how many of each one's outfits are read. */
  occasions: 2,
  perOccasion: 40,
  kinds: 2,
  perKind: 30,
  explore: 100,
  exactUpTo: 1_000,
  /** How many places are laid out card by card; the rest follow by score. */
  laidOut: 120,
  /** How many of the best unplaced candidates each place is chosen from. */
  lookAhead: 40,
} as const;

/** Taste drifts, and a history of thousands must not make every ranking weigh all of it. */
export const PROFILE = { swipes: 300, hearts: 150 } as const;

/**
 * The fit of kind and colour weights: its rounds; its pull of each weight towards zero (above
 * zero, or a weight no swipe shows would be 0/0), about what four of the latest swipes weigh;
 * the lightest swipe it takes (about the 28th back; every kept heart weighs more).
 */
export const FIT = { rounds: 8, ridge: 1, least: 0.01 } as const;

/** What the ranking reads of one shopper: their latest signals and everything they swiped. */
export interface ShopperHistory {
  /** The latest `PROFILE.swipes` swipes, newest first. */
  recent: readonly { outfitId: number; like: boolean }[];
  /** The latest `PROFILE.hearts` hearted items, newest first. */
  hearts: readonly number[];
  /** Every outfit the shopper swiped, either way. */
  swiped: ReadonlySet<number>;
}

export interface RankingOptions {
  seed: number;
  exclude: readonly number[];
  /** Explore every unswiped outfit, as in a small catalogue: a sampled page came back short. */
  exhaustive?: boolean;
  /** `POOL.exactUpTo`, lowered by tests. */
  exactUpTo?: number;
}

/** A seeded 32-bit hash of an integer (MurmurHash3 of one word): neighbours scatter. */
export function seededHash(value: number, seed: number): number {
  let k = Math.imul(value | 0, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  let h = (seed | 0) ^ k;
  h = (h << 13) | (h >>> 19);
  h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  h ^= 4;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// A salt per use of the seed, so the draws, windows, jitter and explored order are independent.
const SALT = {
  explore: 0x2545f491,
  draw: 0x5851f42d,
  look: 0x14057b7e,
  jitter: 0x68e31da4,
  exploreSlot: 0x3c6ef372,
};
const salted = (seed: number, salt: number) => (seed ^ salt) | 0;

/**
 * Sums of signals by a dense id. Kept per catalogue shape and cleared
 * of the keys the last ranking touched: a ranking never yields, and a fresh set costs more than it.
 */
class Tally {
  readonly #weights: Float64Array;
  readonly #marked: Uint8Array;
  readonly #touched: number[] = [];

  constructor(size: number) {
    this.#weights = new Float64Array(size);
    this.#marked = new Uint8Array(size);
  }

  clear() {
    for (const key of this.#touched) this.#weights[key] = this.#marked[key] = 0;
    this.#touched.length = 0;
  }

  add(key: number, w: number) {
    if (key < 0 || key >= this.#weights.length) return;
    if (this.#marked[key] === 0) this.#touched.push(key);
    this.#marked[key] = 1;
    this.#weights[key]! += w;
  }

  get(key: number): number {
    return this.#weights[key] ?? 0;
  }

  /** The `count` keys with the most weight above zero, heaviest first, ties by `order`. */
  strongest(count: number, order: (a: number, b: number) => number = (a, b) => a - b): number[] {
    const w = this.#weights;
    const keys = this.#touched.filter((key) => w[key]! > 0);
    keys.sort((a, b) => w[b]! - w[a]! || order(a, b));
    return keys.slice(0, count);
  }
}

/** Sums of signals by occasion (a small dense id). */
const tally = (size: number) => new Float64Array(size);

/** What a piece of a candidate can share with what the shopper liked or hearted. */
const MATCHES = ['item', 'product', 'kind', 'look', 'color'] as const;
type Match = (typeof MATCHES)[number];

/** The shopper's liked items, products and looks, and how many placed cards hold each product. */
type Tallies = Record<'item' | 'product' | 'look' | 'placed', Tally>;
const talliesByShape = new WeakMap<CatalogueShape, Tallies>();

function talliesFor(shape: CatalogueShape): Tallies {
  const tallies = talliesByShape.get(shape) ?? {
    item: new Tally(shape.maxItemId + 1),
    product: new Tally(shape.maxProductId + 1),
    look: new Tally(shape.lookCount),
    placed: new Tally(shape.maxProductId + 1),
  };
  talliesByShape.set(shape, tallies);
  for (const tally of Object.values(tallies)) tally.clear();
  return tallies;
}

/** What placed a card, for its reason: a liked occasion, a piece like one liked, exploring, none. */
export type PlacedBy =
  | { kind: 'occasion'; likes: number }
  | { kind: 'piece'; itemId: number; match: Match; hearted: boolean }
  | { kind: 'explore' }
  | { kind: 'new' };

interface Candidate {
  id: number;
  occasionId: number;
  pieces: readonly Piece[];
  /** The shopper's taste for it, without the jitter. */
  taste: number;
  score: number;
}

/** How telling each match is in a card's reason: a colour alone says least. */
const REASON_WEIGHT = { item: 1, product: 1, look: 0.9, kind: 0.8, color: 0.5 } as const;

/**
 * The shopper's unswiped candidates, best first (decision 005), in four steps: the taste profile,
 * a capped pool of candidates, their scores, and the order laid out card by card. Stock is
 * rankFeed's. `placedBy` gets what placed each of the first `POOL.laidOut` cards.
 */
export function rankCandidates(
  shape: CatalogueShape,
  history: ShopperHistory,
  options: RankingOptions,
  placedBy?: Map<number, PlacedBy>,
): number[] {
  const taste = tasteOf(shape, history);
  const pool = candidatePool(shape, history, taste, options);
  const candidates = scored(shape, pool, taste, options.seed);
  return layOut(candidates, taste, options.seed, placedBy);
}

/** What the ranking learned of a shopper from their latest swipes and hearts. */
interface Taste {
  /** Liked and noped items, products and looks, decayed; `placed` is the layout's. */
  tallies: Tallies;
  /** By occasion, in log-odds against the shopper's own like rate. */
  occasion: Float64Array;
  /** By garment kind and colour, fitted (`fitTaste`). */
  kind: Float64Array;
  color: Float64Array;
  /** By occasion: the likes as counted (a card's reason), and the cards shown lately. */
  likeCounts: Float64Array;
  lately: Float64Array;
  /** Products the shopper hearted, to tell a card placed by a heart. */
  hearted: Set<number>;
  /** Whether there was any signal at all; a new shopper's page only goes round the occasions. */
  learning: boolean;
  /** Whether the latest `TASTE.lostAfter` swipes were all left. */
  lost: boolean;
  /** The signals' total weight (at least 1), which the piece tallies are read against. */
  norm: number;
}

/** The taste profile, the latest signals weighing most. */
function tasteOf(shape: CatalogueShape, history: ShopperHistory): Taste {
  const tallies = talliesFor(shape);
  const o = shape.maxOccasionId + 1;
  // By occasion: the likes and nopes decayed, the likes counted, the cards shown lately.
  const [likes, nopes, likeCounts, lately] = [tally(o), tally(o), tally(o), tally(o)];
  // The swipes and hearts the kinds' and colours' weights are fitted to. A heart's occasion is 0,
  // which no outfit has: its taste is 0, so a heart is a like against the shopper's own rate.
  const examples: Example[] = [];
  const example = (occasionId: number, pieces: readonly ItemFacts[], like: boolean, w: number) => {
    if (w < FIT.least) return;
    const kinds = pieces.filter((_, i) => kindCounts(pieces, i)).map((p) => p.kindId);
    examples.push({ weight: w, like, occasionId, features: [kinds, pieces.map((p) => p.colorId)] });
  };
  const signal = (piece: ItemFacts, w: number) => {
    tallies.item.add(piece.itemId, w);
    tallies.product.add(piece.productId, w);
    tallies.look.add(piece.lookId, w);
  };
  const lost =
    history.recent.length >= TASTE.lostAfter &&
    history.recent.slice(0, TASTE.lostAfter).every((swipe) => !swipe.like);
  let weight = 1;
  let total = 0;
  let liked = 0;
  let noped = 0;
  for (const [index, swipe] of history.recent.entries()) {
    if (lost && index === TASTE.lostAfter) weight *= TASTE.lostFade;
    const outfit = shape.outfits.get(swipe.outfitId);
    if (outfit) {
      const w = (swipe.like ? TASTE.like : TASTE.nope) * weight;
      for (const piece of outfit.pieces) signal(piece, w);
      example(outfit.occasionId, outfit.pieces, swipe.like, weight);
      if (swipe.like) {
        likes[outfit.occasionId]! += weight;
        likeCounts[outfit.occasionId]! += 1;
        liked += weight;
      } else {
        nopes[outfit.occasionId]! += weight;
        noped += weight;
      }
      total += weight;
    }
    weight *= TASTE.decay;
  }
  let heartWeight = TASTE.heart;
  const hearted = new Set<number>();
  for (const itemId of history.hearts) {
    const item = shape.item(itemId);
    if (item) {
      signal(item, heartWeight);
      example(0, [item], true, heartWeight / TASTE.heart);
      total += heartWeight / TASTE.heart;
      hearted.add(item.productId);
    }
    heartWeight *= TASTE.heartDecay;
  }
  // Like rates against the shopper's own in log-odds: a ratio would flatten as they like more.
  const rate = (liked + 0.5) / (liked + noped + 1);
  const occasion = likes.map(
    (l, i) => logOdds((l + TASTE.prior * rate) / (l + nopes[i]! + TASTE.prior)) - logOdds(rate),
  );
  const [kind, color] = fitTaste(
    examples,
    [shape.kindCount + 1, shape.colorCount + 1],
    (e) => logOdds(rate) + occasion[e.occasionId]!,
  );
  for (const swipe of history.recent.slice(0, TASTE.exploreLately)) {
    const outfit = shape.outfits.get(swipe.outfitId);
    if (outfit) lately[outfit.occasionId]! += 1;
  }
  return {
    tallies,
    occasion,
    kind,
    color,
    likeCounts,
    lately,
    hearted,
    learning: total > 0,
    lost,
    norm: Math.max(total, 1),
  };
}

/**
 * The outfits worth scoring, none swiped or excluded: those sharing the strongest liked items,
 * products and looks, seeded windows onto the best-liked kinds and occasions, and draws to explore.
 */
function candidatePool(
  shape: CatalogueShape,
  history: ShopperHistory,
  taste: Taste,
  options: RankingOptions,
): Set<number> {
  const { seed } = options;
  const t = taste.tallies;
  const excluded = new Set(options.exclude);
  const open = (id: number) => !history.swiped.has(id) && !excluded.has(id);
  // A seeded id from 1 to `max`.
  const draw = (n: number, salt: number, max: number) =>
    1 + ((seededHash(n, salted(seed, salt)) & 0x7fffffff) % max);
  const itemPivot = draw(0, SALT.look, shape.maxItemId);
  const outfitPivot = draw(1, SALT.look, shape.maxOutfitId);
  const pool = new Set<number>();
  const addAll = (ids: readonly number[]) => {
    for (const id of ids) if (open(id)) pool.add(id);
  };
  for (const itemId of t.item.strongest(POOL.items)) addAll(shape.outfitsWithItem(itemId));
  for (const productId of t.product.strongest(POOL.products)) {
    addAll(shape.outfitsWithProduct(productId));
  }
  for (const look of t.look.strongest(POOL.looks, (a, b) => shape.compareLooks(a, b))) {
    const items = shape.window('look', look, itemPivot, POOL.perLook);
    for (const itemId of items) addAll(shape.outfitsWithItem(itemId));
  }
  // The best-liked kinds and occasions (0 is none): a seeded window onto the outfits of each.
  const best = (weights: Float64Array, count: number) =>
    [...weights.keys()]
      .filter((key) => key > 0 && weights[key]! > 0)
      .sort((a, b) => weights[b]! - weights[a]! || a - b)
      .slice(0, count);
  for (const kind of best(taste.kind, POOL.kinds)) {
    addAll(shape.window('kind', kind, outfitPivot, POOL.perKind));
  }
  for (const o of taste.learning ? best(taste.occasion, POOL.occasions) : []) {
    addAll(shape.window('occasion', o, outfitPivot, POOL.perOccasion));
  }
  // Exploring, and all a new shopper gets: in a small catalogue (or an exhaustive ranking) the
  // first unswiped outfits in a seeded order of all, else seeded draws of ids.
  if (options.exhaustive || shape.maxOutfitId <= (options.exactUpTo ?? POOL.exactUpTo)) {
    const salt = salted(seed, SALT.explore);
    const order = shape.outfitIds
      .filter(open)
      .map((id) => ({ id, key: seededHash(id, salt) }))
      .sort((a, b) => a.key - b.key || a.id - b.id);
    for (const { id } of order.slice(0, POOL.explore)) pool.add(id);
  } else {
    for (let g = 1; g <= POOL.explore; g++) {
      const id = draw(g, SALT.draw, shape.maxOutfitId);
      if (shape.outfits.has(id) && open(id)) pool.add(id);
    }
  }
  return pool;
}

/** What a piece adds: its shared item, product and look by slot, its colour and its kind. */
function shares(taste: Taste, p: Piece): Record<Match, number> {
  const t = taste.tallies;
  const bySlot = (TASTE.slot[p.slot] * TASTE.pieces) / taste.norm;
  return {
    item: bySlot * TASTE.item * t.item.get(p.itemId),
    product: bySlot * TASTE.product * t.product.get(p.productId),
    look: bySlot * TASTE.look * t.look.get(p.lookId),
    color: TASTE.color * taste.color[p.colorId]!,
    kind: TASTE.kind * taste.kind[p.kindId]!,
  };
}

/** The pool's outfits with the shopper's taste for each and a seeded jitter, best first. */
function scored(shape: CatalogueShape, pool: Set<number>, taste: Taste, seed: number): Candidate[] {
  const candidates: Candidate[] = [];
  for (const id of pool) {
    const outfit = shape.outfits.get(id);
    if (!outfit) continue;
    const { occasionId, pieces } = outfit;
    let liking = 0;
    if (taste.learning) {
      liking = TASTE.occasion * taste.occasion[occasionId]!;
      pieces.forEach((p, i) => {
        const m = shares(taste, p);
        liking += m.item + m.product + m.look + m.color + (kindCounts(pieces, i) ? m.kind : 0);
      });
    }
    const jitter =
      seed === 0
        ? 0
        : ((seededHash(id, salted(seed, SALT.jitter)) & 0xffff) / 65536) * TASTE.jitter;
    candidates.push({ id, occasionId, pieces, taste: liking, score: liking + jitter });
  }
  return candidates.sort((a, b) => b.score - a.score || a.id - b.id);
}

/** What placed a card: its occasion, or the piece signal that tells most. */
function placedByTaste(taste: Taste, { occasionId, pieces }: Candidate): PlacedBy {
  let best: PlacedBy = { kind: 'explore' };
  let bestWeight = 0;
  for (const p of pieces) {
    const m = shares(taste, p);
    for (const match of MATCHES) {
      const told = m[match] * REASON_WEIGHT[match];
      if (told > bestWeight) {
        bestWeight = told;
        best = { kind: 'piece', itemId: p.itemId, match, hearted: taste.hearted.has(p.productId) };
      }
    }
  }
  const occasion = TASTE.occasion * taste.occasion[occasionId]!;
  return occasion > 0 && occasion >= bestWeight
    ? { kind: 'occasion', likes: taste.likeCounts[occasionId]! }
    : best;
}

/**
 * The order, card by card for the first `POOL.laidOut`: the best by score less what is already
 * placed (its occasion, its products), one card in `exploreEvery` of an occasion shown least.
 * The rest follow by score.
 */
function layOut(
  candidates: readonly Candidate[],
  taste: Taste,
  seed: number,
  placedBy: Map<number, PlacedBy> | undefined,
): number[] {
  const { learning } = taste;
  const placedProducts = taste.tallies.placed;
  const placedOccasions = tally(taste.occasion.length);
  const exploreEvery = taste.lost ? TASTE.exploreWhenLost : TASTE.exploreEvery;
  const exploring = learning ? explorationOrder(candidates, seed) : [];
  const placed = new Uint8Array(candidates.length);
  const order: number[] = [];
  let head = 0;
  let explored = 0;
  const place = (index: number, by: () => PlacedBy) => {
    const c = candidates[index]!;
    placed[index] = 1;
    order.push(c.id);
    placedOccasions[c.occasionId]! += 1;
    for (const p of c.pieces) placedProducts.add(p.productId, 1);
    placedBy?.set(c.id, by());
  };
  // A new shopper's page goes round the occasions strictly: the jitter is below the spread.
  const repeat = learning ? TASTE.repeat : 0;
  const limit = Math.min(POOL.laidOut, candidates.length);
  while (order.length < limit) {
    if (exploring.length > 0 && order.length % exploreEvery === exploreEvery - 1) {
      while (explored < exploring.length && placed[exploring[explored]!]) explored++;
      if (explored < exploring.length) {
        let pick = -1;
        let least = Number.POSITIVE_INFINITY;
        for (let i = explored; i < exploring.length && least > 0; i++) {
          const index = exploring[i]!;
          const o = candidates[index]!.occasionId;
          const shown = placedOccasions[o]! + taste.lately[o]!;
          if (!placed[index] && shown < least) {
            least = shown;
            pick = index;
          }
        }
        place(pick, () => ({ kind: 'explore' }));
        continue;
      }
    }
    while (placed[head]) head++;
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    let looked = 0;
    for (let i = head; i < candidates.length && looked < POOL.lookAhead; i++) {
      if (placed[i]) continue;
      looked++;
      const c = candidates[i]!;
      // Penalties only lower scores: once one is below the best so far, so are the rest.
      if (c.score <= bestScore) break;
      let penalty = TASTE.occasionSpread * placedOccasions[c.occasionId]!;
      for (const p of c.pieces) penalty += repeat * placedProducts.get(p.productId);
      if (c.score - penalty > bestScore) {
        bestScore = c.score - penalty;
        best = i;
      }
    }
    const chosen = candidates[best]!;
    place(best, () => (learning ? placedByTaste(taste, chosen) : { kind: 'new' }));
  }
  for (let i = head; i < candidates.length; i++) if (!placed[i]) order.push(candidates[i]!.id);
  return order;
}

const logOdds = (p: number) => Math.log(p / (1 - p));

/** A swipe or heart as the fit sees it: its occasion (0 for a heart), its kinds and colours. */
interface Example {
  weight: number;
  like: boolean;
  occasionId: number;
  features: [kinds: number[], colors: number[]];
}

/**
 * Kind and colour weights in log-odds, fitted together to the decayed swipes and hearts over what
 * each one's occasion already says (`offset`), each pulled towards zero by `FIT.ridge`. So a
 * garment or colour in the liked looks that was also in rejected ones counts against, and two that
 * always came together share the credit. Each round updates the kinds, then the colours (the
 * groups in `Example.features`' order).
 */
function fitTaste(
  examples: readonly Example[],
  [kindCount, colorCount]: [number, number],
  offset: (e: Example) => number,
): [Float64Array, Float64Array] {
  const weights = [new Float64Array(kindCount), new Float64Array(colorCount)] as const;
  const logits = Float64Array.from(examples, offset);
  for (let round = 0; round < FIT.rounds; round++) {
    weights.forEach((group, g) => {
      const gradient = new Float64Array(group.length);
      const curvature = new Float64Array(group.length).fill(FIT.ridge);
      examples.forEach((e, i) => {
        const ids = e.features[g]!;
        // The weighted log-loss's slope in this example's logit: predicted like less the answer.
        const slope = e.weight * (1 / (1 + Math.exp(-logits[i]!)) - (e.like ? 1 : 0));
        for (const id of ids) {
          gradient[id]! += slope;
          // A bound on the loss's curvature (a logistic's is at most 1/4, and an example moves
          // with all its ids at once), so a step never overshoots. A colour on three pieces counts
          // three times.
          curvature[id]! += 0.25 * e.weight * ids.length;
        }
      });
      // Newton's step on that bound, the ridge's pull included.
      const step = gradient.map((d, id) => (d + FIT.ridge * group[id]!) / curvature[id]!);
      for (let id = 0; id < group.length; id++) group[id]! -= step[id]!;
      examples.forEach((e, i) => {
        for (const id of e.features[g]!) logits[i]! -= step[id]!;
      });
    });
  }
  return [weights[0], weights[1]];
}

/** Whether the `i`th piece's kind counts: known (not 0), and the first of it in the outfit. */
function kindCounts(pieces: readonly ItemFacts[], i: number): boolean {
  const kind = pieces[i]!.kindId;
  if (kind === 0) return false;
  for (let j = 0; j < i; j++) if (pieces[j]!.kindId === kind) return false;
  return true;
}

/** The candidates kept for exploring, by index: those tasted below the pool's middle, seeded. */
function explorationOrder(candidates: readonly Candidate[], seed: number): number[] {
  if (candidates.length === 0) return [];
  const tastes = Float64Array.from(candidates, (c) => c.taste).sort();
  const middle = tastes[Math.floor(tastes.length / 2)]!;
  const salt = salted(seed, SALT.exploreSlot);
  const indices: { index: number; key: number }[] = [];
  candidates.forEach((c, index) => {
    if (c.taste <= middle) indices.push({ index, key: seededHash(c.id, salt) });
  });
  indices.sort((a, b) => a.key - b.key || a.index - b.index);
  return indices.map((i) => i.index);
}

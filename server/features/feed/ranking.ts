import type { CatalogueShape, Piece } from './catalogue-shape';

/**
 * The taste model. A shopper's swipes and hearts are signals on pieces; every candidate piece
 * earns points for sharing the exact item, the product, the category in the same colour, or
 * just the colour with a signal, and the outfit for sharing its occasion. Likes count +1, a
 * heart (a deliberate choice of one piece) +1.5, a nope -0.5 (a nope is a verdict on the whole
 * look, weaker evidence against each of its pieces). Slots are weighted by how much of the look
 * they make: the coat is the first thing anyone sees, the accessory the last.
 */
export const TASTE = {
  like: 1,
  nope: -0.5,
  heart: 1.5,
  item: 3,
  product: 2,
  categoryColor: 1.5,
  color: 0.5,
  occasion: 2,
  slot: { outerwear: 1.5, top: 1.2, bottom: 1, footwear: 0.8, accessory: 0.6 },
  /**
   * Largest random nudge per outfit; scores are normalised per signal, so this stays small. Kept
   * no larger than the occasion spread, so a shopper with no history gets strict round-robin.
   */
  jitter: 0.1,
  /**
   * Subtracted per better candidate from the same occasion, so a page mixes occasions. A sold-out
   * candidate counts too (stock is checked after the ranking, see rankFeed), which can only push
   * its occasion's next outfit back a round.
   */
  occasionSpread: 0.1,
} as const;

/**
 * How many candidates each source may add before scoring. In a catalogue of up to `exactUpTo`
 * outfits, the `explore` explored ones are the first unswiped outfits in a seeded order of them
 * all (every one, while no more than `explore` are left, so the ranking is exact); in a larger
 * one they come from `explore` seeded draws of ids, which cost the same however large the
 * catalogue grows.
 */
export const POOL = {
  items: 40,
  products: 12,
  looks: 3,
  perLook: 30,
  explore: 100,
  exactUpTo: 1_000,
} as const;

/**
 * Taste follows the latest swipes and hearts: it drifts, and a history of thousands must not
 * make every ranking weigh all of it.
 */
export const PROFILE = { swipes: 300, hearts: 150 } as const;

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
  /**
   * Explore in a seeded order of every unswiped outfit, as in a small catalogue, whatever the
   * catalogue's size: the retry of a sampled page that came back short, whose draws can miss
   * the last few unswiped outfits.
   */
  exhaustive?: boolean;
  /** Catalogues up to this many outfits explore a seeded order of them all (tests lower it). */
  exactUpTo?: number;
}

/**
 * A seeded 32-bit hash of an integer (MurmurHash3's mixing of one word, and its finaliser): the
 * same value and seed always give the same number, and neighbouring values scatter.
 */
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

// Each use of the seed gets a salt of its own, so the explored order, the draws, the look
// windows and the jitter do not follow one another.
const SALT = { explore: 0x2545f491, draw: 0x5851f42d, look: 0x14057b7e, jitter: 0x68e31da4 };
const salted = (seed: number, salt: number) => (seed ^ salt) | 0;

/**
 * Sums of signals by a dense numeric key (an item, product, look, colour or occasion id), in an
 * array as long as the catalogue's largest id. A ranking runs from start to end without
 * yielding, so one set of tallies per catalogue shape serves every ranking: each starts by
 * clearing the keys the one before it touched.
 */
class Tally {
  readonly #weights: Float64Array;
  readonly #touched: number[] = [];
  readonly #marked: Uint8Array;

  constructor(size: number) {
    this.#weights = new Float64Array(size);
    this.#marked = new Uint8Array(size);
  }

  clear() {
    for (const key of this.#touched) {
      this.#weights[key] = 0;
      this.#marked[key] = 0;
    }
    this.#touched.length = 0;
  }

  add(key: number, w: number) {
    if (key < 0 || key >= this.#weights.length) return;
    if (this.#marked[key] === 0) {
      this.#marked[key] = 1;
      this.#touched.push(key);
    }
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
    return keys.length > count ? keys.slice(0, count) : keys;
  }
}

interface Tallies {
  items: Tally;
  products: Tally;
  looks: Tally;
  colors: Tally;
  occasions: Tally;
}

const talliesByShape = new WeakMap<CatalogueShape, Tallies>();

function talliesFor(shape: CatalogueShape): Tallies {
  let tallies = talliesByShape.get(shape);
  if (!tallies) {
    tallies = {
      items: new Tally(shape.maxItemId + 1),
      products: new Tally(shape.maxProductId + 1),
      looks: new Tally(shape.lookCount),
      colors: new Tally(shape.colorCount),
      occasions: new Tally(shape.maxOccasionId + 1),
    };
    talliesByShape.set(shape, tallies);
  }
  for (const tally of Object.values(tallies)) tally.clear();
  return tallies;
}

/**
 * The shopper's unswiped candidates, best first: three steps, all in memory. The taste profile
 * from the shopper's latest swipes and hearts; a capped pool of candidates (outfits sharing the
 * strongest liked items, products and looks, and a seeded sample of the rest); the full score
 * for those candidates only, with a seeded jitter and a penalty per better candidate of the same
 * occasion. Stock is not looked at: rankFeed checks it on the best, in this order.
 */
export function rankCandidates(
  shape: CatalogueShape,
  history: ShopperHistory,
  options: RankingOptions,
): number[] {
  const { seed } = options;
  // The taste profile.
  const { items, products, looks, colors, occasions } = talliesFor(shape);
  const signal = (piece: Omit<Piece, 'slot'>, w: number) => {
    items.add(piece.itemId, w);
    products.add(piece.productId, w);
    looks.add(piece.lookId, w);
    colors.add(piece.colorId, w);
  };
  for (const swipe of history.recent) {
    const outfit = shape.outfits.get(swipe.outfitId);
    if (!outfit) continue;
    const w = swipe.like ? TASTE.like : TASTE.nope;
    for (const piece of outfit.pieces) signal(piece, w);
    occasions.add(outfit.occasionId, w);
  }
  for (const itemId of history.hearts) {
    const item = shape.item(itemId);
    if (item) signal(item, TASTE.heart);
  }
  const norm = Math.max(history.recent.length + history.hearts.length, 1);

  // The candidate pool.
  const excluded = new Set(options.exclude);
  const open = (id: number) => !history.swiped.has(id) && !excluded.has(id);
  const pool = new Set<number>();
  const addAll = (ids: readonly number[]) => {
    for (const id of ids) if (open(id)) pool.add(id);
  };
  for (const itemId of items.strongest(POOL.items)) addAll(shape.outfitsWithItem(itemId));
  for (const productId of products.strongest(POOL.products)) {
    addAll(shape.outfitsWithProduct(productId));
  }
  const pivot = 1 + ((seededHash(0, salted(seed, SALT.look)) & 0x7fffffff) % shape.maxItemId);
  for (const look of looks.strongest(POOL.looks, (a, b) => shape.compareLooks(a, b))) {
    for (const itemId of shape.lookWindow(look, pivot, POOL.perLook)) {
      addAll(shape.outfitsWithItem(itemId));
    }
  }
  explore(shape, options, open, pool);

  // The score of each candidate.
  const scored: { id: number; occasionId: number; score: number }[] = [];
  for (const id of pool) {
    const outfit = shape.outfits.get(id);
    if (!outfit) continue;
    let pieces = 0;
    for (const p of outfit.pieces) {
      pieces +=
        TASTE.slot[p.slot] *
        (TASTE.item * items.get(p.itemId) +
          TASTE.product * products.get(p.productId) +
          TASTE.categoryColor * looks.get(p.lookId) +
          TASTE.color * colors.get(p.colorId));
    }
    const jitter =
      seed === 0
        ? 0
        : ((seededHash(id, salted(seed, SALT.jitter)) & 0xffff) / 65536) * TASTE.jitter;
    const score = (pieces + TASTE.occasion * occasions.get(outfit.occasionId)) / norm + jitter;
    scored.push({ id, occasionId: outfit.occasionId, score });
  }

  // Variety: each occasion's candidates lose a little per better one of the same occasion.
  const best = (a: { id: number; score: number }, b: { id: number; score: number }) =>
    b.score - a.score || a.id - b.id;
  scored.sort(best);
  const seen = new Map<number, number>();
  for (const c of scored) {
    const before = seen.get(c.occasionId) ?? 0;
    seen.set(c.occasionId, before + 1);
    c.score -= TASTE.occasionSpread * before;
  }
  return scored.sort(best).map((c) => c.id);
}

/**
 * Exploration, and all a new shopper gets. A catalogue of up to `exactUpTo` outfits (or an
 * exhaustive ranking) takes the first `POOL.explore` unswiped outfits in a seeded order of them
 * all; a larger one takes `POOL.explore` seeded draws of ids, which miss deleted and swiped ones.
 */
function explore(
  shape: CatalogueShape,
  options: RankingOptions,
  open: (id: number) => boolean,
  pool: Set<number>,
) {
  const exactUpTo = options.exactUpTo ?? POOL.exactUpTo;
  if (options.exhaustive || shape.maxOutfitId <= exactUpTo) {
    const salt = salted(options.seed, SALT.explore);
    const order = shape.outfitIds
      .filter(open)
      .map((id) => ({ id, key: seededHash(id, salt) }))
      .sort((a, b) => a.key - b.key || a.id - b.id);
    for (const { id } of order.slice(0, POOL.explore)) pool.add(id);
    return;
  }
  const salt = salted(options.seed, SALT.draw);
  for (let g = 1; g <= POOL.explore; g++) {
    const id = 1 + ((seededHash(g, salt) & 0x7fffffff) % shape.maxOutfitId);
    if (shape.outfits.has(id) && open(id)) pool.add(id);
  }
}

import type {
  FeedOutfit,
  FeedPage,
  OutfitUnfavoriteResult,
  PassedResetResult,
  SwipeDirection,
  SwipeResult,
  UndoResult,
} from '../../../contracts/feed';
import type { Outfit } from '../../../contracts/outfit';
import type { Database, Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { OutfitCards } from '../../lib/outfit-cards';
import { type Hearts, NO_HEARTS, type ShopperHearts } from '../../lib/shopper-hearts';
import type { StockLevels } from '../../lib/stock-levels';
import type { RankedOutfit, ShopperRead } from './feed.repository';
import * as repo from './feed.repository';
import type { Openings } from './openings';
import { type FeedQueue, type KeptQueues, QUEUE } from './queue';
import { reasonText, UNDONE } from './reasons';
import type { SwipeBatches } from './swipe-batches';

/** What the feed keeps in memory, and the writer of shoppers' queues. */
export interface FeedState {
  queue: FeedQueue;
  queues: KeptQueues;
  cards: OutfitCards;
  stock: StockLevels;
  hearts: ShopperHearts;
  openings: Openings;
}

/** The stock of every piece of these cards, as kept or read now. */
const stockOf = (live: FeedState, cards: Iterable<Outfit>) =>
  live.stock.get([...cards].flatMap((outfit) => outfit.items.map((item) => item.id)));

/** Cards and the stock of their pieces, by id. */
interface Read {
  cards: Map<number, Outfit>;
  stock: Map<number, number>;
}

/**
 * What the shopper sees of the outfits of `placed` that were read, in that order: each card with
 * its pieces' stock of this moment, the pieces the shopper hearted on it, and why it is there.
 */
function feedCards(placed: readonly RankedOutfit[], hearts: Hearts, read: Read): FeedOutfit[] {
  return placed.flatMap(({ id, reason }) => {
    const outfit = read.cards.get(id);
    if (!outfit) return [];
    const items = outfit.items.map((item) => ({
      ...item,
      stock: read.stock.get(item.id) ?? item.stock,
    }));
    const heartedItemIds = [...(hearts.onOutfit.get(id) ?? [])];
    // The keys the outfit lacks go first: after a spread, V8 builds them on a slow path.
    return [{ heartedItemIds, reason: reasonText(reason, outfit), ...outfit, items }];
  });
}

/**
 * The first `count` of `candidates` whose five pieces are all in stock now, in order, with the
 * cards and stock levels read for them; more are read only when some are not.
 */
async function firstInStock<T extends RankedOutfit>(
  live: FeedState,
  candidates: readonly T[],
  count: number,
): Promise<Read & { waiting: T[] }> {
  const waiting: T[] = [];
  const cards = new Map<number, Outfit>();
  const stock = new Map<number, number>();
  let start = 0;
  while (waiting.length < count && start < candidates.length) {
    const batch = candidates.slice(start, start + count - waiting.length);
    start += batch.length;
    const read = await live.cards.get(batch.map((w) => w.id));
    for (const [id, level] of await stockOf(live, read.values())) stock.set(id, level);
    for (const w of batch) {
      const card = read.get(w.id);
      if (card?.items.every((item) => (stock.get(item.id) ?? 0) > 0)) {
        waiting.push(w);
        cards.set(w.id, card);
      }
    }
  }
  return { waiting, cards, stock };
}

/** A page of `limit` of what `firstInStock` found; one more tells that another page exists. */
function pageOf(found: Read & { waiting: RankedOutfit[] }, limit: number, hearts: Hearts) {
  const outfits = feedCards(found.waiting.slice(0, limit), hearts, found);
  return { outfits, hasMore: found.waiting.length > limit };
}

/**
 * A page of the shopper's feed (the feed's README, "A feed page"): from their queue, from a
 * ranking new shoppers share, or ranked on the spot. With a seed it is ranked on the spot,
 * reproducibly, and the queue is left alone.
 */
export async function getFeed(
  { sql }: Database,
  live: FeedState,
  userId: number,
  query: { limit: number; exclude?: number[] | undefined; seed?: number | undefined },
): Promise<FeedPage> {
  const { limit } = query;
  const exclude = query.exclude ?? [];
  const held = new Set(exclude);
  const rank = async (size: number, read?: ShopperRead) =>
    repo.rankFeed(sql, read ?? (await repo.readHistory(sql, userId)), {
      limit: size,
      atLeast: limit + 1,
      exclude,
      seed: query.seed,
    });
  // The candidates the client does not hold and whose pieces are all in stock, one past the page.
  const inStock = <T extends RankedOutfit>(candidates: readonly T[]) =>
    firstInStock(
      live,
      candidates.filter((c) => !held.has(c.id)),
      limit + 1,
    );
  if (query.seed !== undefined) {
    const [ranked, hearts] = await Promise.all([rank(limit + 1), live.hearts.get(userId)]);
    return pageOf(await inStock(ranked), limit, hearts);
  }
  const queued = await live.queues.read(userId);
  // A shopper who has swiped and hearted nothing has no hearts to read.
  const hearts = queued.tasted ? await live.hearts.get(userId) : NO_HEARTS;
  const fromQueue = await inStock(queued.outfits);
  const next = fromQueue.waiting[limit];
  const swipedSince = (queued.outfits[0]?.position ?? 0) - (queued.firstPlace ?? 0);
  if (next && queued.last !== null && swipedSince < QUEUE.relearnAfter) {
    // Ranked again behind the page once fewer than the low-water mark are queued after it
    // (the client's held cards among them are as good as swiped), or once it is stale.
    const behind = queued.last - next.position - exclude.length;
    const rankedSince = Date.now() - QUEUE.maxAgeSeconds * 1000;
    if (behind < QUEUE.lowWater || !fromQueue.waiting.every((w) => w.filledAt > rankedSince)) {
      live.queue.refill(userId);
    }
    return pageOf(fromQueue, limit, hearts);
  }
  // Nothing waits: a shopper with no swipe or heart yet starts from a shared ranking.
  const newcomer = queued.outfits.length === 0 && !queued.tasted;
  const read = newcomer ? { version: queued.version, history: repo.NO_HISTORY } : undefined;
  if (read) {
    const opening = await live.openings.get(userId, read.version);
    const first = await inStock(opening);
    if (first.waiting.length > limit || opening.length < QUEUE.size) {
      return pageOf(first, limit, hearts);
    }
  }
  const ranked = await rank(Math.max(QUEUE.onTheSpot, limit + 1), read);
  live.queue.store(userId, ranked);
  return pageOf(await inStock(ranked), limit, hearts);
}

/**
 * A right or left swipe. One swipe per shopper and outfit: repeating it changes nothing, and
 * swiping the other way turns it around with its effects (a like's pieces come and go with it).
 */
export async function swipe(
  db: Db,
  batches: SwipeBatches,
  userId: number,
  outfitId: number,
  direction: SwipeDirection,
): Promise<SwipeResult> {
  // Most swipes are a shopper's first on an outfit: one statement, shared with other shoppers'
  // swipes under load, and no transaction to hold open.
  const first = await batches.record({ userId, outfitId, direction });
  if (!first.exists) throw notFound('That outfit does not exist.');
  if (first.inserted) return { outfitId, direction, changed: true };
  const changed = await db.transaction(async (tx) => {
    const current = await repo.lockSwipe(tx, userId, outfitId);
    if (current === undefined) return undefined;
    if (current === direction) return false;
    await repo.changeSwipe(tx, userId, outfitId, direction);
    // A like's pieces follow from it (changeSwipe marks them unwritten); a nope takes away what
    // an earlier like wrote out.
    if (direction === 'nope') await repo.removeOutfitPieces(tx, userId, outfitId);
    return true;
  });
  // Taken back since the first statement: recorded afresh, as a first swipe.
  if (changed === undefined) return swipe(db, batches, userId, outfitId, direction);
  return { outfitId, direction, changed };
}

/** Takes back the latest swipe and what it created; the outfit goes back on the stack. */
export async function undoLastSwipe(db: Db, live: FeedState, userId: number): Promise<UndoResult> {
  const undone = await db.transaction(async (tx) => {
    const latest = await repo.lockLatestSwipe(tx, userId);
    if (!latest) throw notFound('There is no swipe to undo.');
    if (latest.direction === 'like') await repo.removeOutfitPieces(tx, userId, latest.outfitId);
    await repo.deleteSwipe(tx, userId, latest.outfitId);
    return latest;
  });
  const cards = await live.cards.get([undone.outfitId]);
  const read = { cards, stock: await stockOf(live, cards.values()) };
  const hearts = await live.hearts.get(userId);
  const [outfit] = feedCards([{ id: undone.outfitId, reason: null }], hearts, read);
  if (!outfit) throw notFound('That outfit no longer exists.');
  return { direction: undone.direction, outfit: { ...outfit, reason: UNDONE } };
}

/**
 * Puts the outfits the shopper passed on back in their feed (a deck that ran out offers it).
 * Liked outfits stay out; the queue is ranked afresh on the next page.
 */
export async function restorePassedOutfits(db: Db, userId: number): Promise<PassedResetResult> {
  const restored = await db.transaction((tx) => repo.deletePassedSwipes(tx, userId));
  return { restored };
}

/**
 * Unfavourites an outfit: the like goes, and with it the pieces it brought along; pieces the
 * shopper hearted themselves stay. The outfit may show up in the feed again.
 */
export async function unfavoriteOutfit(
  db: Db,
  userId: number,
  outfitId: number,
): Promise<OutfitUnfavoriteResult> {
  return db.transaction(async (tx) => {
    if (!(await repo.outfitExists(tx, outfitId))) throw notFound('That outfit does not exist.');
    // Locked first, so that no change of a piece can write the like's pieces out meanwhile; the
    // pieces are counted while the like they follow from is still there.
    await repo.lockSwipe(tx, userId, outfitId);
    const removedItems = await repo.removeOutfitPieces(tx, userId, outfitId);
    const changed = await repo.deleteSwipe(tx, userId, outfitId, 'like');
    return { outfitId, removedItems, changed: changed || removedItems > 0 };
  });
}

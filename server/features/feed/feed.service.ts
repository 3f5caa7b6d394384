import type {
  FeedOutfit,
  FeedPage,
  FeedReason,
  OutfitUnfavoriteResult,
  PassedResetResult,
  SwipeDirection,
  SwipeResult,
  UndoResult,
} from '../../../contracts/feed';
import type { Outfit } from '../../../contracts/outfit';
import type { Database, Db, SqlClient } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { OutfitCards } from '../../lib/outfit-cards';
import { type Hearts, NO_HEARTS, type ShopperHearts } from '../../lib/shopper-hearts';
import type { StockLevels } from '../../lib/stock-levels';
import type { RankedOutfit } from './feed.repository';
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

type Stock = ReadonlyMap<number, number>;

/** A card as the feed shows it: its pieces' stock of now, the shopper's hearts on it, its reason. */
function feedCard(outfit: Outfit, stock: Stock, reason: FeedReason, hearts: Hearts): FeedOutfit {
  const heartedItemIds = outfit.items
    .map((item) => item.id)
    .filter((id) => hearts.has(id))
    .sort((a, b) => a - b);
  const items = outfit.items.map((item) => ({ ...item, stock: stock.get(item.id) ?? item.stock }));
  // The keys the outfit lacks go first (docs/architecture.md, "Object shapes").
  return { heartedItemIds, reason, ...outfit, items };
}

type Found<T> = T & { outfit: Outfit; stock: Stock };

/**
 * The first `count` of `candidates` whose pieces are all in stock now, in order, with their kept
 * cards and the stock read for them; more are read only when some are not.
 */
async function firstInStock<T extends RankedOutfit>(
  feedState: FeedState,
  candidates: readonly T[],
  count: number,
): Promise<Found<T>[]> {
  const found: Found<T>[] = [];
  for (let start = 0; found.length < count && start < candidates.length; ) {
    const batch = candidates.slice(start, start + count - found.length);
    start += batch.length;
    const cards = await feedState.cards.get(batch.map((c) => c.id));
    const stock = await feedState.stock.get(
      [...cards.values()].flatMap((o) => o.items.map((i) => i.id)),
    );
    for (const c of batch) {
      const outfit = cards.get(c.id);
      if (outfit?.items.every((item) => (stock.get(item.id) ?? 0) > 0)) {
        found.push({ ...c, outfit, stock });
      }
    }
  }
  return found;
}

/**
 * A page of the shopper's feed (the feed's README, "A feed page"): from their queue, from a
 * ranking new shoppers share, or ranked on the spot. With a seed it is ranked on the spot,
 * reproducibly, and the queue is left alone.
 */
export async function getFeed(
  { sql }: Database,
  feedState: FeedState,
  userId: number,
  query: { limit: number; exclude?: number[] | undefined; seed?: number | undefined },
): Promise<FeedPage> {
  const { limit, seed, exclude = [] } = query;
  const held = new Set(exclude);
  // The candidates the client does not hold and whose pieces are all in stock, one past the page.
  const inStock = <T extends RankedOutfit>(candidates: readonly T[]) =>
    firstInStock(
      feedState,
      candidates.filter((c) => !held.has(c.id)),
      limit + 1,
    );
  const pageOf = (found: Found<RankedOutfit>[], hearts: Hearts) => ({
    outfits: found
      .slice(0, limit)
      .map((f) => feedCard(f.outfit, f.stock, reasonText(f.reason, f.outfit), hearts)),
    hasMore: found.length > limit,
  });
  const rank = async (size: number, read?: repo.ShopperRead) =>
    repo.rankFeed(sql, read ?? (await repo.readHistory(sql, userId)), {
      limit: size,
      atLeast: limit + 1,
      exclude,
      seed,
    });
  if (seed !== undefined) {
    const [ranked, hearts] = await Promise.all([rank(limit + 1), feedState.hearts.get(userId)]);
    return pageOf(await inStock(ranked), hearts);
  }
  const queued = await feedState.queues.read(userId);
  // A shopper who has swiped and hearted nothing has no hearts to read.
  const hearts = queued.tasted ? await feedState.hearts.get(userId) : NO_HEARTS;
  const fromQueue = await inStock(queued.outfits);
  const next = fromQueue[limit];
  const swipedSince = (queued.outfits[0]?.position ?? 0) - (queued.firstPlace ?? 0);
  if (next && queued.last !== null && swipedSince < QUEUE.relearnAfter) {
    // Ranked again behind the page once few wait after it (cards the client holds are as good
    // as swiped), or once it is stale.
    const behind = queued.last - next.position - exclude.length;
    const rankedSince = Date.now() - QUEUE.maxAgeSeconds * 1000;
    if (behind < QUEUE.lowWater || !fromQueue.every((w) => w.filledAt > rankedSince)) {
      feedState.queue.refill(userId);
    }
    return pageOf(fromQueue, hearts);
  }
  // Nothing waits: a shopper with no swipe or heart yet starts from a shared ranking.
  const newcomer = queued.outfits.length === 0 && !queued.tasted;
  const read = newcomer ? { version: queued.version, history: repo.NO_HISTORY } : undefined;
  if (read) {
    const opening = await feedState.openings.get(userId, read.version);
    const first = await inStock(opening);
    if (first.length > limit || opening.length < QUEUE.size) return pageOf(first, hearts);
  }
  const history = read ?? (await repo.readHistory(sql, userId));
  const ranked = await rank(Math.max(QUEUE.onTheSpot, limit + 1), history);
  feedState.queue.store(userId, ranked, repo.likesRead(history));
  return pageOf(await inStock(ranked), hearts);
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
  // Most swipes are a first: one statement, shared with other shoppers' swipes under load.
  const first = await batches.record({ userId, outfitId, direction });
  if (!first.exists) throw notFound('That outfit does not exist.');
  if (first.inserted) return { outfitId, direction, changed: true };
  const changed = await db.transaction(async (tx) => {
    const current = await repo.lockSwipe(tx, userId, outfitId);
    if (current === undefined) return undefined;
    if (current.direction === direction) return false;
    // A like's pieces follow from it; a nope takes away what an earlier like wrote out. The
    // pieces go before the swipe changes, as undo and unfavourite take them: the shopper's
    // favourites' tallies (0045) before their likes' counts (0033), or two of these deadlock.
    if (direction === 'nope') await repo.removeOutfitPieces(tx, userId, outfitId);
    await repo.changeSwipe(tx, userId, outfitId, direction);
    return true;
  });
  // Taken back since the first statement: recorded afresh, as a first swipe.
  if (changed === undefined) return swipe(db, batches, userId, outfitId, direction);
  return { outfitId, direction, changed };
}

/** Takes back the latest swipe and what it created; the outfit goes back on the stack. */
export async function undoLastSwipe(
  db: Db,
  feedState: FeedState,
  userId: number,
): Promise<UndoResult> {
  const pass = await repo.deleteLatestIfPass(db, userId);
  const undone =
    pass !== undefined
      ? { outfitId: pass, direction: 'nope' as const }
      : await db.transaction(async (tx) => {
          const latest = await repo.lockLatestUndoable(tx, userId);
          if (!latest) throw notFound('There is no swipe to undo.');
          if (latest.direction === 'like') {
            await repo.removeOutfitPieces(tx, userId, latest.outfitId);
          }
          await repo.deleteSwipe(tx, userId, latest.outfitId);
          return latest;
        });
  // A queue ranked with a like may give it as a reason; a pass gives none, and its queue brings
  // the outfit back where it was.
  if (undone.direction === 'like') await repo.forgetQueue(db, userId);
  const outfit = (await feedState.cards.get([undone.outfitId])).get(undone.outfitId);
  if (!outfit) throw notFound('That outfit no longer exists.');
  const [stock, hearts] = await Promise.all([
    feedState.stock.get(outfit.items.map((item) => item.id)),
    feedState.hearts.get(userId),
  ]);
  return { direction: undone.direction, outfit: feedCard(outfit, stock, UNDONE, hearts) };
}

/**
 * Puts the outfits the shopper passed on, or liked and then unfavourited, back in their feed;
 * liked ones stay out.
 */
export async function restorePassedOutfits(
  client: SqlClient,
  userId: number,
): Promise<PassedResetResult> {
  return { restored: await repo.deletePassedSwipes(client, userId) };
}

/**
 * Unfavourites an outfit: the like goes, and with it the pieces it brought along; pieces the
 * shopper hearted themselves stay. The outfit stays out of the feed, as a pass does, until the
 * shopper brings back their passed outfits.
 */
export async function unfavoriteOutfit(
  db: Db,
  userId: number,
  outfitId: number,
): Promise<OutfitUnfavoriteResult> {
  const result = await takeBackLike(db, userId, outfitId);
  // The queue was ranked with the like, and its reasons may name it: ranked again at the next page.
  if (result.changed) await repo.forgetQueue(db, userId);
  return result;
}

async function takeBackLike(
  db: Db,
  userId: number,
  outfitId: number,
): Promise<OutfitUnfavoriteResult> {
  const followed = await repo.deleteLikeIfPiecesFollow(db, userId, outfitId);
  if (followed !== undefined) return { outfitId, removedItems: followed, changed: true };
  return db.transaction(async (tx) => {
    // The outfit before the swipe, the order its deletion takes (keepOutOfFeed's row refers to it).
    if (!(await repo.lockOutfitKey(tx, outfitId))) throw notFound('That outfit does not exist.');
    // Locked next, so no change of a piece writes the like's pieces out meanwhile.
    await repo.lockSwipe(tx, userId, outfitId);
    const removedItems = await repo.removeOutfitPieces(tx, userId, outfitId);
    const changed = await repo.deleteSwipe(tx, userId, outfitId, 'like');
    if (changed) await repo.keepOutOfFeed(tx, userId, outfitId);
    return { outfitId, removedItems, changed: changed || removedItems > 0 };
  });
}

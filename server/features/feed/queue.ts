import { ANNOUNCED, type FeedChange } from '../../db/announcements';
import type { Database } from '../../db/client';
import { AnnouncedCache, KeptReads } from '../../lib/announced-cache';
import type { QueueRead, RankedOutfit } from './feed.repository';
import * as repo from './feed.repository';

/** Each shopper's feed is ranked ahead of time into `feed_queue` (decision 005). */
export const QUEUE = {
  /** How many ranked outfits one ranking keeps. */
  size: 100,
  /** How many a ranking made on the request path keeps: quicker to check and write. */
  onTheSpot: 30,
  /** Rank again, in the background, once fewer than this many wait after the page served. */
  lowWater: 10,
  /** Rank again, on the spot, once the shopper has swiped this many of the queue since. */
  relearnAfter: 5,
  /** A queue ranked longer ago than this still serves a page, and is ranked again behind it. */
  maxAgeSeconds: 30 * 60,
} as const;

/**
 * Writes queues off the request path, one per shopper at a time (another meanwhile is dropped:
 * the one running is as fresh). A failed write is reported and leaves the old queue, still valid.
 */
export class FeedQueue {
  readonly #pending = new Map<number, Promise<void>>();
  #closed = false;

  constructor(
    private readonly database: Database,
    private readonly report: (error: unknown, userId: number) => void,
  ) {}

  /** Keeps a ranking just made on the request path, with the `likes` it read, as the queue. */
  store(userId: number, ranked: readonly RankedOutfit[], likes: readonly number[] = []): void {
    this.#run(userId, () => repo.storeQueue(this.database.db, userId, ranked, likes));
  }

  /** Ranks the shopper's feed afresh, with their latest swipes, and queues it. */
  refill(userId: number): void {
    this.#run(userId, async () => {
      const { sql, db } = this.database;
      const read = await repo.readHistory(sql, userId);
      const ranked = await repo.rankFeed(sql, read, { limit: QUEUE.size, atLeast: QUEUE.lowWater });
      await repo.storeQueue(db, userId, ranked, repo.likesRead(read));
    });
  }

  /** Resolves once no write is under way (tests wait on it to see a background refill). */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending.values());
  }

  /** Takes no more writes and waits for the ones under way, before the database closes. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.idle();
  }

  #run(userId: number, write: () => Promise<void>): void {
    if (this.#closed || this.#pending.has(userId)) return;
    const done = write()
      .catch((error: unknown) => this.report(error, userId))
      .finally(() => this.#pending.delete(userId));
    this.#pending.set(userId, done);
  }
}

const without = (waiting: QueueRead, outfitId: number): QueueRead => ({
  ...waiting,
  outfits: waiting.outfits.filter((outfit) => outfit.id !== outfitId),
});

/** Each shopper's queue as last read; an announced swipe takes its outfit out, anything else forgets it. */
export class KeptQueues extends KeptReads<QueueRead> {
  static async open(database: Database, options: { ttlMs: number }): Promise<KeptQueues> {
    const cache = await AnnouncedCache.open<QueueRead, number, FeedChange>(database, {
      on: ANNOUNCED.feed,
      ttlMs: options.ttlMs,
      maxEntries: 10_000,
      message({ userId, outfitId }, kept) {
        if (outfitId === undefined) kept.forget(userId);
        else kept.change(userId, (waiting) => without(waiting, outfitId));
      },
    });
    return new KeptQueues(database, cache);
  }

  async read(userId: number): Promise<QueueRead> {
    const kept = this.cache.get(userId);
    if (kept) return kept;
    const since = this.cache.changes;
    const read = await repo.readQueue(this.database.sql, userId);
    // Kept only with a queue and a taste: a copy of "nothing yet" could outlive a first swipe.
    if (read.outfits.length > 0 && read.tasted) this.cache.set(userId, read, since);
    return read;
  }

  /** A swipe this process just made: its outfit leaves the copy before the announcement. */
  swiped(userId: number, outfitId: number): void {
    this.cache.change(userId, (waiting) => without(waiting, outfitId));
  }

  /** A swipe this process just took back, or a queue it just wrote. */
  forget(userId: number): void {
    this.cache.forget(userId);
  }
}

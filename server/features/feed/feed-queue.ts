import { randomInt } from 'node:crypto';
import type { Database, SqlClient } from '../../db/client';
import * as repo from './feed.repository';

/**
 * Each shopper's feed is ranked ahead of time and kept in `feed_queue`; a page is one indexed
 * read of it (docs/decisions/005-swipe-feed-ranking.md).
 */
export const QUEUE = {
  /** How many ranked outfits one ranking keeps. */
  size: 100,
  /** Rank again, in the background, once fewer than this many wait after the page served. */
  lowWater: 10,
  /**
   * Rank again, on the spot, once the shopper has swiped this many of the queue since it was
   * ranked: what they just said shapes the page they ask for next (decision 005).
   */
  relearnAfter: 5,
  /**
   * A queue ranked longer ago than this (the shopper has been away) still serves the page asked
   * for, while a fresh ranking, with whatever the catalogue gained meanwhile, is made behind it.
   */
  maxAgeSeconds: 30 * 60,
} as const;

export const randomSeed = () => randomInt(1, 2_147_483_647);

/**
 * The best `size` unswiped outfits, best first; every unswiped outfit is looked at when the
 * sampled ranking finds fewer than `atLeast` (see rankFeed).
 */
export async function rankOutfits(
  client: SqlClient,
  options: {
    userId: number;
    size: number;
    atLeast: number;
    exclude: readonly number[];
    seed: number;
  },
): Promise<number[]> {
  const { size, ...rank } = options;
  return repo.rankFeed(client, { ...rank, limit: size });
}

/**
 * Reads shoppers' queues, and writes them off the request path: at most one write per shopper
 * at a time (a second request meanwhile is dropped: the one running is as fresh), and `close`
 * waits for the ones under way. A failed write is reported and leaves the old queue, which is
 * still valid: reads skip whatever was swiped or sold out since it was ranked.
 */
export class FeedQueue {
  readonly #pending = new Map<number, Promise<void>>();
  #closed = false;

  constructor(
    private readonly database: Database,
    private readonly report: (error: unknown, userId: number) => void,
  ) {}

  /** Keeps a ranking just made on the request path as the shopper's queue. */
  store(userId: number, ids: readonly number[]): void {
    this.#run(userId, () => repo.storeQueue(this.database.db, userId, ids));
  }

  /** Ranks the shopper's feed afresh, with their latest swipes, and queues it. */
  refill(userId: number): void {
    this.#run(userId, async () => {
      const ids = await rankOutfits(this.database.sql, {
        userId,
        size: QUEUE.size,
        atLeast: QUEUE.lowWater,
        exclude: [],
        seed: randomSeed(),
      });
      await repo.storeQueue(this.database.db, userId, ids);
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

import { sql } from 'drizzle-orm';
import { ANNOUNCED } from '../db/announcements';
import { type Database, queryPrepared } from '../db/client';
import { AnnouncedCache, KeptReads } from './announced-cache';

/**
 * The items a shopper hearted, wherever they hearted each: on a swipe card or on its own (0065: a
 * piece has one heart). A card and a search result each mark the pieces of theirs found here.
 */
export type Hearts = ReadonlySet<number>;

/** The hearts of a shopper who has hearted nothing. */
export const NO_HEARTS: Hearts = new Set();

/**
 * Each shopper's hearts, which every feed page and item search marks on what it shows. A
 * process keeps the hearts of the shoppers it has just served for a few seconds, and forgets a
 * shopper's the moment the database announces that they changed, wherever the change was made.
 * Pieces a right swipe brought along are favourites but not hearts, and are not kept here.
 */
export class ShopperHearts extends KeptReads<Hearts> {
  static async open(database: Database, options: { ttlMs: number }): Promise<ShopperHearts> {
    const cache = await AnnouncedCache.open<Hearts, number>(database, {
      on: ANNOUNCED.hearts,
      ttlMs: options.ttlMs,
      maxEntries: 50_000,
    });
    return new ShopperHearts(database, cache);
  }

  async get(userId: number): Promise<Hearts> {
    const kept = this.cache.get(userId);
    if (kept) return kept;
    const since = this.cache.changes;
    const rows = await queryPrepared<{ itemId: number }>(
      this.database.sql,
      'shopper_hearts',
      sql`SELECT item_id AS "itemId" FROM item_favorites
           WHERE user_id = ${userId} AND source = 'heart'`,
    );
    const hearts: Hearts = new Set(rows.map((row) => row.itemId));
    this.cache.set(userId, hearts, since);
    return hearts;
  }

  /** Forgets this process's copy at once: the shopper's own change must show on their next read. */
  forget(userId: number): void {
    this.cache.forget(userId);
  }
}

import { sql } from 'drizzle-orm';
import { ANNOUNCED } from '../db/announcements';
import { type Database, queryPrepared } from '../db/client';
import { AnnouncedCache, KeptReads } from './announced-cache';

/** The pieces a shopper hearted: on their own (from search) and on outfits. */
export interface Hearts {
  /** Items hearted without an outfit. */
  loose: ReadonlySet<number>;
  /** Items hearted on each outfit, by outfit id, smallest item id first. */
  onOutfit: ReadonlyMap<number, readonly number[]>;
}

/** The hearts of a shopper who has hearted nothing. */
export const NO_HEARTS: Hearts = { loose: new Set(), onOutfit: new Map() };

/** One hearted piece: the item, and the outfit it was hearted on (none from search). */
export interface HeartRow {
  itemId: number;
  outfitId: number | null;
}

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
    const rows = await queryPrepared<HeartRow>(
      this.database.sql,
      'shopper_hearts',
      sql`SELECT item_id AS "itemId", outfit_id AS "outfitId"
            FROM item_favorites
           WHERE user_id = ${userId} AND source = 'heart'
           ORDER BY item_id`,
    );
    return this.#keep(userId, rows, since);
  }

  #keep(userId: number, rows: readonly HeartRow[], since: number): Hearts {
    const loose = new Set<number>();
    const onOutfit = new Map<number, number[]>();
    for (const { itemId, outfitId } of rows) {
      if (outfitId === null) loose.add(itemId);
      else {
        const hearted = onOutfit.get(outfitId);
        if (hearted) hearted.push(itemId);
        else onOutfit.set(outfitId, [itemId]);
      }
    }
    const hearts = { loose, onOutfit };
    this.cache.set(userId, hearts, since);
    return hearts;
  }

  /** Forgets this process's copy at once: the shopper's own change must show on their next read. */
  forget(userId: number): void {
    this.cache.forget(userId);
  }
}

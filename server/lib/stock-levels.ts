import { sql } from 'drizzle-orm';
import { ANNOUNCED } from '../db/announcements';
import { type Database, idArray, queryPrepared } from '../db/client';
import { AnnouncedCache, KeptReads } from './announced-cache';

/**
 * How many of each item are left, as every feed page and repeated item search needs it for the
 * pieces it shows. Each process keeps the levels it has just read for a few seconds and forgets
 * one the moment the database announces that it changed (a checkout, a restock), so a level
 * shown is the database's own but for the milliseconds an announcement takes to arrive. Whether
 * an order can be paid for is never decided from here: checkout locks and reads the rows.
 */
export class StockLevels extends KeptReads<number> {
  static async open(database: Database, options: { ttlMs: number }): Promise<StockLevels> {
    const cache = await AnnouncedCache.open<number, number>(database, {
      on: ANNOUNCED.stock,
      ttlMs: options.ttlMs,
      maxEntries: 200_000,
    });
    return new StockLevels(database, cache);
  }

  /** The stock of each of `ids` that exists; the ones not kept are read in one statement. */
  async get(ids: readonly number[]): Promise<Map<number, number>> {
    const levels = new Map<number, number>();
    const missing: number[] = [];
    const now = Date.now();
    for (const id of ids) {
      const kept = this.cache.get(id, now);
      if (kept === undefined) missing.push(id);
      else levels.set(id, kept);
    }
    if (missing.length === 0) return levels;
    const since = this.cache.changes;
    const rows = await queryPrepared<{ id: number; stock: number }>(
      this.database.sql,
      'stock_levels',
      sql`SELECT id, stock FROM items WHERE id = ANY(${idArray(missing)}::int[])`,
    );
    for (const { id, stock } of rows) {
      this.cache.set(id, stock, since);
      levels.set(id, stock);
    }
    return levels;
  }

  /** Keeps the stock levels another read brought along (an outfit card's pieces). */
  keep(items: readonly { id: number; stock: number }[], since: number): void {
    for (const { id, stock } of items) this.cache.set(id, stock, since);
  }

  /** Forgets this process's copies at once: a change it just made shows on the next read. */
  forget(ids: readonly number[]): void {
    for (const id of ids) this.cache.forget(id);
  }
}

import type { Outfit } from '../../../contracts/outfit';
import type { Database, Db } from '../../db/client';
import { AnnouncedCache } from '../../lib/announced-cache';
import { loadOutfits } from '../../lib/outfits';

/** Announced by the database when an outfit or its pieces change (0009_change_notices.sql). */
const OUTFIT_CHANNEL = 'drape_outfit_changed';

/**
 * What a swipe card shows of an outfit: its name, story and five pieces. Every shopper's feed
 * shows the same cards, and they change only when an administrator redesigns an outfit, so
 * each process keeps the ones it showed lately. Whether a card may be shown at all (swiped,
 * sold out) is never taken from here: the queue read decides that from the database.
 * The pieces' stock on a kept card can be up to `ttlMs` old; the cards do not show it.
 */
export class OutfitCards {
  private constructor(
    private readonly db: Db,
    private readonly cache: AnnouncedCache<Outfit>,
  ) {}

  static async open(database: Database, options: { ttlMs: number }): Promise<OutfitCards> {
    const cache = await AnnouncedCache.open<Outfit>(database, {
      channel: OUTFIT_CHANNEL,
      ttlMs: options.ttlMs,
      maxEntries: 20_000,
    });
    return new OutfitCards(database.db, cache);
  }

  /** The outfits of `ids` that exist, by id; the ones not kept are read in one go. */
  async get(ids: readonly number[]): Promise<Map<number, Outfit>> {
    const found = new Map<number, Outfit>();
    const missing: number[] = [];
    for (const id of ids) {
      const kept = this.cache.get(String(id));
      if (kept) found.set(id, kept);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const since = this.cache.changes;
    for (const outfit of await loadOutfits(this.db, missing)) {
      this.cache.set(String(outfit.id), outfit, since);
      found.set(outfit.id, outfit);
    }
    return found;
  }

  close(): Promise<void> {
    return this.cache.close();
  }
}

import type { Outfit } from '../../contracts/outfit';
import { ANNOUNCED } from '../db/announcements';
import type { Database } from '../db/client';
import { AnnouncedCache, KeptReads } from './announced-cache';
import { loadOutfits } from './outfits';
import type { StockLevels } from './stock-levels';

/**
 * The outfit cards a process showed lately, as `loadOutfits` builds them: the feed and outfit
 * search show the same cards to every shopper, changed only by announced redesigns and catalogue
 * changes. A card's stock is never taken from here: `current` puts on the levels of the moment.
 */
export class OutfitCards extends KeptReads<Outfit> {
  private constructor(
    database: Database,
    cache: AnnouncedCache<Outfit, number>,
    /** Where the stock of the pieces read with a card is kept: the read the feed makes next. */
    private readonly stock: StockLevels,
  ) {
    super(database, cache);
  }

  static async open(
    database: Database,
    options: { ttlMs: number; stock: StockLevels },
  ): Promise<OutfitCards> {
    const cache = await AnnouncedCache.open<Outfit, number>(database, {
      on: ANNOUNCED.outfit,
      // A piece's name, price or picture is on every card that shows it.
      forgetAllOn: [ANNOUNCED.catalogue],
      ttlMs: options.ttlMs,
      maxEntries: 20_000,
    });
    return new OutfitCards(database, cache, options.stock);
  }

  /** The outfits of `ids` that exist, by id; the ones not kept are read in one statement. */
  async get(ids: readonly number[]): Promise<Map<number, Outfit>> {
    const found = new Map<number, Outfit>();
    const missing: number[] = [];
    const now = Date.now();
    for (const id of ids) {
      const kept = this.cache.get(id, now);
      if (kept) found.set(id, kept);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const since = { cards: this.cache.changes, stock: this.stock.changes };
    for (const outfit of await loadOutfits(this.database.sql, missing)) {
      this.cache.set(outfit.id, outfit, since.cards);
      this.stock.keep(outfit.items, since.stock);
      found.set(outfit.id, outfit);
    }
    return found;
  }

  /** The outfits of `ids` that exist, in that order, each piece with its stock of this moment. */
  async current(ids: readonly number[]): Promise<Outfit[]> {
    const cards = await this.get(ids);
    const stock = await this.stock.get(
      [...cards.values()].flatMap((outfit) => outfit.items.map((item) => item.id)),
    );
    return ids.flatMap((id) => {
      const outfit = cards.get(id);
      if (!outfit) return [];
      const items = outfit.items.map((item) => ({
        ...item,
        stock: stock.get(item.id) ?? item.stock,
      }));
      return [{ ...outfit, items }];
    });
  }

  /** Forgets this process's copies at once: a redesign it just saved shows on its next read. */
  forget(ids: readonly number[]): void {
    for (const id of ids) this.cache.forget(id);
  }
}

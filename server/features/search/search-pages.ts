import type { Item } from '../../../contracts/catalog';
import type { Database } from '../../db/client';
import { AnnouncedCache } from '../../lib/announced-cache';
import type { Cursor } from './search.repository';

/** Announced by the database when items are added, removed or renamed (0010). */
const CATALOGUE_CHANNEL = 'drape_catalogue_changed';

/** A result a search found: every size of its product colour, smallest first. */
export interface FoundResult {
  /** As shown to shoppers, but for `stock`, which is not to be trusted here. */
  sizes: { item: Item }[];
}

/** Which results a search found, in order, and where its next page starts. */
export interface FoundPage {
  results: FoundResult[];
  next: Cursor | null;
}

/**
 * Item search pages just found, by what was asked. Shoppers ask the same few searches over and
 * over, and the answer (which product colours match, in which order, in which sizes and at which
 * price) changes only when the catalogue's items do; each process keeps the pages it found
 * lately, and drops them all the moment the database announces a catalogue change. Stock and
 * hearts change all day and are never taken from here: they are read afresh for every request.
 */
export class SearchPages {
  private constructor(private readonly cache: AnnouncedCache<FoundPage>) {}

  static async open(database: Database, options: { ttlMs: number }): Promise<SearchPages> {
    const cache = await AnnouncedCache.open<FoundPage>(database, {
      channel: CATALOGUE_CHANNEL,
      ttlMs: options.ttlMs,
      maxEntries: 10_000,
    });
    return new SearchPages(cache);
  }

  /** The key of a search: text as typed (search ignores case), categories, where the page starts. */
  static key(search: { q: string; categoryIds: readonly number[]; offset: number; limit: number }) {
    const categories = [...search.categoryIds].sort((a, b) => a - b);
    return JSON.stringify([search.q.trim().toLowerCase(), categories, search.offset, search.limit]);
  }

  get(key: string): FoundPage | undefined {
    return this.cache.get(key);
  }

  /** Notes the announcements heard so far, before the search that `keep` will be given. */
  get changes(): number {
    return this.cache.changes;
  }

  keep(key: string, page: FoundPage, since: number): void {
    this.cache.set(key, page, since);
  }

  close(): Promise<void> {
    return this.cache.close();
  }
}

import type { Item } from '../../../contracts/catalog';
import type { Understood } from '../../../contracts/search';
import { ANNOUNCED } from '../../db/announcements';
import type { Database } from '../../db/client';
import { AnnouncedCache } from '../../lib/announced-cache';
import { readLexicon } from './search.repository';
import type { Lexicon } from './understand';

/** A result a search found: every size of its product colour, smallest first. */
export interface FoundResult {
  sizes: Item[];
}

/** Which results a search found, in order, and where its next page starts. */
export interface FoundPage {
  results: FoundResult[];
  /** Every size's item id, for reading their stock in one go. */
  itemIds: number[];
  nextCursor: string | null;
  understood: Understood[];
  suggestion: string | null;
}

/**
 * Item search pages just found, by what was asked, and the shop's words. Shoppers ask the same
 * few searches over and over, and the answer (which product colours match, in which order, in
 * which sizes and at which price) changes only when the catalogue's items do; each process keeps
 * the pages it found lately, and drops them all the moment the database announces a catalogue
 * change. Stock and hearts change all day and are never taken from here: they are read afresh
 * for every request.
 */
export class SearchPages {
  private constructor(
    private readonly cache: AnnouncedCache<FoundPage>,
    private readonly words: AnnouncedCache<Lexicon>,
    private readonly database: Database,
  ) {}

  static async open(database: Database, options: { ttlMs: number }): Promise<SearchPages> {
    const [cache, words] = await Promise.all([
      AnnouncedCache.open<FoundPage>(database, {
        on: ANNOUNCED.catalogue,
        ttlMs: options.ttlMs,
        // A page of results each, with every size: the popular searches, not every one typed.
        maxEntries: 2_000,
      }),
      AnnouncedCache.open<Lexicon>(database, {
        on: ANNOUNCED.catalogue,
        ttlMs: options.ttlMs,
        maxEntries: 1,
      }),
    ]);
    return new SearchPages(cache, words, database);
  }

  /** The key of a search: text as typed (search ignores case), categories, where the page starts. */
  static key(search: { q: string; categoryIds: readonly number[]; cursor?: string | undefined }) {
    const categories = [...search.categoryIds].sort((a, b) => a - b);
    return JSON.stringify([search.q.trim().toLowerCase(), categories, search.cursor ?? '']);
  }

  /** The shop's words and sellers, read again after a catalogue change. */
  async lexicon(): Promise<Lexicon> {
    const kept = this.words.get('words');
    if (kept) return kept;
    const since = this.words.changes;
    const lexicon = await readLexicon(this.database.db);
    this.words.set('words', lexicon, since);
    return lexicon;
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

  async close(): Promise<void> {
    await Promise.all([this.cache.close(), this.words.close()]);
  }
}

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
  /** The sizes typed, as the shop spells them: each result is shown in one of them. */
  asked: string[];
  /** Every size's item id, for reading their stock in one go. */
  itemIds: number[];
  nextCursor: string | null;
  understood: Understood[];
  suggestion: string | null;
}

/** Which outfits a search found, in order, and where its next page starts. */
export interface FoundOutfits {
  ids: number[];
  nextCursor: string | null;
  understood: Understood[];
  suggestion: string | null;
}

/**
 * Search pages just found, by what was asked, and the shop's words. Shoppers ask the same few
 * searches over and over, and the answer (which product colours or outfits match, in which
 * order, in which sizes and at which price) changes only when the catalogue's items or outfits
 * do; each process keeps the pages it found lately, and drops them all the moment the database
 * announces such a change. Stock, hearts and likes change all day and are never taken from
 * here: they are read afresh for every request.
 */
export class SearchPages {
  private constructor(
    /** Item search pages, by `SearchPages.key`. */
    readonly items: AnnouncedCache<FoundPage>,
    /** Outfit search pages, by `SearchPages.key` with no categories. */
    readonly outfits: AnnouncedCache<FoundOutfits>,
    private readonly words: AnnouncedCache<Lexicon>,
    private readonly database: Database,
  ) {}

  static async open(database: Database, options: { ttlMs: number }): Promise<SearchPages> {
    const { ttlMs } = options;
    const [items, outfits, words] = await Promise.all([
      AnnouncedCache.open<FoundPage>(database, {
        on: ANNOUNCED.catalogue,
        ttlMs,
        // A page of results each, with every size: the popular searches, not every one typed.
        maxEntries: 2_000,
      }),
      AnnouncedCache.open<FoundOutfits, string, number>(database, {
        // Any outfit made, redesigned or deleted may change any search's answer.
        on: ANNOUNCED.outfit,
        message: (_outfitId, cache) => cache.forgetAll(),
        forgetAllOn: [ANNOUNCED.catalogue],
        ttlMs,
        maxEntries: 2_000,
      }),
      AnnouncedCache.open<Lexicon>(database, { on: ANNOUNCED.catalogue, ttlMs, maxEntries: 1 }),
    ]);
    return new SearchPages(items, outfits, words, database);
  }

  /** The key of a search: text as typed (search ignores case), categories, where the page starts. */
  static key(search: { q: string; categoryIds?: readonly number[]; cursor?: string | undefined }) {
    const categories = [...(search.categoryIds ?? [])].sort((a, b) => a - b);
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

  async close(): Promise<void> {
    await Promise.all([this.items.close(), this.outfits.close(), this.words.close()]);
  }
}

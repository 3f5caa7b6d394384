import { type Item, ItemSchema } from '../../../contracts/catalog';
import {
  type ItemSearchPage,
  ItemSearchPageSchema,
  type ItemSearchResult,
} from '../../../contracts/search';
import { ANNOUNCED } from '../../db/announcements';
import type { Database } from '../../db/client';
import { AnnouncedCache } from '../../lib/announced-cache';
import { compileSerializer } from '../../lib/serializer';
import type { Cursor } from './search.repository';

/** One size of a result, as shown to shoppers but for its stock, which is not to be trusted here. */
export interface FoundSize {
  item: Item;
  /** The item as JSON up to its stock, written once: `{"id":…,"size":"M"`. */
  head: string;
}

/** A result a search found: every size of its product colour, smallest first. */
export interface FoundResult {
  sizes: FoundSize[];
  /** The sizes' names as JSON, written once. */
  sizeNames: string;
}

/** Which results a search found, in order, and where its next page starts. */
export interface FoundPage {
  results: FoundResult[];
  /** Every size's item id, for reading their stock in one go. */
  itemIds: number[];
  next: Cursor | null;
}

const writeItem = compileSerializer(ItemSchema)!;
const writePage = compileSerializer(ItemSearchPageSchema)!;

/** A result as found: its sizes' JSON written once. */
export function foundResult(items: readonly Item[]): FoundResult {
  const sizes = items.map((item) => {
    const json = writeItem(item);
    return { item, head: json.slice(0, json.lastIndexOf(',"stock":')) };
  });
  return { sizes, sizeNames: JSON.stringify(items.map((item) => item.size)) };
}

/** Results made from kept sizes, with the JSON of all but their stock and heart written. */
const written = new WeakMap<ItemSearchResult, { head: string; sizeNames: string | null }>();

/**
 * What the shopper sees of a kept result: the size given, with the stock and heart of this
 * moment, and the sizes still in the catalogue (`sizes`, or all of them when `all`).
 */
export function shownResult(
  result: FoundResult,
  shown: FoundSize,
  now: { stock: number; favorite: boolean },
  sizes: readonly FoundSize[],
): ItemSearchResult {
  const all = sizes.length === result.sizes.length;
  const { item } = shown;
  // Written out: Node 20's V8 builds `{ ...item, favorite, sizes }` (a spread, then keys the
  // item does not have) on a slow path, about a microsecond each, a fifth of a search's time.
  const shownResult: ItemSearchResult = {
    id: item.id,
    productId: item.productId,
    name: item.name,
    img: item.img,
    categoryId: item.categoryId,
    category: item.category,
    price: item.price,
    priceCents: item.priceCents,
    seller: item.seller,
    color: item.color,
    colorHex: item.colorHex,
    size: item.size,
    stock: now.stock,
    favorite: now.favorite,
    sizes: sizes.map((v) => v.item.size),
  };
  written.set(shownResult, { head: shown.head, sizeNames: all ? result.sizeNames : null });
  return shownResult;
}

/**
 * The page's JSON, exactly as the serializer compiled from `ItemSearchPageSchema` writes it, but
 * with each kept result's item pasted from the JSON written when it was found: only stock,
 * heart and the page's own fields are written per request.
 */
export function writeSearchPage(page: ItemSearchPage): string {
  const results: string[] = [];
  for (const result of page.results) {
    const kept = written.get(result);
    if (!kept) return writePage(page);
    const sizeNames = kept.sizeNames ?? JSON.stringify(result.sizes);
    results.push(
      `${kept.head},"stock":${Math.trunc(result.stock)},"favorite":${result.favorite === true},"sizes":${sizeNames}}`,
    );
  }
  const next = page.nextOffset === null ? 'null' : String(Math.trunc(page.nextOffset));
  return `{"results":[${results.join(',')}],"nextOffset":${next}}`;
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
      on: ANNOUNCED.catalogue,
      ttlMs: options.ttlMs,
      // Up to fifty results each, with every size: the popular searches, not every one typed.
      maxEntries: 2_000,
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

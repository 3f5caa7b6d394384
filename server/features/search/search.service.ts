import type { ItemSearchPage, ItemSearchResult, OutfitSearchPage } from '../../../contracts/search';
import type { Database, Db } from '../../db/client';
import { resolveCategoryRefs } from '../../lib/categories';
import { toItem } from '../../lib/items';
import { loadOutfits } from '../../lib/outfits';
import type { ShopperHearts } from '../../lib/shopper-hearts';
import { compareSizes } from '../../lib/sizes';
import type { StockLevels } from '../../lib/stock-levels';
import { buildSearchQuery, noteDictionarySize } from '../../lib/text-search';
import * as repo from './search.repository';
import {
  type FoundResult,
  type FoundSize,
  foundResult,
  SearchPages,
  shownResult,
} from './search-pages';

interface PageInput {
  q: string;
  limit: number;
  offset: number;
}

/**
 * The offset handed to clients is opaque: it packs the result group and the last id seen, so the
 * next page continues exactly after the last result however the catalogue changes meanwhile.
 * 0 is the start.
 */
const TIER_SPAN = 2 ** 32;
const toCursor = (offset: number): repo.Cursor => ({
  tier: Math.floor(offset / TIER_SPAN),
  afterId: offset % TIER_SPAN,
});
const toOffset = (cursor: repo.Cursor | null) =>
  cursor ? cursor.tier * TIER_SPAN + cursor.afterId : null;

/**
 * Catalogue items matching every word typed (one typo per word is forgiven), in the given
 * categories: those whose name holds the phrase first. One result per product colour, showing
 * the size the shopper hearted, else the first in stock, with the sizes the colour is made in.
 * Without text: every product colour in those categories. A search asked lately is answered
 * from the page kept for it, with the stock and hearts of this moment (kept copies, forgotten
 * the moment the database announces a change).
 */
export async function searchItems(
  database: Database,
  live: { pages: SearchPages; stock: StockLevels; hearts: ShopperHearts },
  userId: number,
  input: PageInput & { cat: readonly string[] },
): Promise<ItemSearchPage> {
  const { db } = database;
  const { pages } = live;
  const categoryIds = await resolveCategoryRefs(db, input.cat);
  const key = SearchPages.key({ ...input, categoryIds });
  const kept = pages.get(key);
  if (kept) {
    const [stock, hearts] = await Promise.all([
      live.stock.get(kept.itemIds),
      live.hearts.get(userId),
    ]);
    return {
      results: showResults(kept.results, stock, hearts.loose),
      nextOffset: toOffset(kept.next),
    };
  }
  const since = pages.changes;
  const options = { userId, categoryIds, cursor: toCursor(input.offset), limit: input.limit };
  let query = await buildSearchQuery(db, input.q, { reuseUnfound: true });
  let page = await repo.searchItemPage(database.sql, query, options);
  if (query.assumedWords !== null && page.words !== query.assumedWords) {
    // A word was added to the shop since a kept correction was looked up: look it up again and
    // search once more with what the word list says now.
    noteDictionarySize(db, page.words ?? 0);
    query = await buildSearchQuery(db, input.q, { reuseUnfound: true });
    page = await repo.searchItemPage(database.sql, query, options);
  }
  const found = foundResults(page.ids, page.variants);
  const itemIds = found.flatMap((result) => result.sizes.map((v) => v.item.id));
  pages.keep(key, { results: found, itemIds, next: page.next }, since);
  const stock = new Map(page.variants.map((v) => [v.id, v.stock]));
  const hearted = new Set(page.variants.filter((v) => v.hearted).map((v) => v.id));
  return { results: showResults(found, stock, hearted), nextOffset: toOffset(page.next) };
}

/** Each result (in the order found) with its sizes, smallest first. */
function foundResults(ids: readonly number[], variants: readonly repo.VariantRow[]): FoundResult[] {
  const byResult = new Map<number, repo.VariantRow[]>();
  for (const v of variants) {
    const sizes = byResult.get(v.resultId);
    if (sizes) sizes.push(v);
    else byResult.set(v.resultId, [v]);
  }
  return ids.flatMap((id) => {
    const sizes = (byResult.get(id) ?? []).sort((a, b) => compareSizes(a.size, b.size));
    return sizes.length ? [foundResult(sizes.map(toItem))] : [];
  });
}

/**
 * What the shopper sees of each result: the size they hearted, else the first in stock, else the
 * first, with the stock and hearts of this moment (`stock` by item id: a size missing from it is
 * gone from the catalogue; `hearted`, the item ids hearted).
 */
function showResults(
  results: readonly FoundResult[],
  stock: ReadonlyMap<number, number>,
  hearted: ReadonlySet<number>,
): ItemSearchResult[] {
  const shown: ItemSearchResult[] = [];
  for (const result of results) {
    let sizes = result.sizes;
    if (sizes.some((v) => !stock.has(v.item.id))) sizes = sizes.filter((v) => stock.has(v.item.id));
    let pick: FoundSize | undefined;
    let inStock: FoundSize | undefined;
    for (const size of sizes) {
      if (hearted.has(size.item.id)) {
        pick = size;
        break;
      }
      if (inStock === undefined && (stock.get(size.item.id) ?? 0) > 0) inStock = size;
    }
    pick ??= inStock ?? sizes[0];
    if (!pick) continue;
    const now = { stock: stock.get(pick.item.id) ?? 0, favorite: hearted.has(pick.item.id) };
    shown.push(shownResult(result, pick, now, sizes));
  }
  return shown;
}

/** Outfits by name and description, those whose name holds the phrase first; else the newest. */
export async function searchOutfits(
  db: Db,
  userId: number,
  input: PageInput,
): Promise<OutfitSearchPage> {
  const query = await buildSearchQuery(db, input.q);
  const { ids, next } = await repo.searchOutfitIds(db, query, {
    cursor: toCursor(input.offset),
    limit: input.limit,
  });
  const [outfits, liked] = await Promise.all([
    loadOutfits(db, ids),
    repo.likedAmong(db, userId, ids),
  ]);
  return {
    results: outfits.map((o) => ({ ...o, favorite: liked.has(o.id) })),
    nextOffset: toOffset(next),
  };
}

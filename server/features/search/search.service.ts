import { z } from 'zod';
import type { Item } from '../../../contracts/catalog';
import { OUTFIT_SEARCH_PAGE_SIZE, PAGE_SIZE } from '../../../contracts/common';
import type { ItemSearchPage, ItemSearchResult, OutfitSearchPage } from '../../../contracts/search';
import type { Database } from '../../db/client';
import { resolveCategoryRefs } from '../../lib/categories';
import { cursorCodec, IdKeySchema } from '../../lib/cursor';
import { toItem } from '../../lib/items';
import type { OutfitCards } from '../../lib/outfit-cards';
import type { ShopperHearts } from '../../lib/shopper-hearts';
import { compareSizes } from '../../lib/sizes';
import type { StockLevels } from '../../lib/stock-levels';
import * as repo from './search.repository';
import { type FoundOutfits, type FoundPage, type FoundResult, SearchPages } from './search-pages';
import {
  type Lexicon,
  suggestionsFor,
  type Understanding,
  understand,
  understoodOf,
} from './understand';

/** A page's cursor: the rank and id of the last entry it showed. */
const RankSchema = z.number().int().min(0).max(repo.FIRST.rank);
const itemCursor = cursorCodec('si', z.tuple([RankSchema, IdKeySchema]));
const outfitCursor = cursorCodec('so', z.tuple([RankSchema, IdKeySchema]));

const afterOf = (key: readonly [number, number] | undefined): repo.SearchKey =>
  key ? { rank: key[0], id: key[1] } : repo.FIRST;

interface SearchInput {
  q: string;
  cursor?: string | undefined;
}

/**
 * Catalogue items matching every word typed as the shop means it (understand.ts), best first,
 * in the given categories. One result per product colour, showing the size typed, else the size
 * the shopper hearted, else the first in stock, with the sizes the colour is made in. Without text: the pieces most
 * hearted lately, then the newest. A first page that finds nothing offers the closest search that finds something.
 * A search asked lately is answered from the page kept for it, with the stock and hearts of
 * this moment (kept copies, forgotten the moment the database announces a change).
 */
export async function searchItems(
  database: Database,
  live: { pages: SearchPages; stock: StockLevels; hearts: ShopperHearts },
  userId: number,
  input: SearchInput & { cat: readonly string[] },
): Promise<ItemSearchPage> {
  const { pages } = live;
  const after = afterOf(itemCursor.decode(input.cursor));
  const categoryIds = await resolveCategoryRefs(database.db, input.cat);
  const key = SearchPages.key({ ...input, categoryIds });
  const kept = pages.items.get(key);
  if (kept) {
    const [stock, hearts] = await Promise.all([
      live.stock.get(kept.itemIds),
      live.hearts.get(userId),
    ]);
    return {
      items: showResults(kept, stock, hearts),
      nextCursor: kept.nextCursor,
      understood: kept.understood,
      suggestion: kept.suggestion,
    };
  }
  const since = pages.items.changes;
  const lexicon = await pages.lexicon();
  const understanding = understand(input.q, lexicon);
  const shopColours = lexicon.colours;
  const options = { userId, categoryIds, shopColours, after, limit: PAGE_SIZE };
  const page = await repo.searchItemPage(database.sql, understanding.concepts, options);
  const suggestion =
    page.ids.length === 0 && input.cursor === undefined
      ? await suggest(input.q, understanding, lexicon, (concepts) =>
          repo.findsAnyItem(database.sql, concepts, { categoryIds, shopColours }),
        )
      : null;
  const results = foundResults(page.ids, page.variants);
  const found = {
    results,
    asked: understanding.concepts.flatMap((c) => c.sizes),
    itemIds: results.flatMap((result) => result.sizes.map((item) => item.id)),
    nextCursor: page.next ? itemCursor.encode([page.next.rank, page.next.id]) : null,
    understood: understoodOf(understanding),
    suggestion,
  };
  pages.items.set(key, found, since);
  const stock = new Map(page.variants.map((v) => [v.id, v.stock]));
  const hearted = new Set(page.variants.filter((v) => v.hearted).map((v) => v.id));
  return {
    items: showResults(found, stock, hearted),
    nextCursor: found.nextCursor,
    understood: found.understood,
    suggestion,
  };
}

/** The closest search that finds something, each checked in turn. */
async function suggest(
  q: string,
  understanding: Understanding,
  lexicon: Lexicon,
  findsSome: (concepts: Understanding['concepts']) => Promise<boolean>,
): Promise<string | null> {
  if (understanding.concepts.length === 0) return null;
  for (const suggestion of suggestionsFor(q, understanding, lexicon)) {
    if (await findsSome(understand(suggestion, lexicon).concepts)) return suggestion;
  }
  return null;
}

/** Each result (in the order found) with its sizes, smallest first. */
function foundResults(ids: readonly number[], variants: readonly repo.VariantRow[]): FoundResult[] {
  const byResult = new Map<number, Item[]>();
  for (const v of variants) {
    const sizes = byResult.get(v.resultId);
    if (sizes) sizes.push(toItem(v));
    else byResult.set(v.resultId, [toItem(v)]);
  }
  return ids.flatMap((id) => {
    const sizes = (byResult.get(id) ?? []).sort((a, b) => compareSizes(a.size, b.size));
    return sizes.length ? [{ sizes }] : [];
  });
}

/**
 * What the shopper sees of each result: the size they typed, else the size they hearted, else
 * the first in stock, else the first, with the stock and hearts of this moment (`stock` by item
 * id: a size missing from it is gone from the catalogue; `hearted`, the item ids hearted).
 */
function showResults(
  { results, asked }: Pick<FoundPage, 'results' | 'asked'>,
  stock: ReadonlyMap<number, number>,
  hearted: ReadonlySet<number>,
): ItemSearchResult[] {
  const shown: ItemSearchResult[] = [];
  for (const result of results) {
    const sizes = result.sizes.filter((item) => stock.has(item.id));
    const pick =
      sizes.find((item) => asked.includes(item.size)) ??
      sizes.find((item) => hearted.has(item.id)) ??
      sizes.find((item) => (stock.get(item.id) ?? 0) > 0) ??
      sizes[0];
    if (!pick) continue;
    // The keys the item lacks go first (docs/architecture.md, "Object shapes").
    shown.push({
      favorite: hearted.has(pick.id),
      sizes: sizes.map((item) => item.size),
      ...pick,
      stock: stock.get(pick.id) ?? 0,
    });
  }
  return shown;
}

/**
 * Outfits matching every word typed, in their name, occasion, description or pieces, best
 * first, then newest; without text, the newest. A search asked lately is answered from the page
 * kept for it, with the cards, stock and likes of this moment.
 */
export async function searchOutfits(
  database: Database,
  live: { pages: SearchPages; cards: OutfitCards },
  userId: number,
  input: SearchInput,
): Promise<OutfitSearchPage> {
  const { pages } = live;
  const key = SearchPages.key(input);
  const found = pages.outfits.get(key) ?? (await findOutfits(database, pages, input, key));
  const [outfits, liked] = await Promise.all([
    live.cards.current(found.ids),
    repo.likedAmong(database.sql, userId, found.ids),
  ]);
  return {
    // The key the outfit lacks goes first, as in showResults.
    items: outfits.map((o) => ({ favorite: liked.has(o.id), ...o })),
    nextCursor: found.nextCursor,
    understood: found.understood,
    suggestion: found.suggestion,
  };
}

/**
 * How many pages of an outfit search one ranking finds: each ranking ranks every match, so the
 * next pages are kept from it rather than ranked again.
 */
const PAGES_PER_RANKING = 5;

/**
 * Which outfits a search finds, kept under `key` for the next shopper who asks it, and the
 * pages after it under the keys their cursors make.
 */
async function findOutfits(
  database: Database,
  pages: SearchPages,
  input: SearchInput,
  key: string,
): Promise<FoundOutfits> {
  const since = pages.outfits.changes;
  const after = afterOf(outfitCursor.decode(input.cursor));
  const lexicon = await pages.lexicon();
  const understanding = understand(input.q, lexicon);
  const { found, more } = await repo.searchOutfitPage(database.sql, understanding.concepts, {
    after,
    limit: OUTFIT_SEARCH_PAGE_SIZE * PAGES_PER_RANKING,
  });
  const suggestion =
    found.length === 0 && input.cursor === undefined
      ? await suggest(input.q, understanding, lexicon, async (concepts) => {
          const tried = await repo.searchOutfitPage(database.sql, concepts, { after, limit: 1 });
          return tried.found.length > 0;
        })
      : null;
  const understood = understoodOf({ concepts: repo.lookedFor(understanding.concepts) });
  let first: FoundOutfits | undefined;
  let pageKey = key;
  for (let start = 0; start === 0 || start < found.length; start += OUTFIT_SEARCH_PAGE_SIZE) {
    const shown = found.slice(start, start + OUTFIT_SEARCH_PAGE_SIZE);
    const last = shown.at(-1);
    const follows = start + OUTFIT_SEARCH_PAGE_SIZE < found.length || more;
    const page: FoundOutfits = {
      ids: shown.map((r) => r.id),
      nextCursor: follows && last ? outfitCursor.encode([last.rank, last.id]) : null,
      understood,
      suggestion: first ? null : suggestion,
    };
    pages.outfits.set(pageKey, page, since);
    first ??= page;
    if (page.nextCursor) pageKey = SearchPages.key({ ...input, cursor: page.nextCursor });
  }
  return first!;
}

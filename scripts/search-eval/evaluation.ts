/**
 * The relevance set (server/features/search/relevance-set.ts) run through a search and scored:
 * precision at 5 and nDCG at 10 for each query, by kind and overall. Two searches are run the
 * same way: Drape's own (its HTTP API, in-process) and MiniSearch indexed over the same
 * catalogue, the yardstick a shop without Drape's search would reach for. Used by
 * relevance.test.ts (floors) and `npm run search:eval` (the table).
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import { OUTFIT_SEARCH_PAGE_SIZE, PAGE_SIZE } from '../../contracts/common';
import type { ItemSearchPage, OutfitSearchPage } from '../../contracts/search';
import type { SqlClient } from '../../server/db/client';
import {
  type Judged,
  type JudgedOutfit,
  type JudgedPiece,
  OUTFIT_QUERIES,
  PIECE_QUERIES,
  type QueryKind,
} from '../../server/features/search/relevance-set';

/** A product colour as search shows it (one result per colour), with the text it is found by. */
export interface ShopPiece extends JudgedPiece {
  key: string;
  category: string;
  description: string;
}

export interface ShopOutfit extends JudgedOutfit {
  id: number;
  description: string;
}

/** The catalogue as the set judges it, and as a library is given it to index. */
export interface JudgedShop {
  pieces: ShopPiece[];
  outfits: ShopOutfit[];
}

/** A search under evaluation: the first page of results for a query, best first. */
export interface Ranker {
  name: string;
  pieces(q: string): Promise<string[]>;
  outfits(q: string): Promise<number[]>;
}

export interface Scores {
  precisionAt5: number;
  ndcgAt10: number;
}

export interface Row extends Scores {
  set: 'pieces' | 'outfits';
  kind: QueryKind;
  q: string;
}

/** The key of a product colour: search shows each once, in the size the shopper would want. */
export const pieceKey = (p: { productId: number; color: string }) => `${p.productId}:${p.color}`;

export async function readShop(sql: SqlClient): Promise<JudgedShop> {
  const pieces = await sql.query<Omit<ShopPiece, 'key'> & { productId: number }>(
    `SELECT i.product_id AS "productId", i.name, p.garment, i.color, i.seller,
            c.name AS category, p.description
       FROM items i JOIN products p ON p.id = i.product_id JOIN categories c ON c.id = i.category_id
      WHERE i.colour_lead`,
  );
  const outfitPieces = await sql.query<JudgedPiece & { outfitId: number }>(
    `SELECT oi.outfit_id AS "outfitId", i.name, p.garment, i.color, i.seller
       FROM outfit_items oi JOIN items i ON i.id = oi.item_id JOIN products p ON p.id = i.product_id`,
  );
  const outfits = await sql.query<{
    id: number;
    name: string;
    occasion: string;
    description: string;
  }>(
    `SELECT o.id, o.name, oc.name AS occasion, o.description
       FROM outfits o JOIN occasions oc ON oc.id = o.occasion_id`,
  );
  const byOutfit = new Map<number, JudgedPiece[]>();
  for (const { outfitId, ...piece } of outfitPieces) {
    byOutfit.set(outfitId, [...(byOutfit.get(outfitId) ?? []), piece]);
  }
  return {
    pieces: pieces.map((p) => ({ ...p, key: pieceKey(p) })),
    outfits: outfits.map((o) => ({ ...o, pieces: byOutfit.get(o.id) ?? [] })),
  };
}

/**
 * Scores one ranked list against the right answers: precision at 5 (of the first five, or of
 * all the right answers when there are fewer, how many are right) and nDCG at 10 (right answers
 * near the top count more). A query with no right answer scores 1 only when nothing is found.
 */
export function score<K>(ranked: readonly K[], right: ReadonlySet<K>): Scores {
  if (right.size === 0) return { precisionAt5: ranked.length === 0 ? 1 : 0, ndcgAt10: 1 };
  const top = ranked.slice(0, Math.min(5, right.size));
  const precisionAt5 = top.filter((id) => right.has(id)).length / top.length || 0;
  const gain = (hits: readonly boolean[]) =>
    hits.reduce((sum, hit, i) => sum + (hit ? 1 / Math.log2(i + 2) : 0), 0);
  const dcg = gain(ranked.slice(0, 10).map((id) => right.has(id)));
  const ideal = gain(Array.from({ length: Math.min(10, right.size) }, () => true));
  return { precisionAt5: Math.min(1, precisionAt5), ndcgAt10: dcg / ideal };
}

export const mean = (values: readonly number[]) =>
  values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;

/** Every query of the set through one search, scored. */
export async function evaluate(shop: JudgedShop, ranker: Ranker): Promise<Row[]> {
  const rows: Row[] = [];
  const run = async <T, K>(
    set: Row['set'],
    queries: readonly Judged<T>[],
    entries: readonly T[],
    keyOf: (entry: T) => K,
    ranked: (q: string) => Promise<K[]>,
  ) => {
    for (const { q, kind, meant } of queries) {
      const right = new Set(entries.filter(meant).map(keyOf));
      rows.push({ set, kind, q, ...score(await ranked(q), right) });
    }
  };
  await run('pieces', PIECE_QUERIES, shop.pieces, (p) => p.key, ranker.pieces);
  await run('outfits', OUTFIT_QUERIES, shop.outfits, (o) => o.id, ranker.outfits);
  return rows;
}

/** Means of the rows, by a grouping (kind, set) or all together. */
export function summarize(rows: readonly Row[], by: (row: Row) => string = () => 'all') {
  const groups = new Map<string, Row[]>();
  for (const row of rows) groups.set(by(row), [...(groups.get(by(row)) ?? []), row]);
  return new Map(
    [...groups].map(([group, members]) => [
      group,
      {
        queries: members.length,
        precisionAt5: mean(members.map((r) => r.precisionAt5)),
        ndcgAt10: mean(members.map((r) => r.ndcgAt10)),
      },
    ]),
  );
}

type Get = (url: string) => Promise<{ statusCode: number; json(): unknown }>;

/** Drape's search, asked as the web app asks it (its first page). */
export function drapeRanker(get: Get): Ranker {
  const page = async <T>(url: string, q: string) => {
    const res = await get(`${url}?q=${encodeURIComponent(q)}`);
    if (res.statusCode !== 200) throw new Error(`${url} "${q}" answered ${res.statusCode}`);
    return res.json() as T;
  };
  return {
    name: 'Drape',
    pieces: async (q) =>
      (await page<ItemSearchPage>('/api/item/search', q)).items.map((item) => pieceKey(item)),
    outfits: async (q) =>
      (await page<OutfitSearchPage>('/api/outfit/search', q)).items.map((o) => o.id),
  };
}

/** How many results a library's answer is cut to: Drape's first page of each kind. */
const PAGE = { pieces: PAGE_SIZE, outfits: OUTFIT_SEARCH_PAGE_SIZE } as const;

/**
 * MiniSearch over the same product colours and outfits, configured as its documentation
 * suggests for a shop: every word must match (`AND`; when that finds nothing, any word, as a
 * shop would rather show something), prefix search for the word being typed, fuzzy matching
 * of a fifth of a word's letters (one edit in 5 to 9 letters), and boosts in the order Drape
 * weighs its fields (name, colour, category, brand, description). It gets the text a shopper
 * sees; the word table behind Drape (plurals, other names, colour families) is Drape's own.
 */
export function miniSearchRanker(shop: JudgedShop): Ranker {
  const searchOptions = { prefix: true, fuzzy: 0.2 };
  const pieces = new MiniSearch<ShopPiece>({
    idField: 'key',
    fields: ['name', 'color', 'category', 'seller', 'description'],
    searchOptions: {
      ...searchOptions,
      boost: { name: 5, color: 4, category: 3, seller: 2, description: 1 },
    },
  });
  pieces.addAll(shop.pieces);
  const outfits = new MiniSearch<ShopOutfit & { pieceText: string }>({
    fields: ['name', 'occasion', 'pieceText', 'description'],
    searchOptions: { ...searchOptions, boost: { name: 4, occasion: 3, pieceText: 2 } },
  });
  outfits.addAll(
    shop.outfits.map((o) => ({
      ...o,
      pieceText: o.pieces.map((p) => `${p.color} ${p.name} ${p.seller}`).join(' '),
    })),
  );
  const search = (index: MiniSearch<never>, q: string, page: number): SearchResult[] => {
    const every = index.search(q, { combineWith: 'AND' });
    return (every.length ? every : index.search(q, { combineWith: 'OR' })).slice(0, page);
  };
  return {
    name: 'MiniSearch',
    pieces: async (q) =>
      search(pieces as MiniSearch<never>, q, PAGE.pieces).map((r) => String(r.id)),
    outfits: async (q) =>
      search(outfits as MiniSearch<never>, q, PAGE.outfits).map((r) => Number(r.id)),
  };
}

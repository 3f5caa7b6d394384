import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Slot } from '../../../contracts/catalog';
import { type DesignSort, LOW_STOCK } from '../../../contracts/design';
import {
  type Db,
  idArray,
  opaque,
  queryPlannedEachTime,
  queryPrepared,
  rowsOf,
  type SqlClient,
} from '../../db/client';
import { categories, items, occasions, outfitAnswers, outfitItems, outfits } from '../../db/schema';
import { OUTFIT_PAGE_READ } from '../../lib/cursor';
import { type ItemRow, itemColumns, itemColumnsSql } from '../../lib/items';
import { likePattern } from '../../lib/text-search';

/**
 * Where a page of outfits starts: after this outfit in the list's order. The order is how well
 * its name matches the search (2 exact, 1 prefix, 0 else; always 0 without one), then the sort's
 * key (when it was made, or its like rate, -1 for none), then its id, all descending.
 */
export type OutfitKey =
  | [sort: 'newest', match: number, at: string, id: number]
  | [sort: 'likeRate', match: number, rate: number, id: number];

/**
 * Outfits with a piece at or below LOW_STOCK, gathered from the low-stock items first (0028,
 * 0068), each probed for its outfits under `OFFSET 0`, which keeps the probe from being merged
 * into a join: joined plainly, PostgreSQL walks every outfit in the list's order looking for
 * one, the whole list when none has a problem.
 */
const withStockProblem = sql`${outfits.id} IN (
  SELECT worn.outfit_id FROM items i
   CROSS JOIN LATERAL (
     SELECT oi.outfit_id FROM outfit_items oi WHERE oi.item_id = i.id OFFSET 0) worn
   WHERE i.low_stock)`;

/**
 * A page of outfit ids in the list's order, those after `after`, one more than a page shows.
 * Without a search each order is read from its index in order: outfits_recent_idx (0024) for
 * the newest, outfit_answers_rate_idx (0028) for the best liked.
 */
export async function listOutfitIds(
  db: Db,
  options: {
    q?: string | undefined;
    sort: DesignSort;
    problemsOnly: boolean;
    after: OutfitKey | undefined;
  },
): Promise<{ id: number; match: number; key: string | number; version: string }[]> {
  const q = options.q?.toLowerCase();
  const match = q
    ? sql<number>`((lower(${outfits.name}) = ${q})::int + starts_with(lower(${outfits.name}), ${q})::int)`
    : sql<number>`0`;
  const byRate = options.sort === 'likeRate';
  const key = byRate ? sql`${outfitAnswers.rateKey}` : sql`${outfits.createdAt}`;
  const id = byRate ? sql`${outfitAnswers.outfitId}` : sql`${outfits.id}`;
  const { after } = options;
  const afterKey = after
    ? after[0] === 'likeRate'
      ? sql`${after[2]}::double precision`
      : sql`${after[2]}::timestamptz`
    : undefined;
  // Every outfit has its row of answers (0028), so the join keeps every outfit.
  return db
    .select({
      id: outfits.id,
      match,
      key: byRate
        ? sql<string | number>`${outfitAnswers.rateKey}`
        : sql<string | number>`${outfits.createdAt}::text`,
      // Its full microseconds, so that the edit's comparison is exact.
      version: sql<string>`${outfits.updatedAt}::text`,
    })
    .from(outfits)
    .innerJoin(outfitAnswers, eq(outfitAnswers.outfitId, outfits.id))
    .where(
      and(
        // search_text (name + description) has the trigram index, so it narrows first.
        q ? sql`${outfits.searchText} LIKE ${likePattern(q)}` : undefined,
        q ? sql`lower(${outfits.name}) LIKE ${likePattern(q)}` : undefined,
        options.problemsOnly ? withStockProblem : undefined,
        after
          ? q
            ? sql`(${match}, ${key}, ${id}) < (${after[1]}, ${afterKey}, ${after[3]})`
            : sql`(${key}, ${id}) < (${afterKey}, ${after[3]})`
          : undefined,
      ),
    )
    .orderBy(...(q ? [sql`${match} DESC`] : []), sql`${key} DESC`, sql`${id} DESC`)
    .limit(OUTFIT_PAGE_READ);
}

/** How shoppers answer each of these outfits, in one statement whatever their number. */
export async function answersOf(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { likes: number; rejects: number; favorites: number }>> {
  if (ids.length === 0) return new Map();
  // Favourites: every like, and each other shopper who keeps a piece from the outfit, counted
  // from item_favorites_outfit_user_idx (0028) for this page's outfits only.
  const rows = await db
    .select({
      outfitId: outfitAnswers.outfitId,
      likes: outfitAnswers.likes,
      rejects: outfitAnswers.rejects,
      // Written out with its table: inside the subquery a bare outfit_id would be f's own.
      favorites: sql<number>`outfit_answers.likes + (
        SELECT count(DISTINCT f.user_id) FROM item_favorites f
         WHERE f.outfit_id = outfit_answers.outfit_id
           AND NOT EXISTS (SELECT 1 FROM swipes s
                            WHERE s.user_id = f.user_id AND s.outfit_id = f.outfit_id
                              AND s.direction = 'like'))::int`,
    })
    .from(outfitAnswers)
    .where(inArray(outfitAnswers.outfitId, [...ids]));
  return new Map(
    rows.map((r) => [
      r.outfitId,
      { likes: r.likes, rejects: r.rejects, favorites: Number(r.favorites) },
    ]),
  );
}

/** The item a substitute is looked for, with what finding them needs. */
export async function findItem(db: Db, id: number) {
  const rows = await db
    .select(itemColumns)
    .from(items)
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(eq(items.id, id));
  return rows[0];
}

/**
 * In-stock pieces that can replace `item`, best first: the same product in another size or
 * colour (its colour first, then the most in stock), then one size of each other product of the
 * same category and colour (the same size when it is in stock, else the most stocked), those
 * with the most in stock first. Neither is low on stock before one that is.
 */
export async function listSubstitutes(
  db: Db,
  item: { id: number; productId: number; categoryId: number; color: string; size: string },
  limit: number,
) {
  const low = sql.raw(String(Math.trunc(LOW_STOCK)));
  const sameProduct = db
    .select({ ...itemColumns, match: sql<'sameProduct'>`'sameProduct'` })
    .from(items)
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(and(eq(items.productId, item.productId), ne(items.id, item.id), sql`${items.stock} > 0`))
    .orderBy(
      sql`${items.stock} <= ${low}`,
      sql`${items.color} <> ${item.color}`,
      desc(items.stock),
      asc(items.id),
    )
    .limit(limit);
  // One size per product: DISTINCT ON picks each product's best and the best of those are
  // ranked, led by items_look_products_idx (0039; each one's stock read from its row, 0068).
  const perProduct = db
    .selectDistinctOn([items.productId], { id: items.id, stock: items.stock })
    .from(items)
    .where(
      and(
        eq(items.categoryId, item.categoryId),
        eq(items.color, item.color),
        ne(items.productId, item.productId),
        sql`${items.stock} > 0`,
      ),
    )
    .orderBy(items.productId, sql`${items.size} <> ${item.size}`, desc(items.stock), asc(items.id))
    .as('per_product');
  const best = db
    .select({ id: perProduct.id })
    .from(perProduct)
    .orderBy(sql`${perProduct.stock} <= ${low}`, desc(perProduct.stock), asc(perProduct.id))
    .limit(limit)
    .as('best');
  const sameLook = db
    .select({ ...itemColumns, match: sql<'sameLook'>`'sameLook'` })
    .from(best)
    .innerJoin(items, eq(items.id, best.id))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .orderBy(sql`${items.stock} <= ${low}`, desc(items.stock), asc(items.id));
  const [first, then] = await Promise.all([sameProduct, sameLook]);
  return [...first, ...then].slice(0, limit);
}

export async function outfitExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: outfits.id }).from(outfits).where(eq(outfits.id, id));
  return rows.length > 0;
}

/** The outfit already using this name, ignoring case (and the outfit being edited). */
export async function findOutfitIdByName(
  db: Db,
  name: string,
  exceptId?: number,
): Promise<number | undefined> {
  const sameName = sql`lower(${outfits.name}) = lower(${name})`;
  const rows = await db
    .select({ id: outfits.id })
    .from(outfits)
    .where(exceptId === undefined ? sameName : and(sameName, ne(outfits.id, exceptId)))
    .limit(1);
  return rows[0]?.id;
}

export function listOccasions(db: Db) {
  return db.select().from(occasions).orderBy(asc(occasions.id));
}

export function listCategories(db: Db) {
  return db.select().from(categories).orderBy(asc(categories.id));
}

/** The category of each of these items (unknown ids are simply absent). */
export function findItemCategories(db: Db, ids: number[]) {
  return db
    .select({ id: items.id, categoryId: items.categoryId, slot: categories.slot })
    .from(items)
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(inArray(items.id, ids));
}

export async function insertOutfit(
  db: Db,
  values: { name: string; description: string; occasionId: number },
): Promise<number> {
  const rows = await db.insert(outfits).values(values).returning({ id: outfits.id });
  return rows[0]!.id;
}

/** The outfit's version (its `updated_at`, in full microseconds), or undefined when it is gone. */
export async function outfitVersion(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ version: sql<string>`${outfits.updatedAt}::text` })
    .from(outfits)
    .where(eq(outfits.id, id));
  return row?.version;
}

/** The outfit as last saved at `version` (its `updated_at`), or any version when none is given. */
const savedAs = (version: string | undefined) =>
  version === undefined ? undefined : sql`${outfits.updatedAt} = ${version}::timestamptz`;

/**
 * Saves the outfit's own fields unless it was saved since `version` (when given), answering its
 * new version; undefined when it was saved since or is gone.
 */
export async function updateOutfit(
  db: Db,
  id: number,
  values: { name: string; description: string; occasionId: number },
  version: string | undefined,
): Promise<string | undefined> {
  const rows = await db
    .update(outfits)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(outfits.id, id), savedAs(version)))
    .returning({ version: sql<string>`${outfits.updatedAt}::text` });
  return rows[0]?.version;
}

/**
 * Locks the outfit against new swipes until the transaction ends (a swipe's foreign key takes a
 * share lock on it), so that no like lands between writing the likes out and the new pieces.
 */
export async function lockOutfitAgainstSwipes(db: Db, id: number): Promise<void> {
  await db.select({ id: outfits.id }).from(outfits).where(eq(outfits.id, id)).for('update');
}

/** The item each slot of the outfit holds now. */
export async function slotItems(db: Db, outfitId: number): Promise<Map<Slot, number>> {
  const rows = await db
    .select({ slot: outfitItems.slot, itemId: outfitItems.itemId })
    .from(outfitItems)
    .where(eq(outfitItems.outfitId, outfitId));
  return new Map(rows.map((r) => [r.slot, r.itemId]));
}

/** Writes the five slots, replacing whatever each slot held. */
export async function putOutfitItems(
  db: Db,
  outfitId: number,
  pieces: { slot: Slot; itemId: number; categoryId: number }[],
): Promise<void> {
  await db
    .insert(outfitItems)
    .values(pieces.map((p) => ({ outfitId, ...p })))
    .onConflictDoUpdate({
      target: [outfitItems.outfitId, outfitItems.slot],
      set: {
        itemId: sql`excluded.item_id`,
        categoryId: sql`excluded.category_id`,
      },
    });
}

/** Deletes the outfit, only as of `version` when one is given; false when nothing went. */
export async function deleteOutfit(db: Db, id: number, version?: string): Promise<boolean> {
  const rows = await db
    .delete(outfits)
    .where(and(eq(outfits.id, id), savedAs(version)))
    .returning({ id: outfits.id });
  return rows.length > 0;
}

export async function findSlotItem(db: Db, outfitId: number, slot: Slot) {
  const rows = await db
    .select(itemColumns)
    .from(outfitItems)
    .innerJoin(items, eq(items.id, outfitItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(and(eq(outfitItems.outfitId, outfitId), eq(outfitItems.slot, slot)));
  return rows[0];
}

export interface ItemFilters {
  q?: string | undefined;
  color?: string | undefined;
}

/** The carousel's filters, on items as `i`. */
function itemConditions(filters: ItemFilters): SQL {
  return (
    and(
      filters.q ? sql`i.search_text LIKE ${likePattern(filters.q.toLowerCase())}` : undefined,
      filters.color ? sql`lower(i.color) = lower(${filters.color})` : undefined,
    ) ?? sql`true`
  );
}

/**
 * Runs a carousel's statement, prepared; a search by words is planned for its words instead:
 * the one plan PostgreSQL may keep for every pattern sorts every match of a common word, where
 * a plan made for the word walks the carousel's index and stops at a page.
 */
function carouselQuery<T>(client: SqlClient, filters: ItemFilters, name: string, query: SQL) {
  return filters.q ? queryPlannedEachTime<T>(client, query) : queryPrepared<T>(client, name, query);
}

/** Where a carousel's page starts: after the item with this sort key. */
export type CarouselKey = [soldOut: boolean, notLead: boolean, name: string, id: number];

/**
 * One page of a category's items: in stock first, and each product colour's first size before
 * the other sizes, so a page shows many different pieces rather than one jacket in six sizes;
 * then by name. The order is `items_carousel_idx` (0032, 0068), so a page reads its own rows and the
 * next starts after the last one's key.
 */
export async function listCategoryItems(
  client: SqlClient,
  categoryId: number,
  filters: ItemFilters,
  page: { limit: number; after: CarouselKey | undefined },
) {
  const { after } = page;
  // Kept once for every category, the statement hides the category and the page's size from the
  // planner (`opaque`): seen, each page was planned afresh. A search is planned for its words.
  const value = (n: number) => (filters.q ? sql`${n}` : opaque(n));
  const rows = await carouselQuery<ItemRow & { soldOut: boolean; notLead: boolean }>(
    client,
    filters,
    'design_carousel_page',
    sql`SELECT ${itemColumnsSql}, i.sold_out AS "soldOut", NOT i.colour_lead AS "notLead"
          FROM items i JOIN categories c ON c.id = i.category_id
         WHERE i.category_id = ${value(categoryId)} AND ${itemConditions(filters)}
           ${after ? sql`AND (i.sold_out, NOT i.colour_lead, i.name, i.id) > (${after[0]}, ${after[1]}, ${after[2]}, ${after[3]})` : sql``}
         ORDER BY i.sold_out, NOT i.colour_lead, i.name, i.id
         LIMIT ${value(page.limit + 1)}`,
  );
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  const next: CarouselKey | null =
    rows.length > page.limit && last ? [last.soldOut, last.notLead, last.name, last.id] : null;
  return { rows: shown, next };
}

/**
 * How many items match the filters, per category: unfiltered, the counts kept per category
 * (0055); filtered, a count of the matches.
 */
export async function countItemsByCategory(
  client: SqlClient,
  categoryIds: number[],
  filters: ItemFilters,
): Promise<Map<number, number>> {
  const unfiltered = !filters.q && !filters.color;
  const rows = await carouselQuery<{ categoryId: number; total: number }>(
    client,
    filters,
    unfiltered ? 'design_carousel_totals' : 'design_carousel_counts',
    unfiltered
      ? sql`SELECT category_id AS "categoryId", items AS total FROM items_by_category
             WHERE category_id = ANY(${idArray(categoryIds)}::int[])`
      : sql`SELECT i.category_id AS "categoryId", count(*)::int AS total
              FROM items i
             WHERE i.category_id = ANY(${idArray(categoryIds)}::int[]) AND ${itemConditions(filters)}
             GROUP BY i.category_id`,
  );
  return new Map(rows.map((r) => [r.categoryId, Number(r.total)]));
}

/**
 * Every colour each category comes in, read as a skip along `items_look_idx` (category, colour):
 * one probe per colour, not a pass over every item of the category.
 */
export async function colorsByCategory(
  db: Db,
  categoryIds: number[],
): Promise<Map<number, string[]>> {
  const rows = await rowsOf<{ categoryId: number; color: string }>(
    db,
    sql`SELECT k.id AS "categoryId", c.color
          FROM unnest(${idArray(categoryIds)}::int[]) AS k(id)
         CROSS JOIN LATERAL (
               WITH RECURSIVE c(color) AS (
                 (SELECT color FROM items WHERE category_id = k.id ORDER BY color LIMIT 1)
                 UNION ALL
                 SELECT (SELECT i.color FROM items i
                          WHERE i.category_id = k.id AND i.color > c.color
                          ORDER BY i.color LIMIT 1)
                   FROM c WHERE c.color IS NOT NULL)
               SELECT color FROM c WHERE color IS NOT NULL) c
         ORDER BY k.id, c.color`,
  );
  const byCategory = new Map<number, string[]>();
  for (const row of rows) {
    const list = byCategory.get(row.categoryId) ?? [];
    list.push(row.color);
    byCategory.set(row.categoryId, list);
  }
  return byCategory;
}

import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, closetItems, items, occasions, outfitItems, outfits } from '../../db/schema';
import { type ItemRow, itemColumns } from '../../lib/items';

/** Timestamps leave the database as ISO text, the same from PGlite and node-postgres. */
const isoText = (value: SQL | SQL.Aliased | unknown) =>
  sql<string>`to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `%` and `_` are plain characters in a shopper's search. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The shopper's closet outfits as a subquery `(outfit_id, completed_at)`.
 *
 * Starts from what the shopper owns, so the work grows with their closet, not the catalogue:
 * owned products → every variant of them (items_product_id_idx) → the outfit slots those
 * variants fill (outfit_items_item_id_idx). `owned` has one row per product and each slot holds
 * one item of one product, so every slot joins at most once and count(*) = 5 means all five
 * slots are owned (cheaper than count(DISTINCT slot), which forces a sort).
 * completed_at is when the last of its products was bought.
 */
function closetOutfits(db: Db, userId: number) {
  const owned = db
    .select({
      productId: closetItems.productId,
      boughtAt: sql<Date>`max(${closetItems.lastBoughtAt})`.as('bought_at'),
    })
    .from(closetItems)
    .where(eq(closetItems.userId, userId))
    .groupBy(closetItems.productId)
    .as('owned');
  return db
    .select({
      outfitId: outfitItems.outfitId,
      completedAt: sql<Date>`max(${owned.boughtAt})`.as('completed_at'),
    })
    .from(owned)
    .innerJoin(items, eq(items.productId, owned.productId))
    .innerJoin(outfitItems, eq(outfitItems.itemId, items.id))
    .groupBy(outfitItems.outfitId)
    .having(sql`count(*) = 5`)
    .as('closet');
}

export interface ClosetOutfitFilter {
  occasionId?: number | undefined;
  outfitId?: number | undefined;
  /** Already turned into a LIKE pattern by containsPattern. */
  pattern?: string | undefined;
}

function outfitConditions(filter: ClosetOutfitFilter): SQL | undefined {
  return and(
    filter.occasionId === undefined ? undefined : eq(outfits.occasionId, filter.occasionId),
    filter.outfitId === undefined ? undefined : eq(outfits.id, filter.outfitId),
    // search_text is stored lower-cased; lower() the pattern the same way so the trigram
    // index on it can serve the LIKE.
    filter.pattern === undefined
      ? undefined
      : sql`${outfits.searchText} LIKE lower(${filter.pattern})`,
  );
}

export interface ClosetOutfitRef {
  id: number;
  completedAt: string;
  /** All closet outfits matching the filter, not just this page. */
  total: number;
}

/** One page of closet outfit ids, the most recently completed first. */
export function findClosetOutfits(
  db: Db,
  userId: number,
  filter: ClosetOutfitFilter,
  page: { limit: number; offset: number },
): Promise<ClosetOutfitRef[]> {
  const closet = closetOutfits(db, userId);
  return db
    .select({
      id: outfits.id,
      completedAt: isoText(closet.completedAt),
      // Counted in the same pass, so the closet is worked out once per page.
      total: sql<number>`(count(*) OVER ())::int`,
    })
    .from(closet)
    .innerJoin(outfits, eq(outfits.id, closet.outfitId))
    .where(outfitConditions(filter))
    .orderBy(desc(closet.completedAt), desc(outfits.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countClosetOutfits(
  db: Db,
  userId: number,
  filter: ClosetOutfitFilter,
): Promise<number> {
  const closet = closetOutfits(db, userId);
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(closet)
    .innerJoin(outfits, eq(outfits.id, closet.outfitId))
    .where(outfitConditions(filter));
  return rows[0]?.n ?? 0;
}

export interface OccasionCountRow {
  occasionId: number;
  outfits: number;
  /** The occasion's most recently completed closet outfit. */
  latestOutfitId: number;
}

/** Per occasion that has any: the number of closet outfits and the newest one. */
export function countClosetOutfitsByOccasion(db: Db, userId: number): Promise<OccasionCountRow[]> {
  const closet = closetOutfits(db, userId);
  return db
    .selectDistinctOn([outfits.occasionId], {
      occasionId: outfits.occasionId,
      outfits: sql<number>`(count(*) OVER (PARTITION BY ${outfits.occasionId}))::int`,
      latestOutfitId: outfits.id,
    })
    .from(closet)
    .innerJoin(outfits, eq(outfits.id, closet.outfitId))
    .orderBy(outfits.occasionId, desc(closet.completedAt), desc(outfits.id));
}

export function listOccasions(db: Db) {
  return db.select().from(occasions).orderBy(asc(occasions.id));
}

export async function findOccasion(db: Db, nameOrId: string) {
  const rows = await db
    .select()
    .from(occasions)
    .where(
      /^\d+$/.test(nameOrId)
        ? eq(occasions.id, Number(nameOrId))
        : sql`lower(${occasions.name}) = lower(${nameOrId})`,
    )
    .limit(1);
  return rows[0];
}

export function listCategories(db: Db) {
  return db.select().from(categories).orderBy(asc(categories.id));
}

/** By id, name (`Tops`) or slot (`top`), without regard to case. */
export async function findCategory(db: Db, nameOrId: string) {
  const rows = await db
    .select()
    .from(categories)
    .where(
      /^\d+$/.test(nameOrId)
        ? eq(categories.id, Number(nameOrId))
        : sql`lower(${categories.name}) = lower(${nameOrId}) OR ${categories.slot} = lower(${nameOrId})`,
    )
    .orderBy(asc(categories.id))
    .limit(1);
  return rows[0];
}

export interface CategoryCountRow {
  categoryId: number;
  pieces: number;
  units: number;
  cover: string;
}

export function countPiecesByCategory(db: Db, userId: number): Promise<CategoryCountRow[]> {
  return db
    .select({
      categoryId: items.categoryId,
      pieces: sql<number>`count(*)::int`,
      units: sql<number>`sum(${closetItems.quantity})::int`,
      cover: sql<string>`(array_agg(${items.image} ORDER BY ${closetItems.lastBoughtAt} DESC, ${items.id} DESC))[1]`,
    })
    .from(closetItems)
    .innerJoin(items, eq(items.id, closetItems.itemId))
    .where(eq(closetItems.userId, userId))
    .groupBy(items.categoryId);
}

export interface PieceRow extends ItemRow {
  quantity: number;
  firstBoughtAt: string;
  lastBoughtAt: string;
}

const pieceColumns = {
  ...itemColumns,
  quantity: closetItems.quantity,
  firstBoughtAt: isoText(closetItems.firstBoughtAt),
  lastBoughtAt: isoText(closetItems.lastBoughtAt),
};

function pieceConditions(userId: number, filter: { categoryId: number; pattern?: string }) {
  return and(
    eq(closetItems.userId, userId),
    eq(items.categoryId, filter.categoryId),
    filter.pattern === undefined
      ? undefined
      : sql`${items.searchText} LIKE lower(${filter.pattern})`,
  );
}

/** Owned pieces of one category, the most recently bought first. */
export function findPieces(
  db: Db,
  userId: number,
  filter: { categoryId: number; pattern?: string },
  page: { limit: number; offset: number },
): Promise<PieceRow[]> {
  return db
    .select(pieceColumns)
    .from(closetItems)
    .innerJoin(items, eq(items.id, closetItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(pieceConditions(userId, filter))
    .orderBy(desc(closetItems.lastBoughtAt), desc(items.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countPieces(
  db: Db,
  userId: number,
  filter: { categoryId: number; pattern?: string },
): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(closetItems)
    .innerJoin(items, eq(items.id, closetItems.itemId))
    .where(pieceConditions(userId, filter));
  return rows[0]?.n ?? 0;
}

/** Every variant the shopper owns of these products. */
export function findPiecesOfProducts(
  db: Db,
  userId: number,
  productIds: readonly number[],
): Promise<PieceRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select(pieceColumns)
    .from(closetItems)
    .innerJoin(items, eq(items.id, closetItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(
      and(eq(closetItems.userId, userId), inArray(closetItems.productId, [...new Set(productIds)])),
    )
    .orderBy(desc(closetItems.lastBoughtAt), desc(items.id));
}

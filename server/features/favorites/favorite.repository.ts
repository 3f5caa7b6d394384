import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  categories,
  favoritePieces,
  itemFavorites,
  items,
  occasions,
  outfits,
  products,
  swipes,
} from '../../db/schema';
import { type ItemRow, itemColumns } from '../../lib/items';
import { matchesAllTerms, type SearchTerm } from '../../lib/text-search';

export interface FavoriteRow extends ItemRow {
  outfitId: number | null;
  outfitName: string | null;
  occasionId: number | null;
  source: 'heart' | 'outfit';
  quantity: number;
  favoritedAt: Date;
  /** A row of item_favorites; false for a piece that follows from a like (0015). */
  written: boolean;
}

const favoriteColumns = {
  ...itemColumns,
  outfitId: favoritePieces.outfitId,
  outfitName: outfits.name,
  occasionId: outfits.occasionId,
  source: favoritePieces.source,
  quantity: favoritePieces.quantity,
  favoritedAt: favoritePieces.createdAt,
  written: favoritePieces.written,
};

/** Which favourite: a number for the outfit it is tagged with, null for none, undefined for any. */
export type OutfitRef = number | null | undefined;

function outfitCondition(outfitId: OutfitRef): SQL | undefined {
  if (outfitId === undefined) return undefined;
  return outfitId === null
    ? isNull(favoritePieces.outfitId)
    : eq(favoritePieces.outfitId, outfitId);
}

/** One favourite row: the shopper's row for this item tagged with this outfit (or none). */
function rowKey(userId: number, itemId: number, outfitId: number | null): SQL | undefined {
  return and(
    eq(itemFavorites.userId, userId),
    eq(itemFavorites.itemId, itemId),
    outfitId === null ? isNull(itemFavorites.outfitId) : eq(itemFavorites.outfitId, outfitId),
  );
}

/**
 * The shopper's favourite pieces (favorite_pieces: their rows and the pieces of their likes),
 * newest first, optionally narrowed. A shopper has one favourite per item and outfit.
 */
export function listFavoriteItems(
  db: Db,
  userId: number,
  filter: {
    categoryIds?: readonly number[];
    terms?: readonly SearchTerm[];
    itemId?: number;
    /** Any variant of the product this item belongs to. */
    sameProductAs?: number;
    outfitId?: OutfitRef;
    outfitIds?: readonly number[];
  } = {},
): Promise<FavoriteRow[]> {
  const conditions = [
    eq(favoritePieces.userId, userId),
    filter.categoryIds?.length ? inArray(items.categoryId, [...filter.categoryIds]) : undefined,
    filter.terms ? matchesAllTerms(items.searchText, filter.terms) : undefined,
    filter.itemId !== undefined ? eq(favoritePieces.itemId, filter.itemId) : undefined,
    filter.sameProductAs !== undefined
      ? eq(items.productId, sql`(SELECT product_id FROM items WHERE id = ${filter.sameProductAs})`)
      : undefined,
    outfitCondition(filter.outfitId),
    filter.outfitIds ? inArray(favoritePieces.outfitId, [...filter.outfitIds]) : undefined,
  ];
  return db
    .select(favoriteColumns)
    .from(favoritePieces)
    .innerJoin(items, eq(items.id, favoritePieces.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .leftJoin(outfits, eq(outfits.id, favoritePieces.outfitId))
    .where(and(...conditions))
    .orderBy(
      desc(favoritePieces.createdAt),
      sql`${favoritePieces.outfitId} DESC NULLS LAST`,
      asc(items.categoryId),
      asc(items.id),
    );
}

/** Outfits the shopper swiped right on, newest first. */
export function listLikedOutfits(
  db: Db,
  userId: number,
  filter: { occasionId?: number | undefined; terms?: readonly SearchTerm[] } = {},
): Promise<{ outfitId: number; likedAt: Date }[]> {
  return db
    .select({ outfitId: swipes.outfitId, likedAt: swipes.createdAt })
    .from(swipes)
    .innerJoin(outfits, eq(outfits.id, swipes.outfitId))
    .where(
      and(
        eq(swipes.userId, userId),
        eq(swipes.direction, 'like'),
        filter.occasionId !== undefined ? eq(outfits.occasionId, filter.occasionId) : undefined,
        filter.terms ? matchesAllTerms(outfits.searchText, filter.terms) : undefined,
      ),
    )
    .orderBy(desc(swipes.createdAt), desc(swipes.outfitId));
}

export function countLikedByOccasion(db: Db, userId: number) {
  const liked = db
    .select({
      occasionId: outfits.occasionId,
      n: sql<number>`count(*)::int`.as('n'),
    })
    .from(swipes)
    .innerJoin(outfits, eq(outfits.id, swipes.outfitId))
    .where(and(eq(swipes.userId, userId), eq(swipes.direction, 'like')))
    .groupBy(outfits.occasionId)
    .as('liked');
  return db
    .select({
      id: occasions.id,
      name: occasions.name,
      count: sql<number>`coalesce(${liked.n}, 0)::int`,
    })
    .from(occasions)
    .leftJoin(liked, eq(liked.occasionId, occasions.id))
    .orderBy(asc(occasions.id));
}

export function countFavoritesByCategory(db: Db, userId: number) {
  const faves = db
    .select({
      categoryId: items.categoryId,
      n: sql<number>`count(*)::int`.as('n'),
    })
    .from(favoritePieces)
    .innerJoin(items, eq(items.id, favoritePieces.itemId))
    .where(eq(favoritePieces.userId, userId))
    .groupBy(items.categoryId)
    .as('faves');
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slot: categories.slot,
      count: sql<number>`coalesce(${faves.n}, 0)::int`,
    })
    .from(categories)
    .leftJoin(faves, eq(faves.categoryId, categories.id))
    .orderBy(asc(categories.id));
}

export async function occasionExists(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: occasions.id })
    .from(occasions)
    .where(eq(occasions.id, id))
    .limit(1);
  return rows.length > 0;
}

/** A category by id or by name (any case). */
export async function findCategory(db: Db, ref: string) {
  const byId = /^\d{1,4}$/.test(ref);
  const rows = await db
    .select()
    .from(categories)
    .where(byId ? eq(categories.id, Number(ref)) : sql`lower(${categories.name}) = lower(${ref})`)
    .limit(1);
  return rows[0];
}

export async function findItem(db: Db, id: number) {
  const rows = await db
    .select({
      id: items.id,
      productId: items.productId,
      name: items.name,
      color: items.color,
      size: items.size,
    })
    .from(items)
    .where(eq(items.id, id))
    .limit(1);
  return rows[0];
}

/** The product with this id, or every product called `name` (any case; several may share one). */
export async function findProductIds(
  db: Db,
  ref: { productId?: number | undefined; name?: string | undefined },
): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      ref.productId !== undefined
        ? eq(products.id, ref.productId)
        : sql`lower(${products.name}) = lower(${ref.name ?? ''})`,
    );
  return rows.map((r) => r.id);
}

export function listVariants(
  db: Db,
  productIds: readonly number[],
  filter: { color?: string | undefined; size?: string | undefined },
) {
  return db
    .select(itemColumns)
    .from(items)
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(
      and(
        inArray(items.productId, [...productIds]),
        filter.color !== undefined
          ? sql`lower(${items.color}) = lower(${filter.color})`
          : undefined,
        filter.size !== undefined ? sql`lower(${items.size}) = lower(${filter.size})` : undefined,
      ),
    )
    .orderBy(asc(items.id));
}

/** Moves a favourite row to another item; false when the shopper has no such row. */
export async function moveFavorite(
  db: Db,
  userId: number,
  from: { itemId: number; outfitId: number | null },
  itemId: number,
): Promise<boolean> {
  const rows = await db
    .update(itemFavorites)
    .set({ itemId })
    .where(rowKey(userId, from.itemId, from.outfitId))
    .returning({ id: itemFavorites.id });
  return rows.length > 0;
}

/**
 * Adds delta to the wanted quantity in one statement, only while the result stays within
 * [min, max]; returns the new quantity, or undefined when nothing changed.
 */
export async function changeQuantity(
  db: Db,
  userId: number,
  favorite: { itemId: number; outfitId: number | null },
  delta: number,
  bounds: { min: number; max: number },
): Promise<number | undefined> {
  const rows = await db
    .update(itemFavorites)
    .set({ quantity: sql`${itemFavorites.quantity} + ${delta}` })
    .where(
      and(
        rowKey(userId, favorite.itemId, favorite.outfitId),
        sql`${itemFavorites.quantity} + ${delta} BETWEEN ${bounds.min} AND ${bounds.max}`,
      ),
    )
    .returning({ quantity: itemFavorites.quantity });
  return rows[0]?.quantity;
}

/** A piece hearted on its own (no outfit); true when it was not a favourite before. */
export async function insertHeart(db: Db, userId: number, itemId: number): Promise<boolean> {
  const rows = await db
    .insert(itemFavorites)
    .values({ userId, itemId, outfitId: null, source: 'heart' })
    .onConflictDoNothing()
    .returning({ id: itemFavorites.id });
  return rows.length > 0;
}

export async function deleteHeart(db: Db, userId: number, itemId: number): Promise<boolean> {
  const rows = await db
    .delete(itemFavorites)
    .where(
      and(
        eq(itemFavorites.userId, userId),
        eq(itemFavorites.itemId, itemId),
        isNull(itemFavorites.outfitId),
      ),
    )
    .returning({ id: itemFavorites.id });
  return rows.length > 0;
}

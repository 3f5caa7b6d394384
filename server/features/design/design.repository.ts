import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Slot } from '../../../contracts/catalog';
import type { Db } from '../../db/client';
import { categories, items, occasions, outfitItems, outfits } from '../../db/schema';
import { PAGE_READ, timestampKey } from '../../lib/cursor';
import { itemColumns } from '../../lib/items';

/** `%` and `_` in a search are plain characters. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Where a page of outfits starts: after this outfit in the list's order (how well its name
 * matches the search, 2 exact, 1 prefix, 0 else, always 0 without one; then newest first, then
 * by id).
 */
export type OutfitKey = [match: number, at: string, id: number];

/**
 * A page of outfit ids, newest first; with a name search, exact and prefix matches lead. Those
 * after `after`, one more than a page shows; without a search read from outfits_recent_idx
 * (0024) in its order.
 */
export async function listOutfitIds(
  db: Db,
  options: { q?: string | undefined; after: OutfitKey | undefined },
): Promise<{ id: number; match: number; atKey: string }[]> {
  const q = options.q?.toLowerCase();
  const match = q
    ? sql<number>`((lower(${outfits.name}) = ${q})::int + starts_with(lower(${outfits.name}), ${q})::int)`
    : sql<number>`0`;
  const { after } = options;
  return db
    .select({ id: outfits.id, match, atKey: timestampKey(outfits.createdAt) })
    .from(outfits)
    .where(
      and(
        // search_text (name + description) has the trigram index, so it narrows first.
        q ? sql`${outfits.searchText} LIKE ${likePattern(q)}` : undefined,
        q ? sql`lower(${outfits.name}) LIKE ${likePattern(q)}` : undefined,
        after
          ? q
            ? sql`(${match}, ${outfits.createdAt}, ${outfits.id}) < (${after[0]}, ${after[1]}::timestamptz, ${after[2]})`
            : sql`(${outfits.createdAt}, ${outfits.id}) < (${after[1]}::timestamptz, ${after[2]})`
          : undefined,
      ),
    )
    .orderBy(...(q ? [sql`${match} DESC`] : []), desc(outfits.createdAt), desc(outfits.id))
    .limit(PAGE_READ);
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

export async function updateOutfit(
  db: Db,
  id: number,
  values: { name: string; description: string; occasionId: number },
): Promise<boolean> {
  const rows = await db
    .update(outfits)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(outfits.id, id))
    .returning({ id: outfits.id });
  return rows.length > 0;
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

export async function deleteOutfit(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(outfits).where(eq(outfits.id, id)).returning({ id: outfits.id });
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

function itemConditions(filters: ItemFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.q)
    conditions.push(sql`${items.searchText} LIKE ${likePattern(filters.q.toLowerCase())}`);
  if (filters.color) conditions.push(sql`lower(${items.color}) = lower(${filters.color})`);
  return conditions;
}

/**
 * One page of a category's items: in-stock first, and one variant of each product before a
 * second of any, so a page shows many different pieces rather than one jacket in six sizes.
 */
export function listCategoryItems(
  db: Db,
  categoryId: number,
  filters: ItemFilters,
  page: { limit: number; offset: number },
) {
  return db
    .select(itemColumns)
    .from(items)
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(and(eq(items.categoryId, categoryId), ...itemConditions(filters)))
    .orderBy(
      sql`${items.stock} = 0`,
      sql`row_number() OVER (PARTITION BY ${items.productId} ORDER BY ${items.color}, ${items.size}, ${items.id})`,
      asc(items.name),
      asc(items.id),
    )
    .limit(page.limit)
    .offset(page.offset);
}

/** How many items match the filters, per category. */
export async function countItemsByCategory(
  db: Db,
  categoryIds: number[],
  filters: ItemFilters,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ categoryId: items.categoryId, total: sql<number>`count(*)::int` })
    .from(items)
    .where(and(inArray(items.categoryId, categoryIds), ...itemConditions(filters)))
    .groupBy(items.categoryId);
  return new Map(rows.map((r) => [r.categoryId, Number(r.total)]));
}

/** Every colour each category comes in. */
export async function colorsByCategory(
  db: Db,
  categoryIds: number[],
): Promise<Map<number, string[]>> {
  const rows = await db
    .selectDistinct({ categoryId: items.categoryId, color: items.color })
    .from(items)
    .where(inArray(items.categoryId, categoryIds))
    .orderBy(asc(items.categoryId), asc(items.color));
  const byCategory = new Map<number, string[]>();
  for (const row of rows) {
    const list = byCategory.get(row.categoryId) ?? [];
    list.push(row.color);
    byCategory.set(row.categoryId, list);
  }
  return byCategory;
}

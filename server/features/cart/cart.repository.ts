import { and, asc, count, eq, sql } from 'drizzle-orm';
import { MAX_QUANTITY } from '../../../contracts/money';
import type { Db } from '../../db/client';
import { cartLines, categories, items, outfitItems, outfits } from '../../db/schema';
import { itemColumns } from '../../lib/items';

export async function listCartLines(db: Db, userId: number) {
  return db
    .select({ ...itemColumns, quantity: cartLines.quantity })
    .from(cartLines)
    .innerJoin(items, eq(items.id, cartLines.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.itemId));
}

export type StockRow = { id: number; name: string; color: string; size: string; stock: number };

export async function findItemStock(db: Db, itemId: number): Promise<StockRow | undefined> {
  const rows = await db
    .select({
      id: items.id,
      name: items.name,
      color: items.color,
      size: items.size,
      stock: items.stock,
    })
    .from(items)
    .where(eq(items.id, itemId))
    .limit(1);
  return rows[0];
}

/** The five pieces of an outfit with their stock, or [] for an unknown outfit. */
export async function findOutfitPieces(db: Db, outfitId: number): Promise<StockRow[]> {
  return db
    .select({
      id: items.id,
      name: items.name,
      color: items.color,
      size: items.size,
      stock: items.stock,
    })
    .from(outfitItems)
    .innerJoin(outfits, eq(outfits.id, outfitItems.outfitId))
    .innerJoin(items, eq(items.id, outfitItems.itemId))
    .where(eq(outfitItems.outfitId, outfitId))
    .orderBy(asc(items.id));
}

/**
 * Adds `quantity` to the line (creating it), never above the cart's maximum, in one statement so
 * two adds at once cannot lose one. Returns the line's new quantity.
 */
export async function addToLine(
  db: Db,
  userId: number,
  itemId: number,
  quantity: number,
): Promise<number> {
  const rows = await db
    .insert(cartLines)
    .values({ userId, itemId, quantity })
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.itemId],
      set: { quantity: sql`least(${cartLines.quantity} + excluded.quantity, ${MAX_QUANTITY})` },
    })
    .returning({ quantity: cartLines.quantity });
  return rows[0]!.quantity;
}

/** Sets the quantity of a line that exists; false when the item is not in the cart. */
export async function setLineQuantity(
  db: Db,
  userId: number,
  itemId: number,
  quantity: number,
): Promise<boolean> {
  const rows = await db
    .update(cartLines)
    .set({ quantity })
    .where(and(eq(cartLines.userId, userId), eq(cartLines.itemId, itemId)))
    .returning({ itemId: cartLines.itemId });
  return rows.length > 0;
}

export async function deleteLine(db: Db, userId: number, itemId: number): Promise<boolean> {
  const rows = await db
    .delete(cartLines)
    .where(and(eq(cartLines.userId, userId), eq(cartLines.itemId, itemId)))
    .returning({ itemId: cartLines.itemId });
  return rows.length > 0;
}

export async function deleteAllLines(db: Db, userId: number): Promise<void> {
  await db.delete(cartLines).where(eq(cartLines.userId, userId));
}

export async function countLines(db: Db, userId: number): Promise<number> {
  const rows = await db.select({ n: count() }).from(cartLines).where(eq(cartLines.userId, userId));
  return Number(rows[0]?.n ?? 0);
}

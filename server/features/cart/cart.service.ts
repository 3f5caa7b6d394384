import type { Cart, CartLine } from '../../../contracts/cart';
import { formatCents } from '../../../contracts/money';
import type { Database, Db } from '../../db/client';
import { arrivalWindow } from '../../lib/arrival';
import { conflict, notFound } from '../../lib/errors';
import { describePiece, stockProblem } from '../../lib/stock';
import { computeTotals } from '../../lib/totals';
import * as repo from './cart.repository';

/** Distinct pieces one cart may hold; far above any real basket, it bounds the work per call. */
export const MAX_CART_LINES = 50;

export async function getCart(db: Db, userId: number, now = new Date()): Promise<Cart> {
  const rows = await repo.listCartLines(db, userId);
  const lines: CartLine[] = rows.map((row) => {
    const lineTotalCents = row.priceCents * row.quantity;
    return {
      itemId: row.id,
      productId: row.productId,
      name: row.name,
      img: row.image,
      category: row.category,
      seller: row.seller,
      color: row.color,
      colorHex: row.colorHex,
      size: row.size,
      stock: row.stock,
      quantity: row.quantity,
      unitPriceCents: row.priceCents,
      unitPrice: formatCents(row.priceCents),
      lineTotalCents,
      lineTotal: formatCents(lineTotalCents),
    };
  });
  const totals = computeTotals(
    lines.map((l) => ({ unitPriceCents: l.unitPriceCents, quantity: l.quantity })),
  );
  return {
    lines,
    units: totals.units,
    subtotalCents: totals.subtotalCents,
    subtotal: formatCents(totals.subtotalCents),
    shippingCents: totals.shippingCents,
    shipping: formatCents(totals.shippingCents),
    totalCents: totals.totalCents,
    total: formatCents(totals.totalCents),
    arrival: arrivalWindow(now),
  };
}

async function assertRoomFor(tx: Db, userId: number) {
  if ((await repo.countLines(tx, userId)) > MAX_CART_LINES) {
    throw conflict(`Your cart can hold up to ${MAX_CART_LINES} different pieces.`);
  }
}

/**
 * Adds to the line's quantity (9 at most in all). Stock is checked here so the shopper hears
 * early; checkout checks it again under lock, since adding to a cart reserves nothing.
 */
export async function addItem(
  database: Pick<Database, 'db' | 'sql'>,
  userId: number,
  itemId: number,
  quantity: number,
) {
  const outcome = await repo.addIfAvailable(database.sql, userId, itemId, quantity, MAX_CART_LINES);
  if (!outcome.added) {
    const { item } = outcome;
    if (!item) throw notFound('That piece does not exist.');
    const problem = stockProblem(item, outcome.wanted);
    if (problem) throw conflict(problem);
    if (outcome.newLine && outcome.lines >= MAX_CART_LINES) {
      throw conflict(`Your cart can hold up to ${MAX_CART_LINES} different pieces.`);
    }
    // What is left: an add of this piece committed meanwhile, which leaves no room under the
    // stock for this one.
    throw conflict(stockProblem(item, item.stock + 1) ?? `${describePiece(item)} is sold out.`);
  }
  return getCart(database.db, userId);
}

/** Purchase Outfit: one more of each of the outfit's five pieces, all or none. */
export async function addOutfit(db: Db, userId: number, outfitId: number) {
  await db.transaction(async (tx) => {
    const pieces = await repo.findOutfitPieces(tx, outfitId);
    if (pieces.length === 0) throw notFound('That outfit does not exist.');
    for (const piece of pieces) {
      const total = await repo.addToLine(tx, userId, piece.id, 1);
      const problem = stockProblem(piece, total);
      if (problem) throw conflict(problem);
    }
    await assertRoomFor(tx, userId);
  });
  return getCart(db, userId);
}

export async function setQuantity(db: Db, userId: number, itemId: number, quantity: number) {
  await db.transaction(async (tx) => {
    const item = await repo.findItemStock(tx, itemId);
    if (!item || !(await repo.setLineQuantity(tx, userId, itemId, quantity))) {
      throw notFound('That piece is not in your cart.');
    }
    const problem = stockProblem(item, quantity);
    if (problem) throw conflict(problem);
  });
  return getCart(db, userId);
}

export async function removeItem(db: Db, userId: number, itemId: number) {
  if (!(await repo.deleteLine(db, userId, itemId))) {
    throw notFound('That piece is not in your cart.');
  }
  return getCart(db, userId);
}

export async function emptyCart(db: Db, userId: number) {
  await repo.deleteAllLines(db, userId);
  return getCart(db, userId);
}

import type { Cart, CartLine, Look } from '../../../contracts/cart';
import { formatCents, MAX_QUANTITY } from '../../../contracts/money';
import type { Database } from '../../db/client';
import { arrivalWindow } from '../../lib/arrival';
import { badRequest, conflict, notFound, PG, pgCode } from '../../lib/errors';
import { loadOutfitProducts } from '../../lib/products';
import { describePiece, stockProblem } from '../../lib/stock';
import { computeTotals } from '../../lib/totals';
import * as repo from './cart.repository';

/** Distinct pieces one cart may hold; far above any real basket, it bounds the work per call. */
export const MAX_CART_LINES = 50;

/** The builder for writes, and the plain client for the cart's prepared read. */
type CartDatabase = Pick<Database, 'db' | 'sql'>;

export async function getCart(
  database: CartDatabase,
  userId: number,
  now = new Date(),
): Promise<Cart> {
  return toCart(await repo.listCartLines(database.sql, userId), now);
}

/** The cart as shown: its lines, their totals and when an order placed now arrives. */
function toCart(rows: repo.CartLineRow[], now = new Date()): Cart {
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

/**
 * Adds to the line's quantity (9 at most in all). Stock is checked here so the shopper hears
 * early; checkout checks it again under lock, since adding to a cart reserves nothing.
 */
export async function addItem(
  database: CartDatabase,
  userId: number,
  itemId: number,
  quantity: number,
) {
  const { outcome, lines } = await repo.addIfAvailable(
    database.sql,
    userId,
    itemId,
    quantity,
    MAX_CART_LINES,
  );
  if (!outcome.added) {
    const { item, held } = outcome;
    if (!item) throw notFound('That piece does not exist.');
    const problem = stockProblem(item, Math.min((held ?? 0) + quantity, MAX_QUANTITY));
    if (problem) throw conflict(problem);
    if (held === null && !outcome.room) {
      throw conflict(`Your cart can hold up to ${MAX_CART_LINES} different pieces.`);
    }
    // What is left: an add of this piece committed meanwhile, which leaves no room under the
    // stock for this one.
    throw conflict(stockProblem(item, item.stock + 1) ?? `${describePiece(item)} is sold out.`);
  }
  return toCart(lines);
}

/**
 * Purchase Outfit with the sizes the shopper chose: one more of each chosen variant, all or
 * none. Each must be a colour and size of one of the outfit's pieces (one per piece) and in stock.
 * The write checks all of it; only when it refused are the outfit and the pieces read, to say why.
 */
export async function addOutfit(
  database: CartDatabase,
  userId: number,
  outfitId: number,
  itemIds: number[],
) {
  let written: repo.Written<boolean>;
  try {
    written = await repo.addOneOfEach(database.sql, userId, outfitId, itemIds, MAX_CART_LINES);
  } catch (error) {
    // How the statement refuses a line that an add committed meanwhile took to its stock.
    if (pgCode(error) === PG.notNullViolation) throw conflict(RACE);
    throw raceAsConflict(error);
  }
  if (!written.outcome) await whyNotAdded(database, userId, outfitId, itemIds);
  return toCart(written.lines);
}

/** Throws what kept Purchase Outfit's write from adding the pieces, as the cart now stands. */
async function whyNotAdded(
  { db }: CartDatabase,
  userId: number,
  outfitId: number,
  itemIds: number[],
): Promise<never> {
  const [outfit, chosen] = await Promise.all([
    repo.findOutfitPieces(db, outfitId),
    repo.findItemsStock(db, userId, itemIds),
  ]);
  if (!outfit) throw notFound('That outfit does not exist.');
  if (chosen.length !== itemIds.length) {
    throw badRequest('One of the chosen pieces does not exist.', {
      itemIds: 'must be pieces of the outfit',
    });
  }
  const offered = new Set(outfit.pieces.map((piece) => piece.productId));
  const taken = new Set<number>();
  for (const item of chosen) {
    if (!offered.has(item.productId) || taken.has(item.productId)) {
      throw badRequest(
        taken.has(item.productId)
          ? `${item.name} is chosen twice: choose one size of each piece.`
          : `${item.name} is not a piece of this outfit.`,
        { itemIds: 'must be one colour and size of each of the outfit’s pieces' },
      );
    }
    taken.add(item.productId);
  }
  for (const item of chosen) {
    const problem = stockProblem(item, Math.min(item.held + 1, MAX_QUANTITY));
    if (problem) throw conflict(problem);
  }
  const newLines = chosen.filter((item) => item.held === 0).length;
  if ((chosen[0]?.lines ?? 0) + newLines > MAX_CART_LINES) {
    throw conflict(`Your cart can hold up to ${MAX_CART_LINES} different pieces.`);
  }
  // The cart or the stock changed between the write and this read.
  throw conflict(RACE);
}

/** What Purchase Outfit offers: the outfit's pieces in slot order, every colour and size. */
export async function getLook(
  { sql }: CartDatabase,
  userId: number,
  outfitId: number,
): Promise<Look> {
  const outfit = await loadOutfitProducts(sql, outfitId, userId);
  if (!outfit) throw notFound('That outfit does not exist.');
  return { outfitId, ...outfit };
}

/**
 * Moves a line to another colour or size of the same product, in place. When the shopper
 * already has that variant in the cart the two lines become one (9 at most); the new variant's
 * stock must cover the line. 409 when the product is not made in that colour and size.
 */
export async function changeLine(
  database: CartDatabase,
  userId: number,
  itemId: number,
  change: { size?: string | undefined; color?: string | undefined },
) {
  // The usual change (a variant in stock, not yet in the cart) is one statement.
  const moved = await withRacesAsConflict(
    repo.moveLineToVariant(database.sql, userId, itemId, change),
  );
  if (moved.outcome) return toCart(moved.lines);
  // Otherwise one read says why or finds a line to fold into, then one write that checks again
  // what it depends on: no transaction is held open.
  const found = await repo.findLineChange(database.db, userId, itemId, change);
  if (!found) throw notFound('That piece is not in your cart.');
  const { line, target, held } = found;
  if (!target) {
    const color = change.color ?? line.color;
    const size = change.size ?? line.size;
    throw conflict(`${line.name} is not made in ${color}, size ${size}.`);
  }
  // The same variant asked for again: nothing to write.
  if (target.id === line.id) return getCart(database, userId);
  const quantity = Math.min(line.quantity + (held ?? 0), MAX_QUANTITY);
  const problem = stockProblem(target, quantity);
  if (problem) throw conflict(problem);
  // With no line to fold into, the move refused at a moment the read no longer shows: once more.
  const written = await withRacesAsConflict(
    held === null
      ? repo.moveLineToVariant(database.sql, userId, itemId, change)
      : repo.mergeLine(database.sql, userId, line.id, target.id),
  );
  // The line, the other line or the stock changed since the read: like any other race.
  if (!written.outcome) throw conflict(RACE);
  return toCart(written.lines);
}

const RACE = 'Your cart changed at the same moment. Try again.';

/** Another change to the same line committed meanwhile: the shopper can simply try again. */
function raceAsConflict(error: unknown): unknown {
  const code = pgCode(error);
  // Two folds of a cart's lines into each other at once can each wait for the other's line.
  return code === PG.uniqueViolation || code === PG.deadlock ? conflict(RACE) : error;
}

/** The write's outcome, or a race it lost as `raceAsConflict` names it. */
async function withRacesAsConflict<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    throw raceAsConflict(error);
  }
}

export async function setQuantity(
  database: CartDatabase,
  userId: number,
  itemId: number,
  quantity: number,
) {
  const written = await repo.setLineQuantity(database.sql, userId, itemId, quantity);
  if (!written.outcome) {
    // Nothing changed: say why.
    const [item] = await repo.findItemsStock(database.db, userId, [itemId]);
    if (!item || item.held === 0) throw notFound('That piece is not in your cart.');
    throw conflict(stockProblem(item, quantity) ?? RACE);
  }
  return toCart(written.lines);
}

export async function removeItem(database: CartDatabase, userId: number, itemId: number) {
  const written = await repo.deleteLine(database.sql, userId, itemId);
  if (!written.outcome) throw notFound('That piece is not in your cart.');
  return toCart(written.lines);
}

/** Empties the cart; its answer is the empty cart, with nothing left to read. */
export async function emptyCart(database: CartDatabase, userId: number) {
  await repo.deleteAllLines(database.db, userId);
  return toCart([]);
}

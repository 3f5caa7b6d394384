import { type SQL, sql } from 'drizzle-orm';
import type { Slot } from '../../../contracts/catalog';
import { MAX_QUANTITY } from '../../../contracts/money';
import { type Db, idList, queryPrepared, rowsOf, type SqlClient } from '../../db/client';
import {
  type ItemRow,
  itemColumnsSql,
  stockColumnsSql,
  type VariantWanted,
  variantOfSameProduct,
} from '../../lib/items';

export type CartLineRow = ItemRow & { quantity: number };

/** A line's columns: `l` is the cart line (item_id, quantity), `i` its item, `c` its category. */
const lineColumns = sql`${itemColumnsSql}, l.quantity`;
const lineJoins = sql`JOIN items i ON i.id = l.item_id JOIN categories c ON c.id = i.category_id`;

/**
 * The cart's lines with their items, oldest first. Every change to the cart answers with the
 * cart, so this is a prepared statement: planning its three joins cost more than running them.
 */
export function listCartLines(client: SqlClient, userId: number): Promise<CartLineRow[]> {
  return queryPrepared<CartLineRow>(
    client,
    'cart_lines',
    sql`SELECT ${lineColumns} FROM cart_lines l ${lineJoins}
         WHERE l.user_id = ${userId}
         ORDER BY l.added_at, l.item_id`,
  );
}

/** What a write of the cart did (`outcome`), and the cart's lines as it left them. */
export interface Written<T> {
  outcome: T;
  lines: CartLineRow[];
}

/**
 * Runs a write of the cart and reads the cart it leaves, in one statement. `write` is the
 * statement's WITH list, and must name two of its parts: `touched` (item_id of every line the
 * write changed, moved or took out) and `written` (item_id, quantity, added_at of every line as
 * the write left it). `outcome` is an expression of what the write did (whether it wrote, or
 * why not), answered as the column `outcome`.
 *
 * Every part of a statement reads the tables as its snapshot, taken when it began, shows them,
 * and none sees the others' writes. So the cart answered is the lines of that snapshot, less
 * those touched, plus those written; a line another request changes in the meantime is as the
 * snapshot shows it (as a read sent just before would have), while `written` holds what this
 * write left, even on a line it found committed after the snapshot (ON CONFLICT, or a re-check
 * of a row changed meanwhile).
 */
async function writeAndRead<T>(
  client: SqlClient,
  name: string,
  userId: number,
  write: SQL,
  outcome: SQL,
): Promise<Written<T>> {
  const rows = await queryPrepared<{ outcome: T } & (CartLineRow | { id: null })>(
    client,
    name,
    sql`WITH ${write},
        after AS (
          SELECT item_id, quantity, added_at FROM cart_lines
           WHERE user_id = ${userId} AND item_id NOT IN (SELECT item_id FROM touched)
          UNION ALL
          SELECT item_id, quantity, added_at FROM written)
        SELECT o.outcome, ${lineColumns}
          FROM (SELECT ${outcome} AS outcome) o
          LEFT JOIN (after l ${lineJoins}) ON true
         ORDER BY l.added_at, l.item_id`,
  );
  const lines: CartLineRow[] = [];
  for (const { outcome: _, ...line } of rows) if (line.id !== null) lines.push(line);
  // The outer row is always there: with an empty cart it is the outcome beside nulls.
  return { outcome: (rows[0] as { outcome: T }).outcome, lines };
}

export type StockRow = { id: number; name: string; color: string; size: string; stock: number };

export type VariantStockRow = StockRow & { productId: number };

/** The outfit's name and its pieces (slot, the item designed in, its product); undefined if none. */
export async function findOutfitPieces(db: Db, outfitId: number) {
  const rows = await rowsOf<{ name: string; slot: Slot; itemId: number; productId: number }>(
    db,
    sql`SELECT o.name, oi.slot, i.id AS "itemId", i.product_id AS "productId"
          FROM outfit_items oi
          JOIN outfits o ON o.id = oi.outfit_id
          JOIN items i ON i.id = oi.item_id
         WHERE oi.outfit_id = ${outfitId}`,
  );
  const [first] = rows;
  if (!first) return undefined;
  return { name: first.name, pieces: rows.map(({ name: _, ...piece }) => piece) };
}

export type HeldStockRow = VariantStockRow & {
  /** What the cart holds of the item; 0 when it has no line of it. */
  held: number;
  /** How many lines the cart holds. */
  lines: number;
};

/**
 * Items with their stock and what the shopper's cart holds of each, in id order; unknown ids are
 * left out.
 */
export function findItemsStock(
  db: Db,
  userId: number,
  itemIds: readonly number[],
): Promise<HeldStockRow[]> {
  return rowsOf<HeldStockRow>(
    db,
    sql`SELECT ${stockColumnsSql}, coalesce(l.quantity, 0) AS held,
               (SELECT count(*)::int FROM cart_lines WHERE user_id = ${userId}) AS lines
          FROM items i
          LEFT JOIN cart_lines l ON l.user_id = ${userId} AND l.item_id = i.id
         WHERE i.id IN (${idList(itemIds)})
         ORDER BY i.id`,
  );
}

export interface LineChange {
  line: VariantStockRow & { quantity: number };
  /** The product's variant in the colour and size asked for (any case); null when not made. */
  target: VariantStockRow | null;
  /** The quantity of the shopper's line of that variant, when it is another line of the cart. */
  held: number | null;
}

/**
 * What moving a line to another colour or size involves, in one read: the line, the variant it
 * would become and the line the cart already holds of that variant. Undefined when there is no
 * such line. A colour or size left out stays the line's own.
 */
export async function findLineChange(
  db: Db,
  userId: number,
  itemId: number,
  change: VariantWanted,
): Promise<LineChange | undefined> {
  const [row] = await rowsOf<VariantStockRow & { quantity: number } & Omit<LineChange, 'line'>>(
    db,
    sql`SELECT ${stockColumnsSql}, l.quantity, row_to_json(t) AS target, h.quantity AS held
          FROM cart_lines l
          JOIN items i ON i.id = l.item_id
          LEFT JOIN LATERAL (
                SELECT t.id, t.product_id AS "productId", t.name, t.color, t.size, t.stock
                  FROM items t
                 WHERE ${variantOfSameProduct('t', 'i', change)}
                 LIMIT 1) t ON true
          LEFT JOIN cart_lines h
                 ON h.user_id = l.user_id AND h.item_id = t.id AND h.item_id <> l.item_id
         WHERE l.user_id = ${userId} AND l.item_id = ${itemId}`,
  );
  if (!row) return undefined;
  const { target, held, ...line } = row;
  return { line, target, held };
}

/**
 * A colour or size change in its usual case, in one statement: the line is pointed at the
 * variant wanted, keeping its place and quantity, when the product is made in it, the cart holds
 * no line of it yet and its stock covers the line. Outcome false when nothing moved; the caller
 * then reads why (`findLineChange`). A line of that variant added meanwhile makes it fail as a
 * unique violation.
 */
export function moveLineToVariant(
  client: SqlClient,
  userId: number,
  itemId: number,
  change: VariantWanted,
): Promise<Written<boolean>> {
  return writeAndRead<boolean>(
    client,
    'cart_move_to',
    userId,
    sql`target AS (
          SELECT t.id, t.stock FROM items i JOIN items t ON ${variantOfSameProduct('t', 'i', change)}
           WHERE i.id = ${itemId} AND t.id <> i.id
           LIMIT 1),
        written AS (
          UPDATE cart_lines l SET item_id = target.id, chosen_at = now()
            FROM target
           WHERE l.user_id = ${userId} AND l.item_id = ${itemId} AND l.quantity <= target.stock
             AND NOT EXISTS (
                   SELECT 1 FROM cart_lines h WHERE h.user_id = ${userId} AND h.item_id = target.id)
          RETURNING l.item_id, l.quantity, l.added_at),
        -- The line's old item too, once for the row moved (none when nothing moved).
        touched AS (SELECT item_id FROM written UNION ALL SELECT ${itemId}::int FROM written)`,
    sql`EXISTS (SELECT 1 FROM written)`,
  );
}

/**
 * Folds a line into the cart's line of another variant in one statement: that line takes both
 * quantities (the maximum at most) while the variant's stock covers them, and only then does the
 * folded line go. The folded line is locked first and read as it stands once locked, so a fold
 * of the same line at the same moment finds it gone and changes nothing. Outcome false when
 * nothing changed.
 */
export function mergeLine(
  client: SqlClient,
  userId: number,
  fromItemId: number,
  toItemId: number,
): Promise<Written<boolean>> {
  return writeAndRead<boolean>(
    client,
    'cart_merge',
    userId,
    sql`folded AS (
          SELECT quantity FROM cart_lines WHERE user_id = ${userId} AND item_id = ${fromItemId}
             FOR UPDATE),
        written AS (
          UPDATE cart_lines
             SET quantity = least(cart_lines.quantity + folded.quantity, ${MAX_QUANTITY}),
                 chosen_at = now()
            FROM folded
           WHERE user_id = ${userId} AND item_id = ${toItemId}
             AND least(cart_lines.quantity + folded.quantity, ${MAX_QUANTITY})
                 <= (SELECT stock FROM items WHERE id = ${toItemId})
          RETURNING item_id, cart_lines.quantity, added_at),
        gone AS (
          DELETE FROM cart_lines
           WHERE user_id = ${userId} AND item_id = ${fromItemId}
             AND EXISTS (SELECT 1 FROM written)
          RETURNING item_id),
        touched AS (SELECT item_id FROM written UNION ALL SELECT item_id FROM gone)`,
    sql`EXISTS (SELECT 1 FROM gone)`,
  );
}

/**
 * Purchase Outfit's write, all or none, in one statement: one of each item is added only when
 * every id is an item, each is a colour and size of a different piece of the outfit, every
 * line's new quantity (the maximum at most) is within its item's stock and the cart has room for
 * the new lines, counted after any change committed meanwhile (0062). Outcome false when nothing
 * was written; the caller then reads why. Rows go in in id order, so two adds at once lock the
 * lines they share alike; a line added to meanwhile that the sum would take past its stock makes
 * the statement fail as a not-null violation, writing nothing.
 */
export function addOneOfEach(
  client: SqlClient,
  userId: number,
  outfitId: number,
  itemIds: readonly number[],
  maxLines: number,
): Promise<Written<boolean>> {
  return writeAndRead<boolean>(
    client,
    'cart_add_outfit',
    userId,
    sql`wanted AS (
          SELECT i.id, i.product_id, i.stock,
                 least(coalesce(l.quantity, 0) + 1, ${MAX_QUANTITY}) AS quantity
            FROM items i
            LEFT JOIN cart_lines l ON l.user_id = ${userId} AND l.item_id = i.id
           WHERE i.id IN (${idList(itemIds)})),
        -- Counted under the shopper's lock (0062), once.
        room AS (SELECT cart_has_room(${userId}, ARRAY(SELECT id FROM wanted), ${maxLines}) AS ok),
        written AS (
          INSERT INTO cart_lines (user_id, item_id, quantity)
          SELECT ${userId}, w.id, 1 FROM wanted w
           WHERE (SELECT count(DISTINCT product_id) FROM wanted) = ${itemIds.length}
             AND NOT EXISTS (SELECT 1 FROM wanted
                              WHERE product_id NOT IN (SELECT product_id FROM outfit_items
                                                        WHERE outfit_id = ${outfitId}))
             AND NOT EXISTS (SELECT 1 FROM wanted WHERE quantity > stock)
             AND (SELECT ok FROM room)
           ORDER BY w.id
          ON CONFLICT (user_id, item_id) DO UPDATE
            -- A line added to meanwhile is checked again as it stands: past the stock, the
            -- quantity is null and the whole statement fails as a not-null violation.
            SET quantity = CASE
                  WHEN least(cart_lines.quantity + excluded.quantity, ${MAX_QUANTITY})
                       <= (SELECT stock FROM items WHERE id = excluded.item_id)
                  THEN least(cart_lines.quantity + excluded.quantity, ${MAX_QUANTITY}) END,
                chosen_at = now()
          RETURNING item_id, quantity, added_at),
        touched AS (SELECT item_id FROM written)`,
    sql`EXISTS (SELECT 1 FROM written)`,
  );
}

export interface AddOutcome {
  /** The piece, or null when there is no such item. */
  item: StockRow | null;
  /** What the cart held of the piece, its line locked; null when it had no line of it. */
  held: number | null;
  /** Whether the cart had room: a line it held has; a new one is counted under the lock (0062). */
  room: boolean;
  added: boolean;
}

/**
 * Adds one piece to the cart in a single statement, only if its stock covers the line's new
 * quantity and the cart has room for a new line (counted under the shopper's lock, so adds of
 * new pieces at once take turns); otherwise writes nothing and says why. Concurrent adds of one
 * piece still sum, and the stock check is made again on the locked line, so two adds at once
 * cannot take a line past the stock either; checkout checks stock again under lock, since a
 * cart reserves nothing.
 */
export function addIfAvailable(
  client: SqlClient,
  userId: number,
  itemId: number,
  quantity: number,
  maxLines: number,
): Promise<Written<AddOutcome>> {
  return writeAndRead<AddOutcome>(
    client,
    'cart_add',
    userId,
    sql`item AS (SELECT id, name, color, size, stock FROM items WHERE id = ${itemId}),
        -- Locked, so a line taken away meanwhile (a checkout, a removal) counts as new.
        held AS (SELECT quantity FROM cart_lines WHERE user_id = ${userId} AND item_id = ${itemId}
                    FOR UPDATE),
        -- Counted under the shopper's lock (0062), and only for a new line.
        room AS (SELECT CASE WHEN EXISTS (SELECT 1 FROM held) THEN true
                        ELSE cart_has_room(${userId}, ARRAY[${itemId}::int], ${maxLines}) END AS ok),
        wanted AS (SELECT least(coalesce((SELECT quantity FROM held), 0) + ${quantity},
                                ${MAX_QUANTITY}) AS q),
        written AS (
          INSERT INTO cart_lines (user_id, item_id, quantity)
          SELECT ${userId}, item.id, ${quantity} FROM item
           WHERE item.stock > 0 AND item.stock >= (SELECT q FROM wanted)
             AND (SELECT ok FROM room)
          ON CONFLICT (user_id, item_id) DO UPDATE
            SET quantity = least(cart_lines.quantity + excluded.quantity, ${MAX_QUANTITY}),
                chosen_at = now()
            -- Checked again on the line as it stands once locked: an add committed meanwhile
            -- counts too.
            WHERE least(cart_lines.quantity + excluded.quantity, ${MAX_QUANTITY})
                  <= (SELECT stock FROM item)
          RETURNING item_id, quantity, added_at),
        touched AS (SELECT item_id FROM written)`,
    sql`json_build_object(
          'item', (SELECT row_to_json(item) FROM item),
          'held', (SELECT quantity FROM held),
          'room', (SELECT ok FROM room),
          'added', EXISTS (SELECT 1 FROM written))`,
  );
}

/**
 * Sets the quantity of a line that exists, only while its item's stock covers it; outcome false
 * when nothing changed (no such line, or too few left).
 */
export function setLineQuantity(
  client: SqlClient,
  userId: number,
  itemId: number,
  quantity: number,
): Promise<Written<boolean>> {
  return writeAndRead<boolean>(
    client,
    'cart_quantity',
    userId,
    sql`written AS (
          UPDATE cart_lines SET quantity = ${quantity}
           WHERE user_id = ${userId} AND item_id = ${itemId}
             AND ${quantity} <= (SELECT stock FROM items WHERE id = ${itemId})
          RETURNING item_id, quantity, added_at),
        touched AS (SELECT item_id FROM written)`,
    sql`EXISTS (SELECT 1 FROM written)`,
  );
}

/** Takes a line out; outcome false when the cart had no such line. */
export function deleteLine(
  client: SqlClient,
  userId: number,
  itemId: number,
): Promise<Written<boolean>> {
  return writeAndRead<boolean>(
    client,
    'cart_remove',
    userId,
    // The line taken out is touched; nothing is written.
    sql`touched AS (
          DELETE FROM cart_lines WHERE user_id = ${userId} AND item_id = ${itemId}
          RETURNING item_id),
        written AS (SELECT item_id, quantity, added_at FROM cart_lines WHERE false)`,
    sql`EXISTS (SELECT 1 FROM touched)`,
  );
}

export async function deleteAllLines(db: Db, userId: number): Promise<void> {
  await rowsOf(db, sql`DELETE FROM cart_lines WHERE user_id = ${userId}`);
}

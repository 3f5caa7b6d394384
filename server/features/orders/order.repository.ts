import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { orderLines, orders } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export async function findOrderIdByKey(
  db: Db,
  userId: number,
  idempotencyKey: string,
): Promise<number | undefined> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)))
    .limit(1);
  return rows[0]?.id;
}

/**
 * Locks the shopper for the rest of the checkout (their checkouts run one at a time, so a
 * repeated key finds the first order) and reads the contact the confirmation goes to. NO KEY
 * UPDATE, unlike UPDATE, lets rows that merely reference the shopper be written meanwhile.
 */
export async function lockShopperContact(db: Db, userId: number) {
  const rows = await rowsOf<{ email: string | null; firstName: string | null; username: string }>(
    db,
    sql`SELECT email, first_name AS "firstName", username FROM users
         WHERE id = ${userId} FOR NO KEY UPDATE`,
  );
  return rows[0];
}

export interface ShipTo {
  nickname: string;
  streetAddress: string;
  city: string;
  state: string;
  zip: string;
}

/** One cart line with its item as it stands under lock. */
export interface LockedLine {
  itemId: number;
  quantity: number;
  productId: number;
  name: string;
  color: string;
  size: string;
  image: string;
  priceCents: number;
  stock: number;
}

export interface CheckoutStart {
  /** The order a repeated idempotency key placed before. */
  existing: number | null;
  address: ShipTo | null;
  lines: LockedLine[];
  /** The new order's id, drawn only when the cart has lines. */
  nextId: number | null;
}

const addressJson = (userId: number, addressId: number) => sql`(
  SELECT json_build_object('nickname', a.nickname, 'streetAddress', a.street_address,
                           'city', a.city, 'state', a.state, 'zip', a.zip)
    FROM addresses a WHERE a.id = ${addressId} AND a.user_id = ${userId})`;
const existingOrder = (userId: number, key: string) =>
  sql`(SELECT o.id FROM orders o WHERE o.user_id = ${userId} AND o.idempotency_key = ${key})`;

/**
 * What a checkout decides on, read in one statement once the shopper is locked: an order placed
 * before with this key, the address, the next order id, and the cart lines with their items.
 * Cart lines and items are locked, the items in id order: every checkout takes its locks in the
 * same order, so two sharing pieces wait for each other instead of deadlocking. NO KEY UPDATE on
 * the items still excludes other checkouts but lets shoppers keep adding them to their carts (a
 * foreign-key check) meanwhile. An empty cart returns no rows, so it is asked again without them.
 */
export async function startCheckout(
  db: Db,
  userId: number,
  input: { addressId: number; idempotencyKey: string },
): Promise<CheckoutStart> {
  const rows = await rowsOf<LockedLine & Omit<CheckoutStart, 'lines'>>(
    db,
    sql`SELECT c.item_id AS "itemId", c.quantity, i.product_id AS "productId", i.name, i.color,
               i.size, i.image, i.price_cents AS "priceCents", i.stock,
               ${existingOrder(userId, input.idempotencyKey)} AS existing,
               ${addressJson(userId, input.addressId)} AS address,
               (SELECT nextval(pg_get_serial_sequence('orders', 'id'))::int) AS "nextId"
          FROM cart_lines c JOIN items i ON i.id = c.item_id
         WHERE c.user_id = ${userId}
         ORDER BY i.id
           FOR UPDATE OF c
           FOR NO KEY UPDATE OF i`,
  );
  const first = rows[0];
  if (first) {
    const lines = rows.map(({ existing: _e, address: _a, nextId: _n, ...line }) => line);
    return { existing: first.existing, address: first.address, nextId: first.nextId, lines };
  }
  const [alone] = await rowsOf<{ existing: number | null; address: ShipTo | null }>(
    db,
    sql`SELECT ${existingOrder(userId, input.idempotencyKey)} AS existing,
               ${addressJson(userId, input.addressId)} AS address`,
  );
  return {
    existing: alone?.existing ?? null,
    address: alone?.address ?? null,
    lines: [],
    nextId: null,
  };
}

/**
 * Every write of a checkout in one statement: the order, its lines (each with its own copy of
 * name, picture and price), the stock taken, the pieces added to the shopper's closet (more of a
 * piece they had, or a new one), and the cart emptied. Returns when the order was placed and the
 * lines' ids.
 */
export async function writeOrder(
  db: Db,
  order: Omit<typeof orders.$inferInsert, 'id' | 'createdAt' | 'emailedAt'> & { id: number },
  lines: Omit<LockedLine, 'stock'>[],
): Promise<{ createdAt: Date; lineIds: Map<number, number> }> {
  const bought = JSON.stringify(lines);
  const [row] = await rowsOf<{ createdMs: number; lines: { id: number; itemId: number }[] }>(
    db,
    sql`
    WITH head AS (
      INSERT INTO orders (id, number, user_id, idempotency_key, payment_method, payment_reference,
                          subtotal_cents, shipping_cents, total_cents, ship_nickname,
                          ship_street_address, ship_city, ship_state, ship_zip,
                          arrives_from, arrives_to)
      VALUES (${order.id}, ${order.number}, ${order.userId}, ${order.idempotencyKey},
              ${order.paymentMethod}, ${order.paymentReference}, ${order.subtotalCents},
              ${order.shippingCents}, ${order.totalCents}, ${order.shipNickname},
              ${order.shipStreetAddress}, ${order.shipCity}, ${order.shipState}, ${order.shipZip},
              ${order.arrivesFrom}, ${order.arrivesTo})
      RETURNING created_at
    ),
    bought AS (
      SELECT * FROM json_to_recordset(${bought}::json) AS b(
        "itemId" int, "productId" int, name text, color text, size text, image text,
        "priceCents" int, quantity int)
    ),
    lines AS (
      INSERT INTO order_lines (order_id, item_id, product_id, name, color, size, image,
                               unit_price_cents, quantity, line_total_cents)
      SELECT ${order.id}, "itemId", "productId", name, color, size, image,
             "priceCents", quantity, "priceCents" * quantity
        FROM bought ORDER BY "itemId"
      RETURNING id, item_id
    ),
    stock AS (
      UPDATE items i SET stock = i.stock - b.quantity
        FROM bought b WHERE i.id = b."itemId"
    ),
    closet AS (
      INSERT INTO closet_items (user_id, item_id, product_id, quantity)
      SELECT ${order.userId}, "itemId", "productId", quantity FROM bought
      ON CONFLICT (user_id, item_id) DO UPDATE
        SET quantity = closet_items.quantity + excluded.quantity, last_bought_at = now()
    ),
    -- Only the lines bought: a piece added to the cart while the checkout ran stays there.
    cleared AS (
      DELETE FROM cart_lines c USING bought b
       WHERE c.user_id = ${order.userId} AND c.item_id = b."itemId"
    )
    SELECT (SELECT extract(epoch FROM created_at) * 1000 FROM head)::float8 AS "createdMs",
           (SELECT json_agg(json_build_object('id', id, 'itemId', item_id)) FROM lines) AS lines`,
  );
  return {
    createdAt: new Date(row!.createdMs),
    lineIds: new Map(row!.lines.map((line) => [line.itemId, line.id])),
  };
}

export async function markEmailed(db: Db, orderId: number): Promise<void> {
  await db
    .update(orders)
    .set({ emailedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.emailedAt)));
}

/** Orders with their lines, newest first; two queries whatever the number of orders. */
export async function loadOrders(
  db: Db,
  userId: number,
  filter: { id: number } | { number: string } | { limit: number; offset: number },
): Promise<{ order: OrderRow; lines: OrderLineRow[] }[]> {
  const mine = eq(orders.userId, userId);
  const base = db.select().from(orders);
  const heads =
    'id' in filter
      ? await base.where(and(mine, eq(orders.id, filter.id)))
      : 'number' in filter
        ? await base.where(and(mine, eq(orders.number, filter.number)))
        : await base
            .where(mine)
            .orderBy(desc(orders.createdAt), desc(orders.id))
            .limit(filter.limit)
            .offset(filter.offset);
  if (heads.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        heads.map((h) => h.id),
      ),
    )
    .orderBy(asc(orderLines.id));
  const byOrder = new Map<number, OrderLineRow[]>();
  for (const line of lines) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push(line);
    byOrder.set(line.orderId, list);
  }
  return heads.map((order) => ({ order, lines: byOrder.get(order.id) ?? [] }));
}

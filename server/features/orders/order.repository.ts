import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses, cartLines, items, orderLines, orders, users } from '../../db/schema';

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

export async function findAddress(db: Db, userId: number, addressId: number) {
  const rows = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .limit(1);
  return rows[0];
}

/** The shopper's cart lines, locked until the transaction ends. */
export function lockCartLines(db: Db, userId: number) {
  return db
    .select({ itemId: cartLines.itemId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.itemId))
    .for('update');
}

/**
 * The items being bought, locked in id order: every checkout takes its locks in the same order,
 * so two checkouts sharing pieces wait for each other instead of deadlocking. NO KEY UPDATE is
 * the FOR UPDATE that only stock changes need: it still excludes other checkouts, but lets
 * shoppers keep adding these pieces to their carts (a foreign-key check) meanwhile.
 */
export function lockItems(db: Db, itemIds: number[]) {
  return db
    .select({
      id: items.id,
      productId: items.productId,
      name: items.name,
      color: items.color,
      size: items.size,
      image: items.image,
      priceCents: items.priceCents,
      stock: items.stock,
    })
    .from(items)
    .where(inArray(items.id, itemIds))
    .orderBy(asc(items.id))
    .for('no key update');
}

export async function nextOrderId(db: Db): Promise<number> {
  const rows = await db
    .select({ id: sql<number>`nextval(pg_get_serial_sequence('orders', 'id'))::int` })
    .from(sql`(SELECT 1) AS one`);
  return Number(rows[0]!.id);
}

export async function insertOrder(db: Db, order: typeof orders.$inferInsert): Promise<void> {
  await db.insert(orders).values(order);
}

export async function insertOrderLines(
  db: Db,
  lines: (typeof orderLines.$inferInsert)[],
): Promise<void> {
  await db.insert(orderLines).values(lines);
}

/**
 * The last writes of a checkout in one statement: the stock taken, the pieces added to the
 * shopper's closet (more of a piece they had, or a new one), and the cart emptied.
 */
export async function settleOrder(
  db: Db,
  userId: number,
  pieces: { itemId: number; productId: number; quantity: number }[],
): Promise<void> {
  const list = (values: number[]) => `{${values.join(',')}}`;
  await db.execute(sql`
    WITH bought AS (
      SELECT * FROM unnest(
        ${list(pieces.map((p) => p.itemId))}::int[],
        ${list(pieces.map((p) => p.productId))}::int[],
        ${list(pieces.map((p) => p.quantity))}::int[]
      ) AS b(item_id, product_id, quantity)
    ),
    stock AS (
      UPDATE items i SET stock = i.stock - b.quantity
        FROM bought b WHERE i.id = b.item_id
      RETURNING i.id
    ),
    closet AS (
      INSERT INTO closet_items (user_id, item_id, product_id, quantity)
      SELECT ${userId}, item_id, product_id, quantity FROM bought
      ON CONFLICT (user_id, item_id) DO UPDATE
        SET quantity = closet_items.quantity + excluded.quantity, last_bought_at = now()
      RETURNING item_id
    ),
    cleared AS (DELETE FROM cart_lines WHERE user_id = ${userId} RETURNING item_id)
    SELECT (SELECT count(*) FROM stock) AS stock, (SELECT count(*) FROM closet) AS closet,
           (SELECT count(*) FROM cleared) AS cleared`);
}

export async function findUserContact(db: Db, userId: number) {
  const rows = await db
    .select({ email: users.email, firstName: users.firstName, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
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

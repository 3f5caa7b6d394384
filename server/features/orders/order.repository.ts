import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  addresses,
  cartLines,
  closetItems,
  items,
  orderLines,
  orders,
  users,
} from '../../db/schema';

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

export async function takeStock(db: Db, itemId: number, quantity: number): Promise<void> {
  await db
    .update(items)
    .set({ stock: sql`${items.stock} - ${quantity}` })
    .where(eq(items.id, itemId));
}

/** What the shopper now owns: more of a piece they had, or a new one. */
export async function addToCloset(
  db: Db,
  userId: number,
  pieces: { itemId: number; productId: number; quantity: number }[],
): Promise<void> {
  await db
    .insert(closetItems)
    .values(pieces.map((p) => ({ userId, ...p })))
    .onConflictDoUpdate({
      target: [closetItems.userId, closetItems.itemId],
      set: {
        quantity: sql`${closetItems.quantity} + excluded.quantity`,
        lastBoughtAt: sql`now()`,
      },
    });
}

export async function clearCart(db: Db, userId: number): Promise<void> {
  await db.delete(cartLines).where(eq(cartLines.userId, userId));
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

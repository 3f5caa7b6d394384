import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses, cartLines, items, paymentSessions } from '../../db/schema';

export type PaymentSessionRow = typeof paymentSessions.$inferSelect;

export interface SessionAddress {
  nickname: string;
  recipientName: string | null;
  phone: string | null;
  streetAddress: string;
  streetAddress2: string | null;
  city: string;
  state: string;
  zip: string;
}

const addressColumns = {
  nickname: addresses.nickname,
  recipientName: addresses.recipientName,
  phone: addresses.phone,
  streetAddress: addresses.streetAddress,
  streetAddress2: addresses.streetAddress2,
  city: addresses.city,
  state: addresses.state,
  zip: addresses.zip,
};

/** The shopper's own address, or undefined. */
export async function findAddress(
  db: Db,
  userId: number,
  addressId: number,
): Promise<SessionAddress | undefined> {
  const rows = await db
    .select(addressColumns)
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .limit(1);
  return rows[0];
}

/** The cart's lines with what the amount and the stock check need. */
export function cartForPayment(db: Db, userId: number) {
  return db
    .select({
      quantity: cartLines.quantity,
      priceCents: items.priceCents,
      stock: items.stock,
      name: items.name,
      color: items.color,
      size: items.size,
    })
    .from(cartLines)
    .innerJoin(items, eq(items.id, cartLines.itemId))
    .where(eq(cartLines.userId, userId));
}

export async function insertSession(
  db: Db,
  values: Omit<PaymentSessionRow, 'createdAt' | 'idempotencyKey' | 'status'>,
): Promise<PaymentSessionRow> {
  const rows = await db
    .insert(paymentSessions)
    .values({ ...values, status: 'pending' })
    .returning();
  return rows[0]!;
}

/** One of the shopper's sessions with the address it ships to (null if removed since). */
export async function findSession(
  db: Db,
  userId: number,
  id: string,
): Promise<{ session: PaymentSessionRow; address: SessionAddress | null } | undefined> {
  const rows = await db
    .select({ session: paymentSessions, address: addressColumns })
    .from(paymentSessions)
    .leftJoin(
      addresses,
      and(eq(addresses.id, paymentSessions.addressId), eq(addresses.userId, userId)),
    )
    .where(and(eq(paymentSessions.id, id), eq(paymentSessions.userId, userId)))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return { session: row.session, address: row.address?.nickname ? row.address : null };
}

/** Moves a session from one status to another; false when it was no longer in `from`. */
export async function moveSession(
  db: Db,
  userId: number,
  id: string,
  from: PaymentSessionRow['status'][],
  to: PaymentSessionRow['status'],
): Promise<boolean> {
  const rows = await db
    .update(paymentSessions)
    .set({ status: to })
    .where(
      and(
        eq(paymentSessions.id, id),
        eq(paymentSessions.userId, userId),
        or(...from.map((status) => eq(paymentSessions.status, status))),
      ),
    )
    .returning({ id: paymentSessions.id });
  return rows.length > 0;
}

/**
 * Spends an approved session on one checkout: only a retry of that same checkout (its
 * idempotency key) may name it again. False when it was already spent on another.
 */
export async function captureSession(
  db: Db,
  userId: number,
  id: string,
  idempotencyKey: string,
): Promise<boolean> {
  const rows = await db
    .update(paymentSessions)
    .set({ status: 'captured', idempotencyKey })
    .where(
      and(
        eq(paymentSessions.id, id),
        eq(paymentSessions.userId, userId),
        sql`(${paymentSessions.status} = 'approved' OR (${paymentSessions.status} = 'captured' AND ${paymentSessions.idempotencyKey} = ${idempotencyKey}))`,
      ),
    )
    .returning({ id: paymentSessions.id });
  return rows.length > 0;
}

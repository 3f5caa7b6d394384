import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses } from '../../db/schema';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Pick<
  AddressRow,
  | 'nickname'
  | 'recipientName'
  | 'phone'
  | 'streetAddress'
  | 'streetAddress2'
  | 'city'
  | 'state'
  | 'zip'
>;

export function listAddresses(db: Db, userId: number): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.preferred), desc(addresses.createdAt), desc(addresses.id));
}

export async function countAddresses(db: Db, userId: number): Promise<number> {
  const rows = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return Number(rows[0]?.n ?? 0);
}

/** Clears the preferred flag on the shopper's other addresses (all of them when keep is null). */
export async function clearPreferred(db: Db, userId: number, keep: number | null): Promise<void> {
  const mine = and(eq(addresses.userId, userId), eq(addresses.preferred, true));
  await db
    .update(addresses)
    .set({ preferred: false })
    .where(keep === null ? mine : and(mine, ne(addresses.id, keep)));
}

export async function insertAddress(
  db: Db,
  userId: number,
  values: AddressValues & { preferred: boolean },
): Promise<AddressRow> {
  const rows = await db
    .insert(addresses)
    .values({ userId, ...values })
    .returning();
  return rows[0]!;
}

export async function updateAddress(
  db: Db,
  userId: number,
  id: number,
  values: Partial<AddressValues & { preferred: boolean }>,
): Promise<AddressRow | undefined> {
  const rows = await db
    .update(addresses)
    .set(values)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return rows[0];
}

export async function deleteAddress(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return rows.length > 0;
}

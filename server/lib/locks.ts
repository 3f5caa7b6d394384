import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/**
 * Serialises one shopper's writes that must see each other (checkout, choosing the preferred
 * address) for the rest of the transaction. NO KEY UPDATE, unlike UPDATE, does not block rows
 * that merely reference the user (sessions, cart lines) from being written meanwhile.
 */
export async function lockShopper(tx: Db, userId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return rows.length > 0;
}

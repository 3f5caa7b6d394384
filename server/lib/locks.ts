import { eq, sql } from 'drizzle-orm';
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

/** The advisory lock class of the first administrator's registration (0013 uses 7301). */
const FIRST_ADMIN_LOCK_CLASS = 7302;

/**
 * Makes registrations that would create the first administrator take turns until the
 * transaction ends, so "no admin exists yet" is checked and acted on by one of them at a time.
 */
export async function lockFirstAdmin(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_CLASS}, 0)`);
}

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Every advisory lock Drape takes, by class. `feedQueue` is also written in the swipe trigger
 * (0025_feed_announcements_typed.sql), `closets` and `outfitWords` in theirs; locks.test.ts checks
 * that the two agree.
 */
export const LOCK = {
  /** Swipes (shared, in their trigger) and queue writes (exclusive), per shopper. */
  feedQueue: 7301,
  /** Registrations that would create the first administrator. */
  firstAdmin: 7302,
  /** One process migrates at a time (a session-level lock, not a class pair). */
  migrations: 720_411,
  /**
   * The closets (0027): shared by a shopper's purchase, exclusive for an outfit's pieces changed
   * (a single key, not a class pair; the pair (27027, shopper) is one shopper's closet).
   */
  closets: 27_027,
  /**
   * An outfit's words (0052): taken before any row their triggers read is locked, by a catalogue
   * change and by an outfit's change (before the closets), so each reads what the other committed.
   */
  outfitWords: 7303,
} as const;

/**
 * Makes registrations that would create the first administrator take turns until the
 * transaction ends, so "no admin exists yet" is checked and acted on by one of them at a time.
 */
export async function lockFirstAdmin(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK.firstAdmin}, 0)`);
}

/**
 * Takes the outfit words, then every closet, until the transaction ends, before anything else an
 * administrator's creation, change or deletion of an outfit writes. Their triggers take both
 * again (0027, 0052); a transaction holding rows by then (the catalogue's version, a new search
 * word, shoppers' favourite tallies) could deadlock with a purchase, a catalogue change or
 * another outfit's change holding one of them. The words come first: a catalogue change waiting
 * for a purchase's rows may hold them, and a purchase waits for the closets.
 */
export async function lockOutfitChange(tx: Db): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${LOCK.outfitWords}), pg_advisory_xact_lock(${LOCK.closets})`,
  );
}

/**
 * Takes the shopper's queue until the transaction ends, so a queue write and the swipes under
 * way take turns (each swipe on an outfit the new queue holds is then announced).
 */
export async function lockFeedQueue(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK.feedQueue}, ${userId}::int)`);
}

import { randomInt } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { SwipeDirection } from '../../../contracts/feed';
import {
  type Db,
  idArray,
  queryPrepared,
  rowsOf,
  type SqlClient,
  withoutDiskWait,
} from '../../db/client';
import { lockFeedQueue } from '../../lib/locks';
import { catalogueShape } from './catalogue-shape';
import {
  type PlacedBy,
  PROFILE,
  type RankingOptions,
  rankCandidates,
  type ShopperHistory,
} from './ranking';
import { POPULAR, type QueuedReason, queuedReason } from './reasons';

/** An outfit ranked or queued, and what placed it. */
export interface RankedOutfit {
  id: number;
  reason: QueuedReason;
}

/** What a ranking reads of a shopper, with the catalogue's version it is to be ranked at. */
export interface ShopperRead {
  version: number;
  history: ShopperHistory;
}

/** A shopper who has swiped and hearted nothing: what a shared first ranking starts from. */
export const NO_HISTORY: ShopperHistory = { recent: [], hearts: [], swiped: new Set() };

/**
 * The best unswiped, fully in-stock outfits for this history, each with what placed it: ranked
 * in memory (ranking.ts), then checked for stock. A sampled ranking that comes back short of
 * `atLeast` (a shopper who swiped nearly everything) is made again over every outfit.
 */
export async function rankFeed(
  client: SqlClient,
  { version, history }: ShopperRead,
  { limit, atLeast = 0, ...options }: Partial<RankingOptions> & { limit: number; atLeast?: number },
): Promise<RankedOutfit[]> {
  const shape = await catalogueShape(client, version);
  // A shopper's first swipes or hearts may all be on outfits gone since: no signal, no taste.
  const learning =
    history.recent.some((s) => shape.outfits.has(s.outfitId)) ||
    history.hearts.some((id) => shape.item(id) !== undefined);
  const seed = options.seed ?? randomInt(1, 2_147_483_647);
  const rank = async (exhaustive: boolean) => {
    const placedBy = new Map<number, PlacedBy>();
    const ranking = { ...options, seed, exclude: options.exclude ?? [], exhaustive };
    const ranked = rankCandidates(shape, history, ranking, placedBy);
    const rows = ranked.length > 0 ? await firstWhollyInStock(client, ranked, limit) : [];
    return rows.map((row) => ({
      id: row.id,
      reason: queuedReason(placedBy.get(row.id), row, learning),
    }));
  };
  const ids = await rank(options.exhaustive ?? false);
  return !options.exhaustive && ids.length < atLeast ? rank(true) : ids;
}

/**
 * The catalogue's version and the shopper's history in one statement, from indexes alone: swipes
 * from (user_id, created_at) with outfit and direction (0021), hearts from their index (0018).
 * Outfits liked and then unfavourited (0064) are left out of the feed but teach the taste nothing.
 */
export async function readHistory(client: SqlClient, userId: number): Promise<ShopperRead> {
  const recentSwipes = sql.raw(String(PROFILE.swipes));
  const rows = await queryPrepared<{ kind: 'v' | 'r' | 's' | 'h'; id: string; liked: boolean }>(
    client,
    'feed_history',
    sql`SELECT 'v' AS kind, version AS id, false AS liked FROM catalogue_version
        UNION ALL
        (SELECT 'r', outfit_id, direction = 'like' FROM swipes
          WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT ${recentSwipes})
        UNION ALL
        (SELECT 's', outfit_id, false FROM swipes
          WHERE user_id = ${userId} ORDER BY created_at DESC OFFSET ${recentSwipes})
        UNION ALL
        SELECT 's', outfit_id, false FROM unfavorited_outfits WHERE user_id = ${userId}
        UNION ALL
        (SELECT 'h', item_id, false FROM item_favorites
          WHERE user_id = ${userId} AND source = 'heart'
          ORDER BY created_at DESC LIMIT ${sql.raw(String(PROFILE.hearts))})`,
  );
  let version = 0;
  const recent: { outfitId: number; like: boolean }[] = [];
  const hearts: number[] = [];
  const swiped = new Set<number>();
  for (const { kind, id, liked } of rows) {
    if (kind === 'v') version = Number(id);
    else if (kind === 'h') hearts.push(Number(id));
    else swiped.add(Number(id));
    if (kind === 'r') recent.push({ outfitId: Number(id), like: liked });
  }
  return { version, history: { recent, hearts, swiped } };
}

/**
 * The first `limit` of `ranked` with no piece out of stock, in order, with what a reason may
 * name (added this week; liked by many, 0028). `OFFSET 0` stops the stock check at the page.
 */
async function firstWhollyInStock(
  client: SqlClient,
  ranked: readonly number[],
  limit: number,
): Promise<{ id: number; fresh: boolean; popular: boolean }[]> {
  return queryPrepared(
    client,
    'feed_in_stock',
    sql`SELECT r.id,
               o.created_at > now() - interval '7 days' AS fresh,
               coalesce(a.likes >= ${sql.raw(String(POPULAR.likes))} AND a.likes > a.rejects, false)
                 AS popular
          FROM (SELECT id, n FROM unnest(${idArray(ranked)}::int[]) WITH ORDINALITY AS c(id, n)
                 ORDER BY n OFFSET 0) r
          JOIN outfits o ON o.id = r.id
          LEFT JOIN outfit_answers a ON a.outfit_id = r.id
         WHERE NOT EXISTS (
                 SELECT 1 FROM outfit_items oi JOIN items i ON i.id = oi.item_id
                  WHERE oi.outfit_id = r.id AND i.stock = 0
               )
         ORDER BY r.n
         LIMIT ${sql.raw(String(Math.trunc(limit)))}`,
  );
}

export interface QueuedOutfit extends RankedOutfit {
  position: number;
  /** When the queue was ranked (ms since epoch). */
  filledAt: number;
}

/** A shopper's queue as a page reads it; a first visit needs no other read. */
export interface QueueRead {
  outfits: readonly QueuedOutfit[];
  /** The queue's first and last places, swiped or not: how much was swiped, and is left. */
  firstPlace: number | null;
  last: number | null;
  /** Whether the shopper has swiped, hearted or unfavourited anything. */
  tasted: boolean;
  version: number;
}

type QueueRow = { [K in keyof QueuedOutfit]: QueuedOutfit[K] | null } & {
  firstPlace: number | null;
  last: number | null;
  tasted: boolean;
  version: string;
};

/** The shopper's queue (0007), best first, less what was swiped since it was ranked. */
export async function readQueue(client: SqlClient, userId: number): Promise<QueueRead> {
  // One row when nothing waits (its outfit columns null), so tasted and version always come.
  const rows = await queryPrepared<QueueRow>(
    client,
    'feed_queue_waiting',
    sql`SELECT w.*, v.version,
               EXISTS (SELECT 1 FROM swipes s WHERE s.user_id = ${userId})
               OR EXISTS (SELECT 1 FROM item_favorites f
                           WHERE f.user_id = ${userId} AND f.source = 'heart')
               -- A shared opening could hold an outfit the shopper unfavourited.
               OR EXISTS (SELECT 1 FROM unfavorited_outfits u WHERE u.user_id = ${userId})
                 AS tasted
          FROM catalogue_version v
          LEFT JOIN LATERAL (
            SELECT q.outfit_id AS id, q.position, q.reason,
                   (extract(epoch FROM q.filled_at) * 1000)::float8 AS "filledAt",
                   (SELECT min(l.position) FROM feed_queue l WHERE l.user_id = ${userId}) AS "firstPlace",
                   (SELECT max(l.position) FROM feed_queue l WHERE l.user_id = ${userId}) AS last
              FROM feed_queue q
             WHERE q.user_id = ${userId}
               -- OFFSET 0: a primary-key probe per queued outfit, not a read of every swipe.
               AND NOT EXISTS (
                     SELECT 1 FROM swipes s
                      WHERE s.user_id = ${userId} AND s.outfit_id = q.outfit_id
                     OFFSET 0
                   )
          ) w ON true
         ORDER BY w.position`,
  );
  const [first] = rows;
  return {
    outfits: rows.flatMap(({ id, position, filledAt, reason }) =>
      id === null ? [] : [{ id, position: position!, filledAt: filledAt!, reason: reason! }],
    ),
    firstPlace: first?.firstPlace ?? null,
    last: first?.last ?? null,
    tasted: first?.tasted ?? true,
    version: Number(first?.version ?? 0),
  };
}

/** The likes a ranking read: a queue ranked with them is kept only while each still stands. */
export const likesRead = (read: ShopperRead): number[] =>
  read.history.recent.filter((swipe) => swipe.like).map((swipe) => swipe.outfitId);

/**
 * Makes `ranked` the shopper's queue, in order, with reasons; outfits deleted or unfavourited
 * meanwhile are skipped. It takes turns with the shopper's swipes (0025), so each swipe on it is
 * announced. Nothing is stored when one of `likes`, those the ranking read, was taken back
 * meanwhile: its reasons could name the like (an undo forgets the queue, and a ranking read
 * before the undo must not bring it back).
 */
export async function storeQueue(
  db: Db,
  userId: number,
  ranked: readonly RankedOutfit[],
  likes: readonly number[] = [],
) {
  const list = idArray(ranked.map((r) => r.id));
  const reasons = JSON.stringify(ranked.map((r) => r.reason));
  await db.transaction(async (tx) => {
    await lockFeedQueue(tx, userId);
    await tx.execute(sql`
    WITH standing AS (
      SELECT NOT EXISTS (
               SELECT 1 FROM unnest(${idArray(likes)}::int[]) AS l (outfit_id)
                WHERE NOT EXISTS (SELECT 1 FROM swipes s
                                   WHERE s.user_id = ${userId} AND s.outfit_id = l.outfit_id
                                     AND s.direction = 'like')) AS ok
    ),
    gone AS (
      DELETE FROM feed_queue q
       WHERE q.user_id = ${userId} AND q.outfit_id <> ALL(${list}::int[])
         AND (SELECT ok FROM standing)
    )
    INSERT INTO feed_queue (user_id, outfit_id, position, filled_at, reason)
    SELECT ${userId}, t.outfit_id, t.position, now(), r.reason
      FROM unnest(${list}::int[]) WITH ORDINALITY AS t (outfit_id, position)
      JOIN jsonb_array_elements(${reasons}::jsonb) WITH ORDINALITY AS r (reason, position)
        ON r.position = t.position
      JOIN outfits o ON o.id = t.outfit_id
     WHERE (SELECT ok FROM standing)
       AND NOT EXISTS (SELECT 1 FROM unfavorited_outfits u
                        WHERE u.user_id = ${userId} AND u.outfit_id = t.outfit_id)
        ON CONFLICT (user_id, outfit_id)
        DO UPDATE SET position = excluded.position, filled_at = excluded.filled_at,
                      reason = excluded.reason`);
  });
}

export interface FirstSwipe {
  userId: number;
  outfitId: number;
  direction: SwipeDirection;
}

/** `exists` is false for an unknown outfit; `inserted` false when a swipe was already there. */
export type FirstSwipeOutcome = { exists: boolean; inserted: boolean };

/**
 * First swipes of several shoppers in one statement, outcomes in the order asked. Rows go in in
 * shopper order, so statements of two processes lock shoppers alike.
 */
export async function recordFirstSwipes(
  client: SqlClient,
  batch: readonly FirstSwipe[],
): Promise<FirstSwipeOutcome[]> {
  const rows = await queryPrepared<FirstSwipeOutcome>(
    client,
    'feed_first_swipes',
    // The arrays hidden from the planner (`(SELECT …)`), as the kept plan has them: seeing a
    // batch shorter than the kept plan's guess, PostgreSQL planned the statement at every call.
    sql`WITH wanted AS (
          SELECT * FROM unnest((SELECT ${idArray(batch.map((s) => s.userId))}::int[]),
                               (SELECT ${idArray(batch.map((s) => s.outfitId))}::int[]),
                               (SELECT ${`{${batch.map((s) => s.direction).join(',')}}`}::text[]))
                        WITH ORDINALITY AS w(user_id, outfit_id, direction, n)
        ),
        swiped AS (
          INSERT INTO swipes (user_id, outfit_id, direction, created_at, occasion_id)
          SELECT w.user_id, o.id, w.direction, clock_timestamp(), o.occasion_id
            FROM wanted w JOIN outfits o ON o.id = w.outfit_id
           ORDER BY w.user_id
             -- An outfit being moved to another occasion: wait for it, then read the new one.
             FOR KEY SHARE OF o
          ON CONFLICT DO NOTHING
          RETURNING user_id, outfit_id
        )
        SELECT o.id IS NOT NULL AS exists,
               EXISTS (SELECT 1 FROM swiped s
                        WHERE s.user_id = w.user_id AND s.outfit_id = w.outfit_id) AS inserted,
               ${withoutDiskWait} AS "withoutDiskWait"
          FROM wanted w LEFT JOIN outfits o ON o.id = w.outfit_id
         ORDER BY w.n`,
  );
  return rows.map(({ exists, inserted }) => ({ exists, inserted }));
}

/** The shopper's swipes, or their swipe on one outfit. */
const swipeOf = (userId: number, outfitId?: number) =>
  outfitId === undefined
    ? sql`user_id = ${userId}`
    : sql`user_id = ${userId} AND outfit_id = ${outfitId}`;

type LockedSwipe = { outfitId: number; direction: SwipeDirection };

/** The shopper's swipe on this outfit, locked until the transaction ends. */
export async function lockSwipe(
  db: Db,
  userId: number,
  outfitId: number,
): Promise<LockedSwipe | undefined> {
  const [row] = await rowsOf<LockedSwipe>(
    db,
    sql`SELECT outfit_id AS "outfitId", direction FROM swipes
         WHERE ${swipeOf(userId, outfitId)} FOR UPDATE`,
  );
  return row;
}

/**
 * The shopper's latest swipe that undo may take back, locked until the transaction ends: none
 * from before they last brought back their passed outfits (0061). A concurrent undo moves on to
 * the swipe before.
 */
export async function lockLatestUndoable(db: Db, userId: number): Promise<LockedSwipe | undefined> {
  const [row] = await rowsOf<LockedSwipe>(
    db,
    sql`SELECT outfit_id AS "outfitId", direction FROM swipes
         WHERE ${swipeOf(userId)}
           AND created_at > coalesce((SELECT restored_at FROM passed_outfits_restored
                                       WHERE user_id = ${userId}), '-infinity')
         ORDER BY created_at DESC, outfit_id DESC LIMIT 1 FOR UPDATE`,
  );
  return row;
}

/** How many of the like's pieces still follow from it rather than being rows of their own (0015). */
const countFollowingPieces = (userId: number, outfitId: number) =>
  sql`SELECT count(*) FROM favorite_pieces p
       WHERE p.user_id = ${userId} AND p.outfit_id = ${outfitId} AND NOT p.written`;

/**
 * Takes back the shopper's latest swipe in one statement when it is a pass, which leaves nothing
 * else behind: the outfit it took back, or undefined when the latest is a like (its pieces go
 * with it, under `lockSwipe`), when there is none, or when a concurrent write took it first.
 */
export async function deleteLatestIfPass(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await rowsOf<{ outfitId: number }>(
    db,
    sql`DELETE FROM swipes
         WHERE ${swipeOf(userId)} AND direction = 'nope' AND ${withoutDiskWait}
           AND outfit_id = (SELECT outfit_id FROM swipes WHERE user_id = ${userId}
                             ORDER BY created_at DESC, outfit_id DESC LIMIT 1)
        RETURNING outfit_id AS "outfitId"`,
  );
  return row?.outfitId;
}

/**
 * Takes back the shopper's like of this outfit in one statement when its pieces still follow from
 * it (none written out as rows of their own, 0015), so nothing else goes with it, and keeps the
 * outfit out of the feed (`keepOutOfFeed`): how many pieces it brought, counted as
 * `removeOutfitPieces` counts them, or undefined when there is no such like (none, a pass, pieces
 * written out, or a concurrent write took it first).
 */
export async function deleteLikeIfPiecesFollow(
  db: Db,
  userId: number,
  outfitId: number,
): Promise<number | undefined> {
  // The count reads the statement's snapshot, from before the delete: the like's pieces.
  const [row] = await rowsOf<{ deleted: number; pieces: number }>(
    db,
    sql`WITH outfit AS (${outfitKeyLocked(outfitId)}),
        gone AS (
          DELETE FROM swipes
           WHERE ${swipeOf(userId, outfitId)} AND direction = 'like' AND NOT pieces_written
             AND EXISTS (SELECT 1 FROM outfit) AND ${withoutDiskWait}
          RETURNING outfit_id),
        ${leftOutOfFeed(userId, sql`gone`)}
        SELECT (SELECT count(*) FROM gone)::int AS deleted,
               (${countFollowingPieces(userId, outfitId)})::int AS pieces`,
  );
  return row?.deleted ? row.pieces : undefined;
}

/**
 * The outfit's row locked against its deletion, as a row of `unfavorited_outfits` referring to it
 * will lock it: first, since a deletion locks the outfit and then its swipes.
 */
const outfitKeyLocked = (outfitId: number) =>
  sql`SELECT id FROM outfits WHERE id = ${outfitId} FOR KEY SHARE`;

/** Locks the outfit as `outfitKeyLocked` says; false when there is no such outfit. */
export async function lockOutfitKey(db: Db, outfitId: number): Promise<boolean> {
  return (await rowsOf(db, outfitKeyLocked(outfitId))).length > 0;
}

/**
 * CTEs keeping each outfit of `taken` (a relation of `outfit_id`s, likes just taken back) out of
 * the shopper's feed until passes come back, and out of the queue now: a page read before the
 * queue is emptied must not offer it.
 */
const leftOutOfFeed = (userId: number, taken: SQL) =>
  sql`unfavorited AS (
          INSERT INTO unfavorited_outfits (user_id, outfit_id)
          SELECT ${userId}, outfit_id FROM ${taken}
              ON CONFLICT (user_id, outfit_id) DO NOTHING),
        dequeued AS (
          DELETE FROM feed_queue
           WHERE user_id = ${userId} AND outfit_id IN (SELECT outfit_id FROM ${taken}))`;

/** Keeps an outfit whose like the shopper took back out of their feed, till passes come back. */
export async function keepOutOfFeed(db: Db, userId: number, outfitId: number) {
  await rowsOf(
    db,
    sql`WITH taken AS (SELECT ${outfitId}::int AS outfit_id WHERE ${withoutDiskWait}),
        ${leftOutOfFeed(userId, sql`taken`)}
        SELECT 1`,
  );
}

/** Turns a swipe around; a like made afresh brings the outfit's own pieces again. */
export async function changeSwipe(db: Db, userId: number, outfitId: number, to: SwipeDirection) {
  await rowsOf(
    db,
    sql`UPDATE swipes SET direction = ${to}, pieces_written = false, created_at = clock_timestamp()
         WHERE ${swipeOf(userId, outfitId)} AND ${withoutDiskWait}`,
  );
}

/** Deletes the shopper's swipe on the outfit (only if it is `direction`, when given). */
export async function deleteSwipe(
  db: Db,
  userId: number,
  outfitId: number,
  direction?: SwipeDirection,
) {
  const rows = await rowsOf(
    db,
    sql`DELETE FROM swipes WHERE ${swipeOf(userId, outfitId)}
           ${direction ? sql`AND direction = ${direction}` : sql``} AND ${withoutDiskWait}
        RETURNING outfit_id`,
  );
  return rows.length > 0;
}

/**
 * Takes back every left swipe and every unfavourited outfit's exclusion, and empties the queue
 * (likes stay), in one call of `restore_passed_outfits` (0047, 0064), which empties the queue
 * under `LOCK.feedQueue`; how many outfits came back.
 */
export async function deletePassedSwipes(client: SqlClient, userId: number): Promise<number> {
  const [row] = await queryPrepared<{ restored: number }>(
    client,
    'restore_passed_outfits',
    sql`SELECT restore_passed_outfits(${userId}) AS restored WHERE ${withoutDiskWait}`,
  );
  return row?.restored ?? 0;
}

/**
 * Empties the shopper's queue in one call of `forget_feed_queue` (0060), under `LOCK.feedQueue`:
 * a queue ranked with a like since taken back is ranked again at the next page.
 */
export async function forgetQueue(db: Db, userId: number): Promise<void> {
  await rowsOf(db, sql`SELECT forget_feed_queue(${userId})`);
}

/**
 * Takes out the pieces a like brought along (in whatever variant they were moved to) and counts
 * them with those still following from the like: call it before the like goes.
 */
export async function removeOutfitPieces(db: Db, userId: number, outfitId: number) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`
    WITH removed AS (
      DELETE FROM item_favorites
       WHERE user_id = ${userId} AND outfit_id = ${outfitId} AND source = 'outfit'
      RETURNING 1
    )
    SELECT ((SELECT count(*) FROM removed) +
            (${countFollowingPieces(userId, outfitId)}))::int AS n`,
  );
  return row?.n ?? 0;
}

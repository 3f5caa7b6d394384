import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SwipeDirection } from '../../../contracts/feed';
import type { Outfit } from '../../../contracts/outfit';
import { type Db, queryPrepared, rowsOf, type SqlClient } from '../../db/client';
import { itemFavorites, items, outfitItems, outfits, swipes } from '../../db/schema';
import { CARD_COLUMNS, CARD_JOINS, type CardRow, cardsOf } from '../../lib/outfits';
import type { HeartRow } from '../../lib/shopper-hearts';

/**
 * The taste model. A shopper's swipes and hearts are signals on pieces; every candidate piece
 * earns points for sharing the exact item, the product, the category in the same colour, or
 * just the colour with a signal, and the outfit for sharing its occasion. Likes count +1, a
 * heart (a deliberate choice of one piece) +1.5, a nope -0.5 (a nope is a verdict on the whole
 * look, weaker evidence against each of its pieces). Slots are weighted by how much of the look
 * they make: the coat is the first thing anyone sees, the accessory the last.
 */
export const TASTE = {
  like: 1,
  nope: -0.5,
  heart: 1.5,
  item: 3,
  product: 2,
  categoryColor: 1.5,
  color: 0.5,
  occasion: 2,
  slot: { outerwear: 1.5, top: 1.2, bottom: 1, footwear: 0.8, accessory: 0.6 },
  /**
   * Largest random nudge per outfit; scores are normalised per signal, so this stays small. Kept
   * no larger than the occasion spread, so a shopper with no history gets strict round-robin.
   */
  jitter: 0.1,
  /**
   * Subtracted per better candidate from the same occasion, so a page mixes occasions. A sold-out
   * candidate counts too (stock is checked after the ranking, see rankFeed), which can only push
   * its occasion's next outfit back a round.
   */
  occasionSpread: 0.1,
} as const;

/**
 * How many candidates each source may add before scoring (see rankFeed). In a catalogue of up to
 * `exactUpTo` outfits, the `explore` explored ones are the first unswiped outfits in a seeded
 * order of them all (every one, while no more than `explore` are left, so the ranking is exact);
 * in a larger one they come from `explore` seeded draws of ids, which cost a few index lookups
 * however large the catalogue grows.
 */
export const POOL = {
  items: 40,
  products: 12,
  looks: 3,
  perLook: 30,
  explore: 100,
  exactUpTo: 1_000,
} as const;

/**
 * Taste follows the latest swipes and hearts: it drifts, and a history of thousands must not
 * make every feed request read all of it.
 */
export const PROFILE = { swipes: 300, hearts: 150 } as const;

/**
 * Ids of the best unswiped, fully in-stock outfits for this shopper, best first. One statement
 * in three steps: the taste profile from the shopper's own swipes and hearts (a few thousand
 * rows at most); a capped pool of candidates found through indexes; and the full score for
 * those candidates only. Swiped outfits are dropped through the swipes primary key, and the
 * stock of the best is checked, in order, until the page is full. Everything but that check and
 * the hearts reads outfit_items' key alone, never the items heap (0019). A catalogue small
 * enough for the exploration sample to hold every unswiped outfit is ranked exactly.
 */
export async function rankFeed(
  client: SqlClient,
  options: {
    userId: number;
    limit: number;
    exclude: readonly number[];
    seed: number;
    /**
     * Explore in a seeded order of every unswiped outfit, as in a small catalogue, whatever the
     * catalogue's size: the retry of a sampled page that came back short, whose draws can miss
     * the last few unswiped outfits.
     */
    exhaustive?: boolean;
    /** Catalogues up to this many outfits explore a seeded order of them all (tests lower it). */
    exactUpTo?: number;
  },
): Promise<number[]> {
  const { userId, limit, seed } = options;
  const exhaustive = sql.raw(options.exhaustive ? 'true' : 'false');
  const exclude = `{${options.exclude.join(',')}}`;
  const s = TASTE.slot;
  // The model's constants are part of the statement, so the planner sees plain numbers: counts
  // as integers, weights as float8 (a numeric constant would be turned into a float8 for every
  // row, through its text).
  const n = (value: number) => sql.raw(value.toFixed(0));
  const w = (value: number) => sql.raw(`${value.toFixed(4)}::float8`);
  const exactUpTo = n(options.exactUpTo ?? POOL.exactUpTo);
  // Prepared, so that one plan serves every shopper: planning this statement costs about 2.5 ms,
  // a third of running it at full benchmark size (7 ms a ranking with the plan kept, 11 ms
  // planned each time). PostgreSQL keeps a plan only while it looks no dearer than the plans
  // made for each call, which a page size sent as a parameter defeated (the plan's cost depends
  // on it), so the page size is part of the text too: a statement per size asked for (a page
  // and one more, at most 31, or a queue of 100).
  const rows = await queryPrepared<{ outfit_id: number }>(
    client,
    'feed_rank',
    sql`
    WITH swiped AS (
      SELECT s.outfit_id,
             CASE WHEN s.direction = 'like' THEN ${w(TASTE.like)} ELSE ${w(TASTE.nope)} END AS w
        FROM swipes s
       WHERE s.user_id = ${userId}
       ORDER BY s.created_at DESC
       LIMIT ${n(PROFILE.swipes)}
    ),
    hearts AS (
      SELECT f.item_id, ${w(TASTE.heart)} AS w
        FROM item_favorites f
       WHERE f.user_id = ${userId} AND f.source = 'heart'
       ORDER BY f.created_at DESC
       LIMIT ${n(PROFILE.hearts)}
    ),
    -- The LATERAL ... OFFSET 0 subqueries keep these joins as a few index lookups per outfit;
    -- left to itself the planner hashes whole tables for a few thousand rows.
    signals AS (
      SELECT pc.item_id, pc.product_id, pc.category_id, pc.color, sw.w
        FROM swiped sw
       CROSS JOIN LATERAL (
               SELECT oi.item_id, oi.product_id, oi.category_id, oi.color
                 FROM outfit_items oi
                WHERE oi.outfit_id = sw.outfit_id
               OFFSET 0
             ) pc
      UNION ALL
      SELECT i.id, i.product_id, i.category_id, i.color, h.w
        FROM hearts h
       CROSS JOIN LATERAL (
               SELECT i.id, i.product_id, i.category_id, i.color FROM items i WHERE i.id = h.item_id
               OFFSET 0
             ) i
    ),
    norm AS (
      SELECT greatest((SELECT count(*) FROM swiped) + (SELECT count(*) FROM hearts), 1)::float8 AS n
    ),
    t_item AS (SELECT item_id, sum(w) AS w FROM signals GROUP BY item_id),
    t_product AS (SELECT product_id, sum(w) AS w FROM signals GROUP BY product_id),
    t_look AS (SELECT category_id, color, sum(w) AS w FROM signals GROUP BY category_id, color),
    t_color AS (SELECT color, sum(w) AS w FROM signals GROUP BY color),
    t_occasion AS (
      SELECT o.occasion_id, sum(sw.w) AS w
        FROM swiped sw JOIN outfits o ON o.id = sw.outfit_id
       GROUP BY o.occasion_id
    ),
    -- Candidate generation: outfits sharing the shopper's strongest liked pieces, products and
    -- looks, plus a seeded sample of everything unswiped (exploration, and all a new shopper
    -- gets). Each source is capped, so the scoring below reads a few thousand rows, never the
    -- whole catalogue.
    outfit_span AS (SELECT greatest(coalesce(max(id), 1), 1) AS max_id FROM outfits),
    item_pivot AS (
      SELECT 1 + (hashtext('look:' || ${seed}::int::text) & 2147483647)
                 % greatest(coalesce(max(id), 1), 1) AS pivot
        FROM items
    ),
    unswiped AS (
      SELECT o.id AS outfit_id
        FROM outfits o
       WHERE NOT EXISTS (
               SELECT 1 FROM swipes s WHERE s.user_id = ${userId} AND s.outfit_id = o.id
             )
         AND o.id <> ALL(${exclude}::int[])
    ),
    pool AS (
      SELECT oi.outfit_id
        FROM (SELECT item_id FROM t_item WHERE w > 0 ORDER BY w DESC, item_id LIMIT ${n(POOL.items)}) k
        JOIN outfit_items oi ON oi.item_id = k.item_id
      UNION
      SELECT oi.outfit_id
        FROM (SELECT product_id FROM t_product WHERE w > 0 ORDER BY w DESC, product_id LIMIT ${n(POOL.products)}) k
        JOIN items i ON i.product_id = k.product_id
        JOIN outfit_items oi ON oi.item_id = i.id
      UNION
      SELECT oi.outfit_id
        FROM (SELECT category_id, color FROM t_look WHERE w > 0 ORDER BY w DESC, category_id, color LIMIT ${n(POOL.looks)}) k
       CROSS JOIN LATERAL (
               -- The look's items from a seeded id onwards, wrapping round to the start.
               SELECT y.id FROM (
                 (SELECT i.id FROM items i
                   WHERE i.category_id = k.category_id AND i.color = k.color AND i.id >= (SELECT pivot FROM item_pivot)
                   ORDER BY i.id LIMIT ${n(POOL.perLook)})
                 UNION ALL
                 (SELECT i.id FROM items i
                   WHERE i.category_id = k.category_id AND i.color = k.color AND i.id < (SELECT pivot FROM item_pivot)
                   ORDER BY i.id LIMIT ${n(POOL.perLook)})
               ) y
               LIMIT ${n(POOL.perLook)}
             ) x
        JOIN outfit_items oi ON oi.item_id = x.id
      UNION
      (SELECT u.outfit_id FROM unswiped u
        WHERE ${exhaustive} OR (SELECT max_id FROM outfit_span) <= ${exactUpTo}
        ORDER BY hashtext(u.outfit_id::text || ':' || ${seed}::int::text)
        LIMIT ${n(POOL.explore)})
      UNION
      (SELECT o.id
         FROM generate_series(1, ${n(POOL.explore)}) g
        CROSS JOIN LATERAL (
                SELECT o.id FROM outfits o
                 WHERE o.id = 1 + (hashtext(g::text || ':' || ${seed}::int::text) & 2147483647)
                                  % (SELECT max_id FROM outfit_span)
                OFFSET 0
              ) o
        WHERE NOT ${exhaustive} AND (SELECT max_id FROM outfit_span) > ${exactUpTo}
          AND NOT EXISTS (
                SELECT 1 FROM swipes s WHERE s.user_id = ${userId} AND s.outfit_id = o.id
              )
          AND o.id <> ALL(${exclude}::int[]))
    ),
    -- Materialised on purpose: the five pieces of each pool outfit are fetched once, from the
    -- outfit's range of outfit_items' key (which holds all the ranking weighs, 0019), and only
    -- then hash-joined with the (small) taste tables.
    pool_pieces AS MATERIALIZED (
      SELECT p.outfit_id, pc.item_id, pc.slot, pc.product_id, pc.category_id, pc.color
        FROM pool p
       CROSS JOIN LATERAL (
               SELECT oi.item_id, oi.slot, oi.product_id, oi.category_id, oi.color
                 FROM outfit_items oi
                WHERE oi.outfit_id = p.outfit_id
               OFFSET 0
             ) pc
       WHERE NOT EXISTS (
               SELECT 1 FROM swipes s WHERE s.user_id = ${userId} AND s.outfit_id = p.outfit_id
             )
         AND p.outfit_id <> ALL(${exclude}::int[])
    ),
    candidates AS (
      SELECT pp.outfit_id,
             sum(
               CASE pp.slot
                 WHEN 'outerwear' THEN ${w(s.outerwear)} WHEN 'top' THEN ${w(s.top)}
                 WHEN 'bottom' THEN ${w(s.bottom)} WHEN 'footwear' THEN ${w(s.footwear)}
                 ELSE ${w(s.accessory)} END
               * (${w(TASTE.item)} * coalesce(ti.w, 0) + ${w(TASTE.product)} * coalesce(tp.w, 0)
                  + ${w(TASTE.categoryColor)} * coalesce(tl.w, 0) + ${w(TASTE.color)} * coalesce(tc.w, 0))
             ) AS piece_score
        FROM pool_pieces pp
        LEFT JOIN t_item ti ON ti.item_id = pp.item_id
        LEFT JOIN t_product tp ON tp.product_id = pp.product_id
        LEFT JOIN t_look tl ON tl.category_id = pp.category_id AND tl.color = pp.color
        LEFT JOIN t_color tc ON tc.color = pp.color
       GROUP BY pp.outfit_id
    ),
    scored AS (
      SELECT c.outfit_id, o.occasion_id,
             (c.piece_score + ${w(TASTE.occasion)} * coalesce(tocc.w, 0)) / norm.n
             + CASE WHEN ${seed}::int = 0 THEN 0
                    ELSE (hashtext(c.outfit_id::text || ':' || ${seed}::int::text) & 65535)::float8
                         / 65536 * ${w(TASTE.jitter)} END AS score
        FROM candidates c
        -- A lookup per candidate: joined plainly, the planner reads all of outfits to hash it.
       CROSS JOIN LATERAL (SELECT o.occasion_id FROM outfits o WHERE o.id = c.outfit_id OFFSET 0) o
        LEFT JOIN t_occasion tocc ON tocc.occasion_id = o.occasion_id
       CROSS JOIN norm
    ),
    ranked AS (
      SELECT outfit_id,
             score - ${w(TASTE.occasionSpread)}
               * (row_number() OVER (PARTITION BY occasion_id ORDER BY score DESC, outfit_id) - 1)
               AS rank_score
        FROM scored
    )
    -- Stock is looked up last, best outfit first, and only until the page is full: the sorted
    -- subquery keeps the check from being pushed down to every candidate, and the outer order
    -- is the one it already has, so no sort runs between the check and the limit.
    SELECT r.outfit_id
      FROM (SELECT outfit_id, rank_score FROM ranked ORDER BY rank_score DESC, outfit_id OFFSET 0) r
     WHERE NOT EXISTS (
             SELECT 1 FROM outfit_items oi JOIN items i ON i.id = oi.item_id
              WHERE oi.outfit_id = r.outfit_id AND i.stock = 0
           )
     ORDER BY r.rank_score DESC, r.outfit_id
     LIMIT ${n(limit)}`,
  );
  return rows.map((r) => Number(r.outfit_id));
}

/**
 * Which of these outfits' pieces the shopper hearted, per outfit (as `ShopperHearts` has them;
 * pieces a right swipe brought along are favourites, not hearts).
 */
export async function heartsOnOutfits(
  db: Db,
  userId: number,
  outfitIds: readonly number[],
): Promise<Map<number, number[]>> {
  const byOutfit = new Map<number, number[]>();
  if (outfitIds.length === 0) return byOutfit;
  const rows = await db
    .select({ outfitId: itemFavorites.outfitId, itemId: itemFavorites.itemId })
    .from(itemFavorites)
    .where(
      and(
        eq(itemFavorites.userId, userId),
        inArray(itemFavorites.outfitId, [...outfitIds]),
        eq(itemFavorites.source, 'heart'),
      ),
    );
  for (const row of rows) {
    if (row.outfitId === null) continue;
    const list = byOutfit.get(row.outfitId) ?? [];
    list.push(row.itemId);
    byOutfit.set(row.outfitId, list);
  }
  return byOutfit;
}

export async function outfitExists(db: Db, outfitId: number): Promise<boolean> {
  const rows = await db
    .select({ id: outfits.id })
    .from(outfits)
    .where(eq(outfits.id, outfitId))
    .limit(1);
  return rows.length > 0;
}

export async function itemExists(db: Db, itemId: number): Promise<boolean> {
  const rows = await db.select({ id: items.id }).from(items).where(eq(items.id, itemId)).limit(1);
  return rows.length > 0;
}

export async function outfitHasItem(db: Db, outfitId: number, itemId: number): Promise<boolean> {
  const rows = await db
    .select({ id: outfitItems.itemId })
    .from(outfitItems)
    .where(and(eq(outfitItems.outfitId, outfitId), eq(outfitItems.itemId, itemId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Records a swipe unless one exists. Under concurrency the losers wait for the winner's commit
 * and insert nothing. clock_timestamp, not now(): two swipes in one transaction must still order.
 */
export async function insertSwipe(
  db: Db,
  userId: number,
  outfitId: number,
  direction: SwipeDirection,
): Promise<boolean> {
  const rows = await db
    .insert(swipes)
    .values({ userId, outfitId, direction, createdAt: sql`clock_timestamp()` })
    .onConflictDoNothing()
    .returning({ outfitId: swipes.outfitId });
  return rows.length > 0;
}

/** A swipe as asked for: the shopper, the outfit and which way. */
export interface FirstSwipe {
  userId: number;
  outfitId: number;
  direction: SwipeDirection;
}

/** `exists` is false for an unknown outfit; `inserted` false when a swipe was already there. */
export interface FirstSwipeOutcome {
  exists: boolean;
  inserted: boolean;
}

/**
 * The common case of a swipe, for several shoppers in one statement: each has not swiped that
 * outfit yet. A like is its swipe row alone: the outfit's pieces follow from it
 * (favorite_pieces, 0015), and a first swipe has no pieces of an earlier like to take away.
 * Outcomes come back in the order asked. At most one swipe per shopper (the caller's rule, see
 * swipe-batches.ts), written in shopper order, so two statements under way lock shoppers in the
 * same order. A swipe not inserted (one was there) is for the caller to settle in a transaction.
 */
export async function recordFirstSwipes(
  client: SqlClient,
  batch: readonly FirstSwipe[],
): Promise<FirstSwipeOutcome[]> {
  // Prepared once per connection: planning this statement cost as much as running it. A swipe is
  // a taste signal sent by the thousand, so it commits without waiting for the write-ahead log
  // to reach the disk (half its cost): it is visible at once and on disk within a fraction of a
  // second, and only a crash of PostgreSQL itself in that moment could lose it (the shopper would
  // see the outfit again). Orders, carts and everything else keep waiting for the disk.
  // docs/decisions/006-caches-kept-honest-by-announcements.md says more.
  const column = (values: readonly (number | string)[]) => `{${values.join(',')}}`;
  const rows = await client.query<FirstSwipeOutcome>(
    `WITH wanted AS (
       SELECT * FROM unnest($1::int[], $2::int[], $3::text[])
                     WITH ORDINALITY AS w(user_id, outfit_id, direction, n)
     ),
     swiped AS (
       INSERT INTO swipes (user_id, outfit_id, direction, created_at)
       SELECT w.user_id, o.id, w.direction, clock_timestamp()
         FROM wanted w JOIN outfits o ON o.id = w.outfit_id
        ORDER BY w.user_id
       ON CONFLICT DO NOTHING
       RETURNING user_id, outfit_id
     )
     SELECT o.id IS NOT NULL AS exists,
            EXISTS (SELECT 1 FROM swiped s
                     WHERE s.user_id = w.user_id AND s.outfit_id = w.outfit_id) AS inserted,
            -- Committed without waiting for the disk: see the comment above.
            set_config('synchronous_commit', 'off', true) AS commit
       FROM wanted w LEFT JOIN outfits o ON o.id = w.outfit_id
      ORDER BY w.n`,
    [
      column(batch.map((s) => Math.trunc(s.userId))),
      column(batch.map((s) => Math.trunc(s.outfitId))),
      column(batch.map((s) => s.direction)),
    ],
    { name: 'feed_first_swipes' },
  );
  return rows.map((row) => ({ exists: Boolean(row.exists), inserted: Boolean(row.inserted) }));
}

/** The shopper's swipe on this outfit, locked until the transaction ends. */
export async function lockSwipe(
  db: Db,
  userId: number,
  outfitId: number,
): Promise<SwipeDirection | undefined> {
  const rows = await db
    .select({ direction: swipes.direction })
    .from(swipes)
    .where(and(eq(swipes.userId, userId), eq(swipes.outfitId, outfitId)))
    .for('update');
  return rows[0]?.direction;
}

export async function changeSwipe(
  db: Db,
  userId: number,
  outfitId: number,
  direction: SwipeDirection,
): Promise<void> {
  // A like made afresh brings the outfit's own pieces again, not the ones an earlier like kept.
  await db
    .update(swipes)
    .set({ direction, piecesWritten: false, createdAt: sql`clock_timestamp()` })
    .where(and(eq(swipes.userId, userId), eq(swipes.outfitId, outfitId)));
}

/** The shopper's most recent swipe, locked; a concurrent undo moves on to the one before. */
export async function lockLatestSwipe(
  db: Db,
  userId: number,
): Promise<{ outfitId: number; direction: SwipeDirection } | undefined> {
  const rows = await db
    .select({ outfitId: swipes.outfitId, direction: swipes.direction })
    .from(swipes)
    .where(eq(swipes.userId, userId))
    .orderBy(desc(swipes.createdAt), desc(swipes.outfitId))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function deleteSwipe(
  db: Db,
  userId: number,
  outfitId: number,
  direction?: SwipeDirection,
): Promise<boolean> {
  const rows = await db
    .delete(swipes)
    .where(
      and(
        eq(swipes.userId, userId),
        eq(swipes.outfitId, outfitId),
        direction ? eq(swipes.direction, direction) : undefined,
      ),
    )
    .returning({ outfitId: swipes.outfitId });
  return rows.length > 0;
}

/**
 * Takes out of the favourites the pieces a right swipe brought along (in whatever variant the
 * shopper moved them to) and counts them, with those that followed from the like unwritten: call
 * it before the like itself goes.
 */
export async function removeOutfitPieces(
  db: Db,
  userId: number,
  outfitId: number,
): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`
    WITH removed AS (
      DELETE FROM item_favorites
       WHERE user_id = ${userId} AND outfit_id = ${outfitId} AND source = 'outfit'
      RETURNING 1
    )
    SELECT ((SELECT count(*) FROM removed) +
            (SELECT count(*) FROM favorite_pieces p
              WHERE p.user_id = ${userId} AND p.outfit_id = ${outfitId} AND NOT p.written))::int AS n`,
  );
  return row?.n ?? 0;
}

/**
 * Hearts a piece on an outfit. A piece that came with a right swipe becomes the shopper's own
 * choice, so unfavouriting the outfit later keeps it.
 */
export async function heartPiece(
  db: Db,
  userId: number,
  itemId: number,
  outfitId: number,
): Promise<void> {
  await db
    .insert(itemFavorites)
    .values({ userId, itemId, outfitId, source: 'heart' })
    .onConflictDoUpdate({
      target: [itemFavorites.userId, itemFavorites.itemId, itemFavorites.outfitId],
      set: { source: 'heart' },
      setWhere: sql`${itemFavorites.source} <> 'heart'`,
    });
}

export async function unheartPiece(
  db: Db,
  userId: number,
  itemId: number,
  outfitId: number,
): Promise<boolean> {
  const rows = await db
    .delete(itemFavorites)
    .where(
      and(
        eq(itemFavorites.userId, userId),
        eq(itemFavorites.itemId, itemId),
        eq(itemFavorites.outfitId, outfitId),
      ),
    )
    .returning({ id: itemFavorites.id });
  return rows.length > 0;
}

export interface QueuedOutfit {
  id: number;
  /** Its place in the queue. */
  position: number;
  /** When the queue was ranked (ms since epoch). */
  filledAt: number;
}

/**
 * What waits in the shopper's queue (0007_feed_queue.sql), best first, less the outfits swiped
 * since it was ranked; the last place there is, swiped or not (how much of the ranking is left);
 * and the cards of the first `cardsAhead` outfits waiting. The queue is read when a shopper comes
 * back after a while, and their first page's cards came next, one round trip later, wherever the
 * process did not keep them (most, in a catalogue larger than a few pages of shoppers' queues):
 * now they come with it. Whether the pieces are in stock comes from `StockLevels`; the cards'
 * own stock columns are kept there. The shopper's hearts come with it too, which a first page
 * marks on its cards (`null` when nothing waits: there was no row to bring them).
 */
export async function readQueue(
  client: SqlClient,
  userId: number,
  cardsAhead: number,
): Promise<{
  waiting: QueuedOutfit[];
  last: number | null;
  cards: Outfit[];
  hearts: HeartRow[] | null;
}> {
  const rows = await client.query<
    {
      queuedId: number;
      position: number;
      filledAt: number;
      last: number;
      hearts: [number, number | null][] | null;
    } & (CardRow | { outfitId: null })
  >(
    `WITH waiting AS (
       SELECT q.outfit_id, q.position, q.filled_at,
              row_number() OVER (ORDER BY q.position) AS place
         FROM feed_queue q
        WHERE q.user_id = $1
          -- OFFSET 0 keeps this a primary-key probe per queued outfit; as a join the planner
          -- reads all the shopper's swipes, which grow without bound.
          AND NOT EXISTS (
                SELECT 1 FROM swipes s
                 WHERE s.user_id = $1 AND s.outfit_id = q.outfit_id
                OFFSET 0
              )
     )
     SELECT w.outfit_id AS "queuedId", w.position,
            (extract(epoch FROM w.filled_at) * 1000)::float8 AS "filledAt",
            (SELECT max(l.position) FROM feed_queue l WHERE l.user_id = $1) AS last,
            -- The shopper's hearts, on the first row alone (read once, as an init plan).
            CASE WHEN w.place = 1 THEN (
              SELECT coalesce(json_agg(json_build_array(f.item_id, f.outfit_id) ORDER BY f.item_id),
                              '[]'::json)
                FROM item_favorites f
               WHERE f.user_id = $1 AND f.source = 'heart'
            ) END AS hearts,
            card.*
       FROM waiting w
       -- Five rows, one per piece, for each of the first outfits; one row for the rest.
       LEFT JOIN LATERAL (
         SELECT ${CARD_COLUMNS}
           FROM outfits o
           ${CARD_JOINS}
          WHERE o.id = w.outfit_id AND w.place <= $2
         -- OFFSET 0 keeps the place test in front of the probes: merged into the outer join,
         -- it was tested after them, and every waiting outfit's card was read.
         OFFSET 0
       ) card ON true
      ORDER BY w.position`,
    [userId, cardsAhead],
    { name: 'feed_queue_waiting' },
  );
  const waiting: QueuedOutfit[] = [];
  const cardRows: CardRow[] = [];
  for (const row of rows) {
    if (waiting.at(-1)?.id !== row.queuedId) {
      waiting.push({ id: row.queuedId, position: row.position, filledAt: row.filledAt });
    }
    if (row.outfitId !== null) cardRows.push(row);
  }
  const first = rows[0];
  return {
    waiting,
    last: first?.last ?? null,
    cards: cardsOf(cardRows),
    hearts: first?.hearts?.map(([itemId, outfitId]) => ({ itemId, outfitId })) ?? null,
  };
}

/**
 * Outfits with their five pieces, as `loadOutfits` (server/lib/outfits.ts) reads them, as a
 * prepared statement: the feed reads cards it does not keep all day, and planning the statement
 * cost more than running it.
 */
export async function readOutfitCards(client: SqlClient, ids: readonly number[]) {
  const rows = await client.query<CardRow>(
    `SELECT ${CARD_COLUMNS}
       FROM outfits o
       ${CARD_JOINS}
      WHERE o.id = ANY($1::int[])`,
    [`{${ids.join(',')}}`],
    { name: 'feed_outfit_cards' },
  );
  return cardsOf(rows);
}

/** The advisory lock class of shoppers' queues (0013_swipes_and_queue_writes_take_turns.sql). */
const QUEUE_LOCK_CLASS = 7301;

/**
 * Makes `ids` the shopper's queue, in that order: what the new ranking left out goes, the rest is
 * inserted or moved. Outfits deleted meanwhile are skipped. It takes turns with the shopper's
 * swipes under way (0013), so each swipe on an outfit the new queue holds is announced.
 */
export async function storeQueue(db: Db, userId: number, ids: readonly number[]): Promise<void> {
  const list = `{${ids.join(',')}}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${QUEUE_LOCK_CLASS}, ${userId}::int)`);
    await tx.execute(sql`
    WITH gone AS (
      DELETE FROM feed_queue q
       WHERE q.user_id = ${userId} AND q.outfit_id <> ALL(${list}::int[])
    )
    INSERT INTO feed_queue (user_id, outfit_id, position, filled_at)
    SELECT ${userId}, t.outfit_id, t.position, now()
      FROM unnest(${list}::int[]) WITH ORDINALITY AS t (outfit_id, position)
      JOIN outfits o ON o.id = t.outfit_id
        ON CONFLICT (user_id, outfit_id)
        DO UPDATE SET position = excluded.position, filled_at = excluded.filled_at`);
  });
}

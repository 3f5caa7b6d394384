import { and, type SQL, sql } from 'drizzle-orm';
import type { Slot } from '../../../contracts/catalog';
import {
  type Database,
  type Db,
  idArray,
  opaque,
  queryPrepared,
  rowsOf,
  type SqlClient,
  withoutDiskWait,
} from '../../db/client';
import { OUTFIT_PAGE_READ, PAGE_READ } from '../../lib/cursor';
import {
  type ItemRow,
  itemColumnsSql,
  type VariantWanted,
  variantOfSameProduct,
} from '../../lib/items';
import { matchesAllTerms, querySearched, type SearchTerm } from '../../lib/text-search';

export interface FavoriteRow extends ItemRow {
  outfitId: number | null;
  outfitName: string | null;
  occasionId: number | null;
  source: 'heart' | 'outfit';
  quantity: number;
  /** As the driver hands it back: a Date or PostgreSQL's text; read with `new Date(…)`. */
  favoritedAt: Date | string;
  /** A row of item_favorites; false for a piece that follows from a like (0015). */
  written: boolean;
  /** The shopper chose its size (0059); false for the size it came in. */
  sizeChosen: boolean;
  /** favoritedAt as the database holds it, to the microsecond, for a page's cursor. */
  atKey: string;
}

/**
 * Where a page of favourite pieces starts: after this piece in their one order (newest first,
 * then the outfit, newest id first and pieces hearted alone last, then category and item).
 */
export type PieceKey = [at: string, outfitId: number, categoryId: number, itemId: number];

/** Where a page of liked outfits starts: after this like (newest first, then outfit id). */
export type LikeKey = [at: string, outfitId: number];

/** Which favourite: a number for the outfit it is tagged with, null for none, undefined for any. */
export type OutfitRef = number | null | undefined;

/** One favourite row: the shopper's row of item_favorites for this item tagged with this outfit (or none). */
function rowKey(userId: number, itemId: number, outfitId: number | null, table = sql``): SQL {
  return sql`${table}user_id = ${userId} AND ${table}item_id = ${itemId}
    AND ${ofOutfit(sql`${table}outfit_id`, outfitId)}`;
}

/** A favourite's outfit column is this outfit, or none for null. */
const ofOutfit = (column: SQL, outfitId: number | null) =>
  outfitId === null ? sql`${column} IS NULL` : sql`${column} = ${outfitId}`;

/**
 * The shopper's favourite pieces (favorite_pieces: their rows and the pieces of their likes) of
 * one item, or of any variant of one item's product, newest first, optionally of one outfit (or
 * of none). A shopper has one favourite per item and outfit. With `sibling`, each row also names
 * the variant of its product in that colour and size (each its own when not given, any case), or
 * null when it is not made.
 */
export function listFavoriteItems(
  db: Db,
  userId: number,
  filter: ({ itemId: number } | { sameProductAs: number }) & { outfitId?: OutfitRef },
  sibling?: VariantWanted,
): Promise<(FavoriteRow & { siblingId?: number | null })[]> {
  const { outfitId } = filter;
  const siblingId = sibling
    ? sql`, (SELECT s.id FROM items s WHERE ${variantOfSameProduct('s', 'i', sibling)}
              LIMIT 1) AS "siblingId"`
    : sql``;
  return rowsOf<FavoriteRow & { siblingId?: number | null }>(
    db,
    sql`SELECT ${itemColumnsSql},
               fp.outfit_id AS "outfitId", o.name AS "outfitName", o.occasion_id AS "occasionId",
               fp.source, fp.quantity, fp.created_at AS "favoritedAt", fp.written,
               fp.size_chosen AS "sizeChosen", fp.created_at::text AS "atKey" ${siblingId}
          FROM favorite_pieces fp
          JOIN items i ON i.id = fp.item_id
          JOIN categories c ON c.id = i.category_id
          LEFT JOIN outfits o ON o.id = fp.outfit_id
         WHERE fp.user_id = ${userId}
           ${
             'itemId' in filter
               ? sql`AND fp.item_id = ${filter.itemId}`
               : sql`AND i.product_id = (SELECT product_id FROM items WHERE id = ${filter.sameProductAs})`
           }
           ${outfitId === undefined ? sql`` : sql`AND ${ofOutfit(sql`fp.outfit_id`, outfitId)}`}
         ORDER BY fp.created_at DESC, coalesce(fp.outfit_id, 0) DESC, i.category_id, i.id`,
  );
}

/**
 * After `key` in the favourites' order, for a branch of pageFavoriteItems whose time, outfit,
 * category and item are these. The first conjunct alone lets the index on the time narrow the
 * range.
 */
function afterPiece(
  [at, outfitId, categoryId, itemId]: PieceKey,
  row: { at: SQL; outfit: SQL; category: SQL; item: SQL },
): SQL {
  return sql`${row.at} <= ${at}::timestamptz
    AND (${row.at} < ${at}::timestamptz
      OR ${row.outfit} < ${outfitId}
      OR (${row.outfit} = ${outfitId} AND (${row.category}, ${row.item}) > (${categoryId}, ${itemId})))`;
}

/**
 * How far one page of a favourites' search walks, at most. Pieces: back to the time of the
 * shopper's `SEARCH_WALK`-th row of item_favorites or like before the page's cursor, whichever is
 * later (with every piece of that moment). Outfits: `SEARCH_WALK` likes of the list at most.
 * Each text is checked as the walk reaches it, and the bound keeps a page's cost from growing
 * with the history when few hold the words.
 */
export const SEARCH_WALK = 200;

/** A page of favourite pieces, and for a search's walk that stopped early, where it stopped. */
export interface PieceRows {
  rows: FavoriteRow[];
  /**
   * The time a search's walk went back to, when it found fewer than `PAGE_READ` pieces before
   * it: every piece from then on was checked, and the next page starts before that moment (and
   * may find the history ends there). Null when the rows say themselves whether a page follows.
   */
  walkBound: string | null;
}

/**
 * One page of the shopper's favourite pieces in listFavoriteItems' order: those after `after`,
 * one more than a page shows. The hearts (item_favorites) and the pieces that follow from likes
 * are each read from an index in that order, stopping at a page, then merged; not through the
 * favorite_pieces view, which joins every like with its pieces and sorts them all. Prepared, one
 * statement per shape (a category, a cursor, a number of words), unless a word has typo
 * alternatives (`preparable`). A search checks each piece's text as the walk reaches it and stops
 * at a page or at `SEARCH_WALK`'s bound (`walkBound`), whichever comes first.
 */
export async function pageFavoriteItems(
  { sql: client }: Pick<Database, 'sql'>,
  userId: number,
  filter: { categoryIds?: readonly number[]; terms?: readonly SearchTerm[] },
  after: PieceKey | undefined,
): Promise<PieceRows> {
  const terms = filter.terms?.length ? filter.terms : undefined;
  // The shopper, and a single category, are hidden from the planner (`opaque`), so the one plan
  // kept for every shopper, and a typo search's plan made each time, are both the walk by time.
  const me = opaque(userId);
  const inCategories = (column: SQL) => {
    const ids = filter.categoryIds ?? [];
    // One category as a single value, so the plan walks the category's index, not all rows by time.
    if (ids.length === 1) return sql`${column} = ${opaque(ids[0]!)}`;
    return ids.length ? sql`${column} = ANY(${idArray(ids)}::int[])` : undefined;
  };
  // `words`: the item's search_text as the favourite and the like's piece carry it (0072, 0070).
  // Checked in a subquery, which the planner guesses alike for any word, so the plan kept walks
  // in order and stops at a page (docs/performance.md, the tricks table).
  const matches = (words: SQL) => terms && sql`(SELECT ${matchesAllTerms(words, terms)})`;
  const since = (at: SQL) => (terms ? sql`${at} >= (SELECT at FROM bound)` : undefined);
  const written = and(
    sql`f.user_id = ${me}`,
    inCategories(sql`f.category_id`),
    matches(sql`f.words`),
    since(sql`f.created_at`),
    after
      ? afterPiece(after, {
          at: sql`f.created_at`,
          outfit: sql`coalesce(f.outfit_id, 0)`,
          category: sql`f.category_id`,
          item: sql`f.item_id`,
        })
      : undefined,
  );
  const followed = and(
    sql`s.user_id = ${me} AND s.direction = 'like' AND NOT s.pieces_written`,
    // A piece hearted on the like's card is listed as that row, not twice. OFFSET 0 keeps this
    // one probe a piece, so the walk keeps its order (an anti-join may hash and sort instead).
    sql`NOT EXISTS (SELECT 1 FROM item_favorites f
          WHERE f.user_id = s.user_id AND f.item_id = oi.item_id AND f.outfit_id = s.outfit_id
          OFFSET 0)`,
    inCategories(sql`oi.category_id`),
    matches(sql`oi.words`),
    since(sql`s.created_at`),
    after
      ? afterPiece(after, {
          at: sql`s.created_at`,
          outfit: sql`s.outfit_id`,
          category: sql`oi.category_id`,
          item: sql`oi.item_id`,
        })
      : undefined,
  );
  // The walk's bound: the later of the SEARCH_WALK-th row of item_favorites' and like's
  // times before the cursor's moment, each read in its index's order (no sort); -infinity when
  // neither history holds that many, so the walk may go to the end. Strictly before the
  // cursor's moment, so that each short page goes back further than the one before it.
  const before = (at: SQL) => (after ? sql`AND ${at} < ${after[0]}::timestamptz` : sql``);
  const walk = sql.raw(String(SEARCH_WALK - 1));
  const bound = sql`bound AS MATERIALIZED (
          SELECT coalesce(greatest(
                   (SELECT f.created_at FROM item_favorites f
                     WHERE f.user_id = ${me} ${before(sql`f.created_at`)}
                     ORDER BY f.created_at DESC OFFSET ${walk} LIMIT 1),
                   (SELECT s.created_at FROM swipes s
                     WHERE s.user_id = ${me} AND s.direction = 'like' ${before(sql`s.created_at`)}
                     ORDER BY s.created_at DESC OFFSET ${walk} LIMIT 1)),
                 '-infinity') AS at),`;
  // The page's size is written into the text, so one plan is kept for every call.
  const pageRead = sql.raw(String(PAGE_READ));
  // The page is cut from both histories before its pieces are read, so the items and outfits
  // of one page are read, never those of each history's page.
  const page = sql`page AS (
         SELECT * FROM (
          (SELECT f.item_id, f.outfit_id, f.source, f.quantity, f.created_at, true AS written,
                  f.size_chosen, f.category_id
             FROM item_favorites f
            WHERE ${written}
            ORDER BY f.created_at DESC, coalesce(f.outfit_id, 0) DESC, f.category_id, f.item_id
            LIMIT ${pageRead})
          UNION ALL
          (SELECT oi.item_id, s.outfit_id, 'outfit', 1::smallint, s.created_at, false, false,
                  oi.category_id
             FROM swipes s
             JOIN outfit_items oi ON oi.outfit_id = s.outfit_id
            WHERE ${followed}
            ORDER BY s.created_at DESC, s.outfit_id DESC, oi.category_id, oi.item_id
            LIMIT ${pageRead})
         ) merged
         ORDER BY merged.created_at DESC, coalesce(merged.outfit_id, 0) DESC, merged.category_id,
                  merged.item_id
         LIMIT ${pageRead})`;
  const pieces = sql`page
          JOIN items ON items.id = page.item_id
          JOIN categories ON categories.id = items.category_id
          LEFT JOIN outfits ON outfits.id = page.outfit_id`;
  const query = sql`WITH ${terms ? bound : sql``} ${page}
        SELECT items.id, items.product_id AS "productId", items.name, items.image,
               items.category_id AS "categoryId", categories.name AS category,
               items.price_cents AS "priceCents", items.seller, items.color,
               items.color_hex AS "colorHex", items.size, items.stock,
               page.outfit_id AS "outfitId", outfits.name AS "outfitName",
               outfits.occasion_id AS "occasionId", page.source, page.quantity,
               page.created_at AS "favoritedAt", page.written, page.size_chosen AS "sizeChosen",
               page.created_at::text AS "atKey"
               ${terms ? sql`, CASE WHEN isfinite(bound.at) THEN bound.at::text END AS "walkBound"` : sql``}
          FROM ${
            // A search's walk answers a row even when it found nothing: the bound, alone.
            terms ? sql`bound LEFT JOIN (${pieces}) ON true` : pieces
          }
         ORDER BY page.created_at DESC, coalesce(page.outfit_id, 0) DESC, page.category_id,
                  page.item_id
         LIMIT ${pageRead}`;
  // `walkBound` only in a search's rows; its one row of nulls when nothing matched.
  type Row = FavoriteRow & { walkBound?: string | null };
  const rows = await querySearched<Row>(client, 'favorite_pieces_page', terms, query);
  const found = rows.filter((row) => row.id !== null);
  // Fewer than PAGE_READ found: no row says a next page follows within the walk, so the next
  // page starts before the bound (every piece since it checked).
  const walkBound = found.length < PAGE_READ ? (rows[0]?.walkBound ?? null) : null;
  return { rows: found, walkBound };
}

/**
 * A key after every piece of that moment in the favourites' order (pieces hearted alone, whose
 * outfit counts as 0, come last in a moment, and no category or item sorts after the largest
 * smallint and int): the next page starts at the pieces before it.
 */
export const beforeTime = (at: string): PieceKey => [at, 0, 32_767, 2_147_483_647];

/** The key of a piece, for the cursor of the page it ends. */
export const pieceKey = (row: FavoriteRow): PieceKey => [
  row.atKey,
  row.outfitId ?? 0,
  row.categoryId,
  row.id,
];

export interface LikedOutfit {
  outfitId: number;
  likedAt: Date;
  /** The like's pieces are rows of item_favorites, not the outfit's own five (0015). */
  piecesWritten: boolean;
  /** likedAt to the microsecond, for a page's cursor. */
  atKey: string;
}

/** A row of item_favorites tagged with a liked outfit: the variant and how many are wanted. */
export type LikedOutfitRow = ItemRow & { outfitId: number; quantity: number; sizeChosen: boolean };

/**
 * One page of the outfits the shopper swiped right on, newest first (then by outfit id): those
 * after `after`, one more than a page shows. Read in that order from swipes_user_likes_idx (0024),
 * or for one occasion from swipes_user_occasion_likes_idx (0044), so the walk stops at a page
 * however long the history; each index holds `pieces_written` too (0066), so no like's row is
 * read. Searched by words, each like's outfit is checked as the walk reaches it, `SEARCH_WALK`
 * likes at most a page (`lastLikeWalked`). With each like, in the
 * same statement, the shopper's rows of item_favorites tagged with its outfit
 * (item_favorites_outfit_user_idx), newest first, then by category and item: all a page needs
 * besides the cards (a like's pieces that are not written out are the outfit's own).
 * Prepared: one plan per shape serves every shopper (unless a word has typo alternatives,
 * `preparable`).
 */
export async function pageLikedOutfits(
  { sql: client }: Database,
  userId: number,
  filter: { occasionId?: number | undefined; terms?: readonly SearchTerm[] },
  after: LikeKey | undefined,
): Promise<{ liked: LikedOutfit[]; rows: LikedOutfitRow[]; lastLikeWalked: LikeKey | null }> {
  const terms = filter.terms?.length ? filter.terms : undefined;
  // Estimated as any shopper's: the one plan kept serves a long history too.
  const me = opaque(userId);
  const newestFirst = sql`ORDER BY s.created_at DESC, s.outfit_id DESC`;
  const walk = sql.raw(String(SEARCH_WALK));
  const likes = sql`SELECT s.outfit_id AS "outfitId", s.created_at AS "likedAt",
                           s.pieces_written AS "piecesWritten", s.created_at::text AS "atKey",
                           (SELECT ${terms ? matchesAllTerms(sql`o.search_text`, terms) : sql`true`}
                              FROM outfits o WHERE o.id = s.outfit_id) AS fits
                           ${terms ? sql`, row_number() OVER (${newestFirst}) = ${walk} AS "lastWalked"` : sql``}
                      FROM swipes s
                     WHERE s.user_id = ${me} AND s.direction = 'like'
                       ${filter.occasionId !== undefined ? sql`AND s.occasion_id = ${opaque(filter.occasionId)}` : sql``}
                       ${after ? sql`AND (s.created_at, s.outfit_id) < (${after[0]}::timestamptz, ${after[1]})` : sql``}
                     ${newestFirst} ${terms ? sql`LIMIT ${walk}` : sql``}`;
  // `fits` is checked per like, not joined, so the walk stops at a page; the LIMIT below cuts the
  // likes as the inner ORDER BY gave them, newest first. A like without rows of its own comes
  // once, its row's columns null. A search's last like walked comes too, matching or not, unless a page and one more
  // matched before it.
  type Joined = LikedOutfit & { [K in keyof LikedOutfitRow]: LikedOutfitRow[K] | null } & {
    fits: boolean;
    lastWalked?: boolean;
  };
  const statement = sql`SELECT l.*, r.*
          FROM (SELECT * FROM (${likes}) l
                 WHERE l.fits ${terms ? sql`OR l."lastWalked"` : sql``}
                 LIMIT ${sql.raw(String(OUTFIT_PAGE_READ))}) l
          LEFT JOIN LATERAL (
            SELECT ${itemColumnsSql}, f.quantity, f.size_chosen AS "sizeChosen", f.created_at AS "rowAt"
              FROM item_favorites f
              JOIN items i ON i.id = f.item_id
              JOIN categories c ON c.id = i.category_id
             WHERE f.outfit_id = l."outfitId" AND f.user_id = ${me}) r ON l.fits
         ORDER BY l."likedAt" DESC, l."outfitId" DESC, r."rowAt" DESC, r."categoryId", r.id`;
  const joined = await querySearched<Joined>(client, 'liked_outfits_page', terms, statement);
  const liked: LikedOutfit[] = [];
  const rows: LikedOutfitRow[] = [];
  let last: LikeKey | null = null;
  for (const row of joined) {
    const { outfitId, likedAt, piecesWritten, atKey } = row;
    if (row.lastWalked) last = [atKey, outfitId];
    if (!row.fits) continue;
    if (liked.at(-1)?.outfitId !== outfitId)
      liked.push({ outfitId, likedAt, piecesWritten, atKey });
    if (row.id !== null) rows.push(row as LikedOutfitRow);
  }
  // A walk that reached its bound before a page and one more matched: the next page starts
  // after the last like walked, every like up to it checked.
  return { liked, rows, lastLikeWalked: liked.length < OUTFIT_PAGE_READ ? last : null };
}

/** The shopper's liked outfits per occasion, every occasion listed, from the kept counts (0033). */
export function countLikedByOccasion(
  db: Db,
  userId: number,
): Promise<{ id: number; name: string; count: number }[]> {
  return rowsOf(
    db,
    sql`SELECT o.id, o.name, coalesce(l.likes, 0)::int AS count
          FROM occasions o
          LEFT JOIN likes_by_occasion l ON l.occasion_id = o.id AND l.user_id = ${userId}
         ORDER BY o.id`,
  );
}

/**
 * Favourite pieces per category, as `favorite_pieces` (0015) would count them, without reading
 * every like's five pieces: an outfit has exactly one piece in each category (0001's slot check
 * and five-slot trigger), so each like whose pieces are not written out adds one to every
 * category: the likes kept per occasion (0033) less the written-out ones (their index, 0042). To
 * that come the shopper's own rows, kept per category (0045), less those the view leaves out: a
 * row for a piece of such a like. Only a heart given on the card before the like can be one (a
 * like's own rows, 'outfit', are written with the like marked written, and removed before the
 * like goes: `removeOutfitPieces`), so only those hearts are read (0045's index) and probed.
 * Prepared: planning it cost more than running it.
 */
export function countFavoritesByCategory(client: SqlClient, userId: number) {
  return queryPrepared<{ id: number; name: string; slot: Slot; count: number }>(
    client,
    'favorite_category_counts',
    sql`WITH likes AS (
          SELECT (SELECT coalesce(sum(likes), 0) FROM likes_by_occasion WHERE user_id = ${userId})
               - (SELECT count(*) FROM swipes
                   WHERE user_id = ${userId} AND direction = 'like' AND pieces_written) AS n),
        shared AS (
          SELECT f.category_id, count(*)::int AS n
            FROM item_favorites f
           WHERE f.user_id = ${userId} AND f.source = 'heart' AND f.outfit_id IS NOT NULL
             AND EXISTS (SELECT 1 FROM swipes s
                          WHERE s.user_id = f.user_id AND s.outfit_id = f.outfit_id
                            AND s.direction = 'like' AND NOT s.pieces_written)
             AND EXISTS (SELECT 1 FROM outfit_items oi
                          WHERE oi.outfit_id = f.outfit_id AND oi.item_id = f.item_id)
           GROUP BY f.category_id)
        SELECT c.id, c.name, c.slot,
               (likes.n + coalesce(own.favorites, 0) - coalesce(shared.n, 0))::int AS count
          FROM categories c CROSS JOIN likes
          LEFT JOIN favorites_by_category own ON own.user_id = ${userId} AND own.category_id = c.id
          LEFT JOIN shared ON shared.category_id = c.id
         ORDER BY c.id`,
  );
}

export async function occasionExists(db: Db, id: number): Promise<boolean> {
  const rows = await rowsOf(db, sql`SELECT 1 FROM occasions WHERE id = ${id}`);
  return rows.length > 0;
}

/** The product with this id, or every product called `name` (any case; several may share one). */
export async function findProductIds(
  db: Db,
  ref: { productId?: number | undefined; name?: string | undefined },
): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    ref.productId !== undefined
      ? sql`SELECT id FROM products WHERE id = ${ref.productId}`
      : sql`SELECT id FROM products WHERE lower(name) = lower(${ref.name ?? ''})`,
  );
  return rows.map((r) => r.id);
}

export function listVariants(
  db: Db,
  productIds: readonly number[],
  filter: { color?: string | undefined; size?: string | undefined },
): Promise<ItemRow[]> {
  return rowsOf<ItemRow>(
    db,
    sql`SELECT ${itemColumnsSql} FROM items i JOIN categories c ON c.id = i.category_id
         WHERE ${
           // One product (the usual ask) as a plain value, so its plan is one index probe.
           productIds.length === 1
             ? sql`i.product_id = ${productIds[0]}`
             : sql`i.product_id = ANY(${idArray(productIds)}::int[])`
         }
           ${filter.color !== undefined ? sql`AND lower(i.color) = lower(${filter.color})` : sql``}
           ${filter.size !== undefined ? sql`AND lower(i.size) = lower(${filter.size})` : sql``}
         ORDER BY i.id`,
  );
}

/**
 * A piece hearted on its own (no outfit) as `listFavoriteItems` names it, `f` its row and `i`
 * its item: one row by its key (the key of shopper, item and outfit takes no two without one).
 */
const heartedAloneColumns = sql`${itemColumnsSql}, NULL::int AS "outfitId",
  NULL::text AS "outfitName", NULL::int AS "occasionId", f.source, f.quantity,
  f.created_at AS "favoritedAt", true AS written, f.size_chosen AS "sizeChosen",
  f.created_at::text AS "atKey"`;

/**
 * A piece hearted on its own takes `delta` more or fewer, in one statement, while the result
 * stays within `bounds`; the favourite as it then reads, or undefined when nothing changed (no
 * such favourite, or out of bounds: the caller reads which).
 */
export async function changeHeartedQuantity(
  db: Db,
  userId: number,
  itemId: number,
  delta: number,
  bounds: { min: number; max: number },
): Promise<FavoriteRow | undefined> {
  const rows = await rowsOf<FavoriteRow>(
    db,
    sql`UPDATE item_favorites f SET quantity = f.quantity + ${delta}
          FROM items i JOIN categories c ON c.id = i.category_id
         WHERE i.id = f.item_id AND ${rowKey(userId, itemId, null, sql`f.`)}
           AND f.quantity + ${delta} BETWEEN ${bounds.min} AND ${bounds.max}
           AND ${withoutDiskWait}
        RETURNING ${heartedAloneColumns}`,
  );
  return rows[0];
}

/**
 * A piece hearted on its own moves to the variant of its product in the colour and size wanted
 * (each its own when not given), in one statement; the favourite as it then reads, or undefined
 * when nothing moved (no such favourite, or the variant not made or the same: the caller reads
 * which). A variant already hearted on its own makes it fail as a unique violation.
 */
export async function moveHeartedToVariant(
  db: Db,
  userId: number,
  itemId: number,
  want: VariantWanted,
): Promise<FavoriteRow | undefined> {
  const rows = await rowsOf<FavoriteRow>(
    db,
    sql`UPDATE item_favorites f SET item_id = i.id, size_chosen = f.size_chosen OR ${want.size !== undefined}
          FROM items was, items i JOIN categories c ON c.id = i.category_id
         WHERE was.id = ${itemId} AND ${variantOfSameProduct('i', 'was', want)} AND i.id <> was.id
           AND ${rowKey(userId, itemId, null, sql`f.`)} AND ${withoutDiskWait}
        RETURNING ${heartedAloneColumns}`,
  );
  return rows[0];
}

/**
 * Moves a favourite to another variant, its size now chosen if `sizeChosen`; that variant as it
 * is shown, or undefined if none moved.
 */
export async function moveFavorite(
  db: Db,
  userId: number,
  from: { itemId: number; outfitId: number | null },
  itemId: number,
  sizeChosen: boolean,
): Promise<(ItemRow & { sizeChosen: boolean }) | undefined> {
  const rows = await rowsOf<ItemRow & { sizeChosen: boolean }>(
    db,
    sql`UPDATE item_favorites f SET item_id = ${itemId}, size_chosen = f.size_chosen OR ${sizeChosen}
          FROM items i JOIN categories c ON c.id = i.category_id
         WHERE i.id = ${itemId} AND ${rowKey(userId, from.itemId, from.outfitId, sql`f.`)}
           AND ${withoutDiskWait}
        RETURNING ${itemColumnsSql}, f.size_chosen AS "sizeChosen"`,
  );
  return rows[0];
}

/**
 * Adds delta to the wanted quantity in one statement, only while the result stays within
 * [min, max]; returns the new quantity, or undefined when nothing changed.
 */
export async function changeQuantity(
  db: Db,
  userId: number,
  favorite: { itemId: number; outfitId: number | null },
  delta: number,
  bounds: { min: number; max: number },
): Promise<number | undefined> {
  const rows = await rowsOf<{ quantity: number }>(
    db,
    sql`UPDATE item_favorites SET quantity = quantity + ${delta}
         WHERE ${rowKey(userId, favorite.itemId, favorite.outfitId)}
           AND quantity + ${delta} BETWEEN ${bounds.min} AND ${bounds.max}
           AND ${withoutDiskWait}
        RETURNING quantity`,
  );
  return rows[0]?.quantity;
}

/**
 * A piece hearted on its own (no outfit), in one statement: whether the item exists, and whether
 * the heart is new (false when the piece was hearted already, on its own or on a card: the
 * conflict is with item_favorites_one_heart_key, 0065).
 */
export async function insertHeart(
  db: Db,
  userId: number,
  itemId: number,
  sizeChosen: boolean,
): Promise<{ itemExists: boolean; added: boolean }> {
  const [row] = await rowsOf<{ itemExists: boolean; added: boolean }>(
    db,
    sql`WITH item AS (SELECT id FROM items WHERE id = ${itemId}),
        added AS (
          INSERT INTO item_favorites (user_id, item_id, outfit_id, source, size_chosen)
          SELECT ${userId}, id, NULL, 'heart', ${sizeChosen} FROM item WHERE ${withoutDiskWait}
          ON CONFLICT DO NOTHING RETURNING id)
        SELECT EXISTS (SELECT 1 FROM item) AS "itemExists",
               EXISTS (SELECT 1 FROM added) AS added`,
  );
  return row!;
}

/** The key that gives a piece one heart a shopper (0065): a second one is refused by its name. */
export const ONE_HEART_KEY = 'item_favorites_one_heart_key';

/** The shopper has hearted the item, on its own or on any outfit. */
const hearted = (userId: number, itemId: number) =>
  sql`EXISTS (SELECT 1 FROM item_favorites h
               WHERE h.user_id = ${userId} AND h.item_id = ${itemId} AND h.source = 'heart')`;

/**
 * Hearts a piece on an outfit, unless it is hearted already (anywhere: a piece has one heart). A
 * piece that came with a right swipe becomes the shopper's own choice, so unfavouriting the
 * outfit later keeps it.
 */
export async function insertOutfitHeart(
  db: Db,
  userId: number,
  itemId: number,
  outfitId: number,
): Promise<void> {
  await rowsOf(
    db,
    sql`INSERT INTO item_favorites (user_id, item_id, outfit_id, source)
        SELECT ${userId}, ${itemId}, ${outfitId}, 'heart'
         WHERE NOT ${hearted(userId, itemId)} AND ${withoutDiskWait}
        ON CONFLICT (user_id, item_id, outfit_id) DO UPDATE SET source = 'heart'
         WHERE item_favorites.source <> 'heart'`,
  );
}

/**
 * Takes the shopper's heart of the item away, wherever it was given, in one statement; whether
 * there was one. A heart on the piece of a like whose pieces are written out becomes that like's
 * piece again (its row stays, source 'outfit'); on a like whose pieces follow from it, the row
 * goes and the piece follows again. A liked outfit keeps its five pieces either way.
 */
export async function takeHeartAway(db: Db, userId: number, itemId: number): Promise<boolean> {
  const [row] = await rowsOf<{ taken: boolean }>(
    db,
    sql`WITH heart AS (
          SELECT f.id, f.outfit_id FROM item_favorites f
           WHERE f.user_id = ${userId} AND f.item_id = ${itemId} AND f.source = 'heart'
             AND ${withoutDiskWait}),
        -- Shared, so a write-out of the like under way (liked-pieces.ts) ends first and is seen.
        written AS (
          SELECT s.pieces_written FROM swipes s JOIN heart ON s.outfit_id = heart.outfit_id
           WHERE s.user_id = ${userId} AND s.direction = 'like'
             FOR SHARE OF s),
        kept AS (
          UPDATE item_favorites f SET source = 'outfit'
            FROM heart WHERE f.id = heart.id AND (SELECT bool_or(pieces_written) FROM written)),
        gone AS (
          DELETE FROM item_favorites f
           USING heart
           WHERE f.id = heart.id AND NOT coalesce((SELECT bool_or(pieces_written) FROM written), false))
        SELECT EXISTS (SELECT 1 FROM heart) AS taken`,
  );
  return row!.taken;
}

/** Takes the shopper's favourite of the item on this outfit away, heart or a like's piece. */
export async function deleteHeart(
  db: Db,
  userId: number,
  itemId: number,
  outfitId: number,
): Promise<void> {
  await rowsOf(
    db,
    sql`DELETE FROM item_favorites
         WHERE ${rowKey(userId, itemId, outfitId)} AND ${withoutDiskWait}`,
  );
}

export interface HeartOnOutfit {
  outfitExists: boolean;
  itemExists: boolean;
  ofOutfit: boolean;
  /**
   * The piece's one heart, which the statement left to the caller. A heart asked for is there
   * already. A heart taken away was given elsewhere (on another outfit or on its own) or on this
   * outfit after or before the shopper liked it: `takeHeartAway` takes it, so that the like keeps
   * the piece. A heart on an outfit not liked, the common case, goes in this statement.
   */
  heartLeft: boolean;
  /**
   * The statement did what was asked, or found nothing to take away (when `heartLeft` is false:
   * otherwise the heart is the caller's to take). False when the shopper
   * liked the outfit and its pieces are not written out yet (server/lib/liked-pieces.ts): the
   * caller writes them out first, then the heart. False too for a heart given on a piece not of
   * the outfit, which is refused.
   */
  written: boolean;
}

/**
 * A heart given (`favorite`) or taken away on an outfit's piece, in one statement: whether the
 * outfit and the item exist and the item is a piece of the outfit, and the write itself when
 * nothing stands in its way. Most hearts are given and taken on outfits the shopper has not
 * liked, so only a like whose pieces still follow from it, or a heart that a like, another outfit
 * or the piece on its own holds (`heartLeft`), leaves the write to the caller.
 */
export async function heartOnOutfit(
  db: Db,
  userId: number,
  outfitId: number,
  itemId: number,
  favorite: boolean,
): Promise<HeartOnOutfit> {
  const ready = favorite
    ? sql`"ofOutfit" AND NOT "likeToWrite"`
    : sql`NOT ("ofOutfit" AND "likeToWrite")`;
  // Taken away, the statement deletes only a heart on this outfit the shopper has not liked; any
  // other heart is left to the caller.
  const heartLeft = favorite
    ? sql`"heartOn" IS NOT NULL`
    : sql`"heartOn" IS NOT NULL AND NOT ("heartOn" = ${outfitId} AND "likeWritten" IS NULL)`;
  const write = favorite
    ? sql`INSERT INTO item_favorites (user_id, item_id, outfit_id, source)
          SELECT ${userId}, ${itemId}, ${outfitId}, 'heart' FROM piece
           WHERE ${ready} AND NOT "heartLeft" AND ${withoutDiskWait}
          ON CONFLICT (user_id, item_id, outfit_id) DO UPDATE SET source = 'heart'
           WHERE item_favorites.source <> 'heart'`
    : sql`DELETE FROM item_favorites
           WHERE ${rowKey(userId, itemId, outfitId)}
             AND (SELECT ${ready} AND NOT "heartLeft" FROM piece) AND ${withoutDiskWait}`;
  const [row] = await rowsOf<HeartOnOutfit>(
    db,
    sql`WITH facts AS (
          SELECT EXISTS (SELECT 1 FROM outfits WHERE id = ${outfitId}) AS "outfitExists",
                 EXISTS (SELECT 1 FROM items WHERE id = ${itemId}) AS "itemExists",
                 EXISTS (SELECT 1 FROM outfit_items
                          WHERE outfit_id = ${outfitId} AND item_id = ${itemId}) AS "ofOutfit",
                 -- Null when the shopper has not liked the outfit.
                 (SELECT pieces_written FROM swipes
                   WHERE user_id = ${userId} AND outfit_id = ${outfitId}
                     AND direction = 'like') AS "likeWritten",
                 -- Where the piece's one heart was given (0 on its own), null with none.
                 (SELECT coalesce(h.outfit_id, 0) FROM item_favorites h
                   WHERE h.user_id = ${userId} AND h.item_id = ${itemId}
                     AND h.source = 'heart') AS "heartOn"
        ),
        piece AS (
          SELECT *, "likeWritten" IS FALSE AS "likeToWrite", ${heartLeft} AS "heartLeft" FROM facts
        ),
        written AS (${write})
        SELECT "outfitExists", "itemExists", "ofOutfit", "heartLeft", ${ready} AS written
          FROM piece`,
  );
  return row!;
}

import { type SQL, sql } from 'drizzle-orm';
import type { Slot } from '../../../contracts/catalog';
import type { ClosetCategoryCount } from '../../../contracts/closet';
import { isoText, queryPrepared, type SqlClient } from '../../db/client';
import { OUTFIT_PAGE_READ, PAGE_READ } from '../../lib/cursor';
import { type ItemRow, itemColumnsSql } from '../../lib/items';
import { matchesAllTerms, querySearched, type SearchTerm } from '../../lib/text-search';

/** `AND` every searched word (or a word it may be a typo of) in the text, or nothing. */
const matching = (column: SQL, terms: readonly SearchTerm[] | undefined) => {
  const matches = terms && matchesAllTerms(column, terms);
  return matches ? sql`AND ${matches}` : sql``;
};

/**
 * The name a page's statement is prepared under, one shape for each number of words (its kept
 * plan walks the shopper's own rows: `closet-owned-plans.test.ts`); a search whose words have typo
 * alternatives is planned each time instead (`querySearched`).
 */
const preparedAs = (prefix: string, terms: readonly SearchTerm[] | undefined) =>
  terms === undefined ? `${prefix}_page` : `${prefix}_search`;

/** `AND (time, id) < after`: a page's rows after the last one shown, or nothing for a first page. */
const before = (time: SQL, id: SQL, after: [string, number] | undefined) =>
  after ? sql`AND (${time}, ${id}) < (${after[0]}::timestamptz, ${after[1]})` : sql``;

/** An occasion as a request names it: by id, or by name in any case. */
export type OccasionRef = { id: number } | { name: string };

export interface ClosetOutfitFilter {
  /** Looked up in the page's own statement, which answers it too (`ClosetOutfitRows.occasion`). */
  occasion?: OccasionRef | undefined;
  /** The words searched for, with their typos' alternatives (`expandTerms`). */
  terms?: readonly SearchTerm[] | undefined;
}

/** Where a page of closet outfits starts: after this one (most recently completed first, then id). */
export type ClosetOutfitKey = [completedAt: string, outfitId: number];

export interface ClosetOutfitRef {
  id: number;
  completedAt: string;
  /** completed_at to the microsecond, for a page's cursor. */
  atKey: string;
}

/** What an owned variant looks like, named as a card's piece names it. */
export interface ItemLook {
  img: string;
  color: string;
  colorHex: string;
  size: string;
}

/** A variant the shopper owns of a closet outfit's piece (its product): how many, and when. */
export interface OwnedPiece {
  outfitId: number;
  productId: number;
  itemId: number;
  quantity: number;
  firstBoughtAt: string;
  lastBoughtAt: string;
  /** Read only for a variant that is not the outfit's own piece (the card shows that one). */
  look: ItemLook | null;
}

/** Closet outfits in a page's order, and the variant owned of each of their pieces. */
export interface ClosetOutfitRows {
  outfits: ClosetOutfitRef[];
  owned: OwnedPiece[];
  /** On an occasion's page, the occasion its reference names; null when it names none. */
  occasion?: { id: number; name: string } | null;
}

/**
 * The closet outfits `chosen` selects (its `id` and `at`, in the order and number it gives), each
 * with every variant the shopper owns of each of its pieces' products, the latest bought first,
 * in one statement: a probe of closet_items_user_product_idx a piece, whatever the closet's size,
 * and of items only for a variant other than the piece. OFFSET 0 keeps each probe a subquery:
 * merged into a join, PostgreSQL may plan the first as a walk of every variant the shopper owns,
 * and would read every variant's item. A piece not owned comes with nulls, which in one
 * snapshot of both tables cannot happen.
 */
async function withOwned(
  client: SqlClient,
  /** The prepared statement's name, and the words `chosen` searches for, if any. */
  name: string,
  terms: readonly SearchTerm[] | undefined,
  userId: number,
  chosen: SQL,
  /** An occasion's page: `chosen` reads its id as `(SELECT id FROM occasion)`. */
  occasion?: OccasionRef,
): Promise<ClosetOutfitRows> {
  type Owned = Omit<OwnedPiece, 'look'> & ItemLook;
  type Row = { [K in keyof (ClosetOutfitRef & Owned)]: (ClosetOutfitRef & Owned)[K] | null } & {
    occasionId?: number | null;
    occasionName?: string | null;
  };
  const joined = sql`(${chosen}) co
          LEFT JOIN outfit_items oi ON oi.outfit_id = co.id
          LEFT JOIN LATERAL (SELECT * FROM closet_items c
                              WHERE c.user_id = ${userId} AND c.product_id = oi.product_id
                             OFFSET 0) c ON true
          LEFT JOIN LATERAL (SELECT i.image AS img, i.color, i.color_hex, i.size FROM items i
                              WHERE i.id = c.item_id AND c.item_id <> oi.item_id
                             OFFSET 0) i ON true`;
  // An occasion's page answers its occasion in the same statement, as one row of nulls when the
  // shopper has no outfit for it, and no row when it names no occasion.
  const statement = sql`${occasion ? sql`WITH occasion AS (SELECT id, name FROM occasions WHERE id = ${occasionId(occasion)})` : sql``}
        SELECT ${occasion ? sql`occasion.id AS "occasionId", occasion.name AS "occasionName",` : sql``}
               co.id, ${isoText(sql`co.at`)} AS "completedAt", co.at::text AS "atKey",
               oi.outfit_id AS "outfitId", oi.product_id AS "productId",
               c.item_id AS "itemId", c.quantity,
               ${isoText(sql`c.first_bought_at`)} AS "firstBoughtAt",
               ${isoText(sql`c.last_bought_at`)} AS "lastBoughtAt",
               i.img, i.color, i.color_hex AS "colorHex", i.size
          FROM ${occasion ? sql`occasion LEFT JOIN (${joined}) ON true` : joined}
         ORDER BY co.at DESC, co.id DESC, c.last_bought_at DESC, c.item_id DESC`;
  const rows = await querySearched<Row>(client, name, terms, statement);
  const outfits: ClosetOutfitRef[] = [];
  const owned: OwnedPiece[] = [];
  for (const row of rows) {
    const { id, completedAt, atKey } = row;
    if (id === null || completedAt === null || atKey === null) continue;
    if (outfits.at(-1)?.id !== id) outfits.push({ id, completedAt, atKey });
    if (row.itemId === null) continue;
    const { outfitId, productId, itemId, quantity, firstBoughtAt, lastBoughtAt } = row as Owned;
    const { img, color, colorHex, size } = row as Owned;
    const look = img === null ? null : { img, color, colorHex, size };
    owned.push({ outfitId, productId, itemId, quantity, firstBoughtAt, lastBoughtAt, look });
  }
  if (!occasion) return { outfits, owned };
  const [first] = rows;
  const id = first?.occasionId;
  const named = first?.occasionName;
  return { outfits, owned, occasion: id != null && named != null ? { id, name: named } : null };
}

/**
 * One page of the shopper's closet outfits, the most recently completed first: those after
 * `after`, one more than a page shows, with what they own of each. Read from closet_outfits
 * (0027) in an index's order: closet_outfits_user_recent_idx, or with an occasion
 * closet_outfits_user_occasion_recent_idx.
 */
export function pageClosetOutfits(
  client: SqlClient,
  userId: number,
  filter: ClosetOutfitFilter,
  after: ClosetOutfitKey | undefined,
): Promise<ClosetOutfitRows> {
  return withOwned(
    client,
    preparedAs('closet_outfits', filter.terms),
    filter.terms,
    userId,
    sql`SELECT co.outfit_id AS id, co.completed_at AS at
          FROM closet_outfits co
          ${filter.terms === undefined ? sql`` : sql`JOIN outfits o ON o.id = co.outfit_id`}
         WHERE co.user_id = ${userId}
           ${filter.occasion === undefined ? sql`` : sql`AND co.occasion_id = (SELECT id FROM occasion)`}
           ${matching(sql`o.search_text`, filter.terms)}
           ${before(sql`co.completed_at`, sql`co.outfit_id`, after)}
         ORDER BY co.completed_at DESC, co.outfit_id DESC
         LIMIT ${OUTFIT_PAGE_READ}`,
    filter.occasion,
  );
}

/** One of the shopper's closet outfits with what they own of it; none if it is not one. */
export function findClosetOutfit(
  client: SqlClient,
  userId: number,
  outfitId: number,
): Promise<ClosetOutfitRows> {
  return withOwned(
    client,
    'closet_outfit',
    undefined,
    userId,
    sql`SELECT co.outfit_id AS id, co.completed_at AS at FROM closet_outfits co
         WHERE co.user_id = ${userId} AND co.outfit_id = ${outfitId}`,
  );
}

export interface OccasionCoverRow {
  occasionId: number;
  occasion: string;
  outfits: number;
  /** A piece of the occasion's most recently completed closet outfit; null when it has none. */
  slot: Slot | null;
  image: string | null;
}

/**
 * Every occasion, how many closet outfits it holds, and the pieces' pictures of the newest one:
 * a row per piece (one row of nulls for an occasion without closet outfits). The newest is read
 * from closet_outfits_user_occasion_recent_idx, one row per occasion, not a sort of the closet.
 * Each picture is of the variant the shopper owns, as the outfit's card shows it: the piece
 * itself when owned, else the variant of its product bought last.
 */
export function countClosetOutfitsByOccasion(
  client: SqlClient,
  userId: number,
): Promise<OccasionCoverRow[]> {
  return queryPrepared<OccasionCoverRow>(
    client,
    'closet_occasion_covers',
    sql`SELECT o.id AS "occasionId", o.name AS occasion, coalesce(g.outfits, 0) AS outfits,
               oi.slot, i.image
          FROM occasions o
          LEFT JOIN (SELECT occasion_id, count(*)::int AS outfits FROM closet_outfits
                      WHERE user_id = ${userId} GROUP BY occasion_id) g ON g.occasion_id = o.id
          LEFT JOIN LATERAL (
                SELECT outfit_id FROM closet_outfits
                 WHERE user_id = ${userId} AND occasion_id = o.id
                 ORDER BY completed_at DESC, outfit_id DESC
                 LIMIT 1) latest ON true
          LEFT JOIN outfit_items oi ON oi.outfit_id = latest.outfit_id
          LEFT JOIN LATERAL (
                SELECT c.item_id FROM closet_items c
                 WHERE c.user_id = ${userId} AND c.product_id = oi.product_id
                 ORDER BY c.item_id = oi.item_id DESC, c.last_bought_at DESC, c.item_id DESC
                 LIMIT 1) mine ON true
          LEFT JOIN items i ON i.id = coalesce(mine.item_id, oi.item_id)
         ORDER BY o.id`,
  );
}

const OCCASION_ID_MAX = 32_767;

/** What a path's `Brunch` or `3` names; undefined for an id no occasion can have. */
export function occasionRef(nameOrId: string): OccasionRef | undefined {
  if (!/^\d+$/.test(nameOrId)) return { name: nameOrId };
  const id = Number(nameOrId);
  // Occasion ids are smallints: a larger number names none, and must not reach PostgreSQL.
  return id > OCCASION_ID_MAX ? undefined : { id };
}

/** The occasion's id in a statement: the id itself, or the one its name names (null for none). */
function occasionId(ref: OccasionRef): SQL {
  return 'id' in ref
    ? sql`${ref.id}`
    : sql`(SELECT id FROM occasions WHERE lower(name) = lower(${ref.name}) ORDER BY id LIMIT 1)`;
}

/**
 * Every category: how many pieces the shopper owns in it, how many units (both kept per shopper,
 * 0045), and the picture of the one bought last (null when none), one item per category read
 * from closet_items_user_category_recent_idx.
 */
export function countPiecesByCategory(
  client: SqlClient,
  userId: number,
): Promise<ClosetCategoryCount[]> {
  return queryPrepared<ClosetCategoryCount>(
    client,
    'closet_category_counts',
    sql`SELECT c.id, c.name, c.slot, coalesce(g.pieces, 0) AS pieces,
               coalesce(g.units, 0) AS units, cover.image AS cover
          FROM categories c
          LEFT JOIN closet_pieces_by_category g ON g.user_id = ${userId} AND g.category_id = c.id
          LEFT JOIN LATERAL (
                SELECT i.image FROM closet_items ci JOIN items i ON i.id = ci.item_id
                 WHERE ci.user_id = ${userId} AND ci.category_id = c.id
                 ORDER BY ci.last_bought_at DESC, ci.item_id DESC
                 LIMIT 1) cover ON true
         ORDER BY c.id`,
  );
}

export interface PieceRow extends ItemRow {
  quantity: number;
  firstBoughtAt: string;
  lastBoughtAt: string;
}

export interface PagedPieceRow extends PieceRow {
  /** last_bought_at to the microsecond, for a page's cursor. */
  atKey: string;
}

/** Where a page of owned pieces starts: after this one (latest bought first, then item id). */
export type PieceKey = [lastBoughtAt: string, itemId: number];

/**
 * One page of the pieces owned in a category, the most recently bought first: those after
 * `after`, one more than a page shows, read from closet_items_user_category_recent_idx (0027).
 */
export function pagePieces(
  client: SqlClient,
  userId: number,
  filter: { categoryId: number; terms?: readonly SearchTerm[] | undefined },
  after: PieceKey | undefined,
): Promise<PagedPieceRow[]> {
  const statement = sql`SELECT ${itemColumnsSql}, ci.quantity,
               ${isoText(sql`ci.first_bought_at`)} AS "firstBoughtAt",
               ${isoText(sql`ci.last_bought_at`)} AS "lastBoughtAt",
               ci.last_bought_at::text AS "atKey"
          FROM closet_items ci
          JOIN items i ON i.id = ci.item_id
          JOIN categories c ON c.id = i.category_id
         -- The copies closet_items keeps: the category (0027), so the index narrows to it, and
         -- the words (0076), so a search reads the items of the pieces it shows alone.
         WHERE ci.user_id = ${userId} AND ci.category_id = ${filter.categoryId}
           ${matching(sql`ci.words`, filter.terms)}
           ${before(sql`ci.last_bought_at`, sql`ci.item_id`, after)}
         ORDER BY ci.last_bought_at DESC, ci.item_id DESC
         LIMIT ${PAGE_READ}`;
  return querySearched<PagedPieceRow>(
    client,
    preparedAs('closet_pieces', filter.terms),
    filter.terms,
    statement,
  );
}

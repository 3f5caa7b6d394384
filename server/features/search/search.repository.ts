import { and, desc, eq, inArray, lt, not, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, type SqlClient, statementName } from '../../db/client';
import { outfits, swipes } from '../../db/schema';
import type { ItemRow } from '../../lib/items';
import {
  indexable,
  likePattern,
  matchesAllTerms,
  nameContains,
  type SearchQuery,
} from '../../lib/text-search';

/** Where a page starts: the group (0: the phrase is in the name, 1: elsewhere) and the last id. */
export interface Cursor {
  tier: number;
  afterId: number;
}

/**
 * Results come in groups, best first: with text, those whose name holds the whole phrase typed,
 * then the rest; each group in id order, asked for with an id cursor and LIMIT, so pages never
 * overlap however the catalogue changes. For outfits PostgreSQL answers by walking the id index
 * and stopping at the first page; for items see `searchItemIds`.
 */
async function pageThroughTiers(
  tiers: (SQL | undefined)[],
  cursor: Cursor,
  limit: number,
  fetch: (tier: SQL | undefined, afterId: number, take: number, index: number) => Promise<number[]>,
): Promise<{ ids: number[]; next: Cursor | null }> {
  const found: { id: number; tier: number }[] = [];
  for (let tier = cursor.tier; tier < tiers.length && found.length <= limit; tier++) {
    const afterId = tier === cursor.tier ? cursor.afterId : 0;
    const ids = await fetch(tiers[tier], afterId, limit + 1 - found.length, tier);
    for (const id of ids) found.push({ id, tier });
  }
  if (found.length <= limit) return { ids: found.map((f) => f.id), next: null };
  const page = found.slice(0, limit);
  const last = page[page.length - 1]!;
  return { ids: page.map((f) => f.id), next: { tier: last.tier, afterId: last.id } };
}

/** The groups of a search: by name first when the phrase can be looked up as typed. */
function tiersFor(query: SearchQuery, column: AnyPgColumn | SQL) {
  if (!query.ranked) return [undefined];
  const inName = nameContains(column, query.text.phrase);
  return [inName, not(inName)];
}

/** How many ids an item search walks before it asks the trigram indexes (see searchItemPage). */
const WALK_IDS = 8_000;

export interface VariantRow extends ItemRow {
  /** The result (first item of the colour) this variant belongs to. */
  resultId: number;
  hearted: boolean;
}

export interface ItemPage {
  /** The results (first item of each product colour), in order. */
  ids: number[];
  next: Cursor | null;
  /** Every size of those results' product colours, and which of them the shopper hearted. */
  variants: VariantRow[];
  /** How many words `search_words` held, when the query's corrections asked to check it. */
  words: number | null;
}

/**
 * Numbered parameters for a statement whose text depends only on the shape of the search (how
 * many words, which groups, categories or not), never on what was typed: the same text can then
 * be prepared once per connection.
 */
function parameters() {
  const values: unknown[] = [];
  return {
    values,
    add(value: unknown, type: string) {
      values.push(value);
      return `$${values.length}::${type}`;
    },
  };
}

/**
 * A page of matching product colours, where the next one starts, and the sizes of each, in one
 * statement. Sizes share one name, colour and seller, so they would rank alike and crowd the
 * page: search shows one result per product colour, its first item (`colour_lead`,
 * 0008_colour_leads.sql).
 *
 * Results come in groups (see `tiersFor`), each read in id order after the cursor. Whether to
 * walk the ids or ask the trigram index depends on how common the words are, which PostgreSQL's
 * trigram estimates do not tell: walking the ids finds a page of a common word in a few hundred
 * rows but reads the whole catalogue for a rare one (400 ms), and the index finds a rare word at
 * once but makes a common one sort thousands of matches (20–60 ms). So each group first walks the
 * next WALK_IDS ids without the index (`|| ''` makes the expressions ones no index covers), and
 * only if that leaves the page short asks the trigram indexes for matches beyond them and sorts
 * them (`id + 0` keeps the id walk out, `category_id + 0` the category index). A later part runs
 * only when the earlier ones left the page short (a one-time filter on their count), so a page
 * found in the first walk costs that walk alone.
 *
 * Without categories every plan is then fixed by the statement's text, not by the words typed,
 * so the statement is prepared (named by its text): parsed and planned once per connection.
 * With categories the walk is best through the `(id, category_id)` index, which only a plan made
 * for the given categories uses (a generic plan walked every id: 283 against 323 req/s), and
 * searches the index cannot help (one or two letters, or no text) walk the ids through whichever
 * index PostgreSQL picks for what was asked: those are planned each time.
 */
export async function searchItemPage(
  client: SqlClient,
  query: SearchQuery,
  options: { userId: number; categoryIds: readonly number[]; cursor: Cursor; limit: number },
): Promise<ItemPage> {
  const { cursor, limit } = options;
  const tiers = query.ranked ? [true, false] : [null];
  if (cursor.tier >= tiers.length) return { ids: [], next: null, variants: [], words: null };
  const $ = parameters();
  const take = $.add(limit + 1, 'int');
  const terms = query.terms.map(({ term, alternatives }) =>
    $.add([term, ...alternatives].map(likePattern), 'text[]'),
  );
  const phrase = query.ranked ? $.add(likePattern(query.text.phrase), 'text') : '';
  const categories = options.categoryIds.length ? $.add([...options.categoryIds], 'int[]') : null;
  const walk = indexable(query.text.terms);
  const where = (text: string, name: string, category: string, inName: boolean | null) =>
    [
      'i.colour_lead',
      ...terms.map((t) => `${text} LIKE ANY(${t})`),
      ...(inName === null ? [] : [`${inName ? '' : 'NOT '}(${name} LIKE ${phrase})`]),
      ...(categories ? [`${category} = ANY(${categories})`] : []),
    ].join(' AND ');
  const parts: { name: string; tier: number; sql: string }[] = [];
  const shortSoFar = () =>
    parts.length
      ? ` AND ${parts.map((p) => `(SELECT count(*) FROM ${p.name})`).join(' + ')} < ${take}`
      : '';
  for (let tier = cursor.tier; tier < tiers.length; tier++) {
    const after = $.add(tier === cursor.tier ? cursor.afterId : 0, 'int');
    const inName = tiers[tier]!;
    if (!walk) {
      parts.push({
        name: `t${tier}`,
        tier,
        sql: `SELECT i.id FROM items i
               WHERE ${where('i.search_text', 'lower(i.name)', 'i.category_id', inName)}
                 AND i.id > ${after}${shortSoFar()}
               ORDER BY i.id LIMIT ${take}`,
      });
      continue;
    }
    const near = `SELECT i.id FROM items i
                   WHERE ${where("(i.search_text || '')", "lower(i.name || '')", 'i.category_id', inName)}
                     AND i.id > ${after} AND i.id <= ${after} + ${WALK_IDS}${shortSoFar()}
                   ORDER BY i.id LIMIT ${take}`;
    parts.push({ name: `near${tier}`, tier, sql: near });
    const far = `SELECT i.id FROM items i
                  WHERE ${where('i.search_text', 'lower(i.name)', '(i.category_id + 0)', inName)}
                    AND i.id + 0 > ${after} + ${WALK_IDS}${shortSoFar()}
                  ORDER BY i.id + 0 LIMIT ${take}`;
    parts.push({ name: `far${tier}`, tier, sql: far });
  }
  const user = $.add(options.userId, 'int');
  const shown = $.add(limit, 'int');
  const page = `
    WITH ${parts.map((p) => `${p.name} AS (${p.sql})`).join(',\n')},
    page AS (
      SELECT id, tier, row_number() OVER (ORDER BY tier, id) AS n
        FROM (${parts.map((p) => `SELECT id, ${p.tier} AS tier FROM ${p.name}`).join(' UNION ALL ')}) found
       ORDER BY tier, id LIMIT ${take})
    SELECT p.n, p.tier, p.id AS "resultId", i.id, i.product_id AS "productId", i.name, i.image,
           i.category_id AS "categoryId", c.name AS category, i.price_cents AS "priceCents",
           i.seller, i.color, i.color_hex AS "colorHex", i.size, i.stock,
           EXISTS (SELECT 1 FROM item_favorites f
                    WHERE f.user_id = ${user} AND f.item_id = i.id AND f.outfit_id IS NULL) AS hearted
      FROM page p
      JOIN items r ON r.id = p.id
      -- The row past the page only tells that there is a next page: no sizes for it.
      LEFT JOIN items i ON i.product_id = r.product_id AND i.color = r.color AND p.n <= ${shown}
      LEFT JOIN categories c ON c.id = i.category_id`;
  // Corrections of words not found are checked against the word list in the same snapshot; the
  // outer join answers one row even for an empty page.
  const text =
    query.assumedWords === null
      ? `SELECT v.*, NULL::int AS words FROM (${page}) v ORDER BY v.n`
      : `SELECT v.*, d.words FROM (SELECT count(*)::int AS words FROM search_words) d
           LEFT JOIN (${page}) v ON true ORDER BY v.n`;
  const rows = await client.query<
    Omit<VariantRow, 'id'> & {
      id: number | null;
      n: number | null;
      tier: number;
      words: number | null;
    }
  >(text, $.values, walk && !categories ? { name: statementName('search_items', text) } : {});
  const ids: number[] = [];
  const variants: VariantRow[] = [];
  let next: Cursor | null = null;
  let last: Cursor | null = null;
  for (const row of rows) {
    if (row.n === null) continue;
    if (row.n > limit) {
      next = last;
      continue;
    }
    if (ids[ids.length - 1] !== row.resultId) {
      ids.push(row.resultId);
      last = { tier: row.tier, afterId: row.resultId };
    }
    if (row.id !== null) variants.push({ ...row, id: row.id });
  }
  return { ids, next, variants, words: rows[0]?.words ?? null };
}

/** A page of matching outfits, newest first within each group. */
export function searchOutfitIds(
  db: Db,
  query: SearchQuery,
  options: { cursor: Cursor; limit: number },
) {
  const match = matchesAllTerms(outfits.searchText, query.terms);
  return pageThroughTiers(
    tiersFor(query, outfits.name),
    options.cursor,
    options.limit,
    async (tier, afterId, take) => {
      const rows = await db
        .select({ id: outfits.id })
        .from(outfits)
        .where(and(match, tier, afterId ? lt(outfits.id, afterId) : undefined))
        .orderBy(desc(outfits.id))
        .limit(take);
      return rows.map((r) => r.id);
    },
  );
}

/** Which of these outfits the shopper swiped right on. */
export async function likedAmong(
  db: Db,
  userId: number,
  outfitIds: readonly number[],
): Promise<Set<number>> {
  if (outfitIds.length === 0) return new Set();
  const rows = await db
    .select({ id: swipes.outfitId })
    .from(swipes)
    .where(
      and(
        eq(swipes.userId, userId),
        eq(swipes.direction, 'like'),
        inArray(swipes.outfitId, [...outfitIds]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

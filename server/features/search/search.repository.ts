import { and, asc, desc, eq, gt, inArray, lt, lte, not, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { categories, items, outfits, swipes } from '../../db/schema';
import { type ItemRow, itemColumns } from '../../lib/items';
import { indexable, matchesAllTerms, nameContains, type SearchQuery } from '../../lib/text-search';

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

/** How many ids an item search walks before it asks the trigram indexes (see searchItemIds). */
const WALK_IDS = 8_000;

/**
 * A page of matching product colours and where the next one starts. Sizes share one name,
 * colour and seller, so they would rank alike and crowd the page: search shows one result per
 * product colour, its first item (`colour_lead`, 0008_colour_leads.sql).
 */
export function searchItemIds(
  db: Db,
  query: SearchQuery,
  options: { categoryIds: readonly number[]; cursor: Cursor; limit: number },
) {
  const inCategories = options.categoryIds.length
    ? inArray(items.categoryId, [...options.categoryIds])
    : undefined;
  const matching = (text: AnyPgColumn | SQL, name: AnyPgColumn | SQL) => ({
    match: and(eq(items.colourLead, true), matchesAllTerms(text, query.terms), inCategories),
    tiers: tiersFor(query, name),
  });
  const page = (where: SQL | undefined, order: SQL, take: number) =>
    db
      .select({ id: items.id })
      .from(items)
      .where(where)
      .orderBy(order)
      .limit(take)
      .then((rows) => rows.map((r) => r.id));
  const after = (id: number) => (id ? gt(items.id, id) : undefined);

  // Words the trigram index cannot look up (one or two letters): walk the ids to the first page.
  if (!indexable(query.text.terms)) {
    const { match, tiers } = matching(items.searchText, items.name);
    return pageThroughTiers(tiers, options.cursor, options.limit, (tier, afterId, take) =>
      page(and(match, tier, after(afterId)), asc(items.id), take),
    );
  }
  // Otherwise it depends on how common the words are, which PostgreSQL's trigram estimates do not
  // tell: walking the ids finds a page of a common word in a few hundred rows but reads the whole
  // catalogue for a rare one (400 ms), and the index finds a rare word at once but makes a common
  // one sort thousands of matches (20–60 ms). So: walk the next WALK_IDS ids without the index
  // (the expressions below are not the indexed ones), and only if that leaves the page short, let
  // the indexes find the rest beyond them and sort it (`id + 0` keeps the id walk out).
  const near = matching(sql`(${items.searchText} || '')`, sql`(${items.name} || '')`);
  const far = matching(items.searchText, items.name);
  return pageThroughTiers(
    near.tiers,
    options.cursor,
    options.limit,
    async (nearTier, afterId, take, tier) => {
      const reach = afterId + WALK_IDS;
      const found = await page(
        and(near.match, nearTier, after(afterId), lte(items.id, reach)),
        asc(items.id),
        take,
      );
      if (found.length === take) return found;
      const rest = await page(
        and(far.match, far.tiers[tier], gt(items.id, reach)),
        sql`${items.id} + 0`,
        take - found.length,
      );
      return [...found, ...rest];
    },
  );
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

export interface VariantRow extends ItemRow {
  /** The result (first item of the colour) this variant belongs to. */
  resultId: number;
  hearted: boolean;
}

/** Every size of the given results' product colours, and which of them the shopper hearted. */
export function loadResultVariants(
  db: Db,
  userId: number,
  resultIds: readonly number[],
): Promise<VariantRow[]> {
  if (resultIds.length === 0) return Promise.resolve([]);
  const result = alias(items, 'result');
  return db
    .select({
      ...itemColumns,
      resultId: result.id,
      hearted: sql<boolean>`EXISTS (SELECT 1 FROM item_favorites f WHERE f.user_id = ${userId} AND f.item_id = ${items.id} AND f.outfit_id IS NULL)`,
    })
    .from(result)
    .innerJoin(items, and(eq(items.productId, result.productId), eq(items.color, result.color)))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(inArray(result.id, [...resultIds]));
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

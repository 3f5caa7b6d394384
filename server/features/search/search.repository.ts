import { and, asc, desc, eq, gt, inArray, lt, not, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
  fetch: (tier: SQL | undefined, afterId: number, take: number) => Promise<number[]>,
): Promise<{ ids: number[]; next: Cursor | null }> {
  const found: { id: number; tier: number }[] = [];
  for (let tier = cursor.tier; tier < tiers.length && found.length <= limit; tier++) {
    const afterId = tier === cursor.tier ? cursor.afterId : 0;
    const ids = await fetch(tiers[tier], afterId, limit + 1 - found.length);
    for (const id of ids) found.push({ id, tier });
  }
  if (found.length <= limit) return { ids: found.map((f) => f.id), next: null };
  const page = found.slice(0, limit);
  const last = page[page.length - 1]!;
  return { ids: page.map((f) => f.id), next: { tier: last.tier, afterId: last.id } };
}

/** The groups of a search: by name first when the phrase can be looked up as typed. */
function tiersFor(query: SearchQuery, column: Parameters<typeof nameContains>[0]) {
  if (!query.ranked) return [undefined];
  const inName = nameContains(column, query.text.phrase);
  return [inName, not(inName)];
}

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
  const match = and(
    eq(items.colourLead, true),
    matchesAllTerms(items.searchText, query.terms),
    options.categoryIds.length ? inArray(items.categoryId, [...options.categoryIds]) : undefined,
  );
  // With words the trigram indexes can look up, they must be used: left to choose, PostgreSQL
  // may walk the id index hoping to meet a page of matches early, and read the whole catalogue
  // when a group has few or none (400 ms at 138,000 items). `id + 0` makes it sort what the
  // indexes found instead: a few thousand colour leads at most for a word as common as a colour.
  // Without such words there is no index to use, and walking the ids to the first page is best.
  const order = indexable(query.text.terms) ? sql`${items.id} + 0` : asc(items.id);
  return pageThroughTiers(
    tiersFor(query, items.name),
    options.cursor,
    options.limit,
    async (tier, afterId, take) => {
      const rows = await db
        .select({ id: items.id })
        .from(items)
        .where(and(match, tier, afterId ? gt(items.id, afterId) : undefined))
        .orderBy(order)
        .limit(take);
      return rows.map((r) => r.id);
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

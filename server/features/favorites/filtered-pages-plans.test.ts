import { expect, it } from 'vitest';
import { OUTFIT_PAGE_SIZE, PAGE_SIZE } from '../../../contracts/common';
import type { Database, SqlClient } from '../../db/client';
import type { SearchTerm } from '../../lib/text-search';
import {
  CROWD,
  describeKeptPlans,
  LONG_HISTORY,
  oneLongHistory,
  readOnGenericPlan,
  recentRows,
  statementSent,
} from '../../test/kept-plans';
import { pageFavoriteItems, pageLikedOutfits, SEARCH_WALK } from './favorite.repository';

// A page of one category or occasion the shopper seldom chose: each has a shop of its own.

/** Each of the `users` likes the `count` outfits of the lowest ids (`recentRows`). */
const likesOf = (users: string, count: number) =>
  recentRows({ table: 'swipes', column: 'outfit_id', values: { direction: "'like'" } }, users, {
    table: 'outfits',
    where: 'true',
    count,
  });

/** A crowd who liked two outfits each, and a shopper who liked two pages of them: that one's id. */
const twoPagesOfLikes = (database: Database) =>
  oneLongHistory(database, 'swipes', {
    crowd: likesOf(CROWD, 2),
    long: likesOf(LONG_HISTORY, 2 * PAGE_SIZE),
  });

const TOPS = 1;
const OUTERWEAR = 6;

describeKeptPlans("a category's page of favourite pieces at any history", (shopDatabase) => {
  it('reads the pieces of the category asked for, not every heart of the others', async () => {
    const database = shopDatabase();
    const hearts = (users: string, category: number, count: number, age?: string) =>
      recentRows(
        { table: 'item_favorites', column: 'item_id', values: { source: "'heart'" } },
        users,
        { table: 'items', where: `category_id = ${category}`, count },
        age,
      );
    // The crowd hearted a top and a coat each; the long history is nearly all tops, and the
    // coats it hearted are its oldest hearts.
    const heavy = await oneLongHistory(database, 'item_favorites', {
      crowd: `${hearts(CROWD, TOPS, 1)}; ${hearts(CROWD, OUTERWEAR, 1)}`,
      long: `WITH tops AS (${hearts(LONG_HISTORY, TOPS, 150)} RETURNING 1)
               ${hearts(LONG_HISTORY, OUTERWEAR, 3, '1 day')}`,
    });
    const [count] = await database.sql.query<{ tops: number }>(
      'SELECT count(*)::int AS tops FROM item_favorites WHERE user_id = $1 AND category_id = $2',
      [heavy, TOPS],
    );

    const { result, rowsRead } = await readOnGenericPlan(database, 'item_favorites', (on) =>
      pageFavoriteItems({ sql: on }, heavy, { categoryIds: [OUTERWEAR] }, undefined),
    );
    const page = result.rows;

    expect(count!.tops).toBeGreaterThan(4 * PAGE_SIZE);
    expect(page.map((row) => row.categoryId)).toEqual([OUTERWEAR, OUTERWEAR, OUTERWEAR]);
    // The three coats' own entries, never the tops before them.
    expect(rowsRead).toBeLessThanOrEqual(3 + 1);
  });
});

describeKeptPlans('a search of favourite pieces at any history', (shopDatabase) => {
  it('reads a page of hearts, not every heart of the history', async () => {
    const database = shopDatabase();
    const hearts = (users: string, count: number) =>
      recentRows(
        { table: 'item_favorites', column: 'item_id', values: { source: "'heart'" } },
        users,
        { table: 'items', where: 'true', count },
      );
    // Each of the crowd hearted a hundred pieces, the long history five hundred.
    const heavy = await oneLongHistory(database, 'item_favorites', {
      crowd: hearts(CROWD, 100),
      long: hearts(LONG_HISTORY, 500),
    });
    // A letter the text of every piece the long history hearted holds, so each heart matches.
    const [letter] = await database.sql.query<{ l: string }>(
      `SELECT l FROM unnest(string_to_array('etaoinsrlcdu', NULL)) AS l
        WHERE NOT EXISTS (SELECT 1 FROM item_favorites f JOIN items i ON i.id = f.item_id
                           WHERE f.user_id = $1 AND i.search_text NOT LIKE '%' || l || '%')
        LIMIT 1`,
      [heavy],
    );

    expect(letter).toBeDefined();
    const terms = [{ term: letter!.l, alternatives: [] }];
    const { result: page, rowsRead } = await readOnGenericPlan(database, 'item_favorites', (on) =>
      pageFavoriteItems({ sql: on }, heavy, { terms }, undefined),
    );

    // A page and the one after it that says another page follows, within the walk: its bound,
    // read from the index alone, then the hearts from the newest, as far as the bound at most
    // (the plan kept may read the whole stretch and sort it): never the rest of the 500.
    expect(page.rows).toHaveLength(PAGE_SIZE + 1);
    expect(page.walkBound).toBeNull();
    expect(rowsRead).toBeLessThanOrEqual(2 * SEARCH_WALK + 2);
  });

  // Two letters and five: the walk does not hang on a word's length.
  it.each(['q§', 'qzxwv'])(
    'walks back a bounded stretch for %s, which no heart holds, and says how far',
    async (term) => {
      const database = shopDatabase();
      const [heavy] = await database.sql.query<{ id: number }>(
        "SELECT id FROM users WHERE username = 'longhistory'",
      );
      const times = await database.sql.query<{ at: string }>(
        `SELECT created_at::text AS at FROM item_favorites WHERE user_id = $1
        ORDER BY created_at DESC`,
        [heavy!.id],
      );
      const terms = [{ term, alternatives: [] }];
      const { result: page, rowsRead } = await readOnGenericPlan(database, 'item_favorites', (on) =>
        pageFavoriteItems({ sql: on }, heavy!.id, { terms }, undefined),
      );

      expect(times).toHaveLength(500);
      expect(page.rows).toEqual([]);
      // As far back as the walk's last heart: the next page starts before it.
      expect(page.walkBound).toBe(times[SEARCH_WALK - 1]!.at);
      // The bound, then the walk to it: 400 of the 500 hearts, each once or twice, at most.
      expect(rowsRead).toBeLessThanOrEqual(2 * SEARCH_WALK + 2);
    },
  );

  it('checks the words each heart carries, and reads no item for them', async () => {
    const database = shopDatabase();
    const [heavy] = await database.sql.query<{ id: number }>(
      "SELECT id FROM users WHERE username = 'longhistory'",
    );
    const terms = [{ term: 'qzxwv', alternatives: [] }];
    const {
      result: page,
      rowsRead,
      heapVisits,
    } = await readOnGenericPlan(database, 'items', (on) =>
      pageFavoriteItems({ sql: on }, heavy!.id, { terms }, undefined),
    );

    expect(page.rows).toEqual([]);
    expect(page.walkBound).not.toBeNull();
    // The walk passed SEARCH_WALK hearts and probed none of their items (0072); the page's own
    // join of items may open its index once before finding the page empty.
    expect(rowsRead).toBeLessThanOrEqual(1);
    expect(heapVisits).toBe(0);
  });
});

describeKeptPlans("one occasion's liked outfits at any history", (shopDatabase) => {
  it('reads the likes of the occasion asked for, not every like of the others', async () => {
    const database = shopDatabase();
    const [often, seldom] = await database.sql.query<{ id: number }>(
      'SELECT occasion_id AS id FROM outfits GROUP BY occasion_id ORDER BY count(*) DESC LIMIT 2',
    );
    const likes = (users: string, occasion: number, count: number, age?: string) =>
      recentRows(
        { table: 'swipes', column: 'outfit_id', values: { direction: "'like'" } },
        users,
        { table: 'outfits', where: `occasion_id = ${occasion}`, count },
        age,
      );
    // Sixty more outfits of the first occasion, each with the pieces of one of them.
    const more = `WITH made AS (
        INSERT INTO outfits (name, occasion_id)
        SELECT 'long history look ' || n, ${often!.id} FROM generate_series(1, 60) AS n
        RETURNING id)
      INSERT INTO outfit_items (outfit_id, slot, item_id, category_id, product_id, color)
      SELECT m.id, oi.slot, oi.item_id, oi.category_id, oi.product_id, oi.color
        FROM made m, outfit_items oi
       WHERE oi.outfit_id = (SELECT min(id) FROM outfits WHERE occasion_id = ${often!.id})`;
    // The crowd liked one outfit of each; the long history is nearly all of one occasion, and
    // its three likes of the other are its oldest.
    const heavy = await oneLongHistory(database, 'swipes', {
      crowd: `${more}; ${likes(CROWD, often!.id, 1)}; ${likes(CROWD, seldom!.id, 1)}`,
      long: `WITH often AS (${likes(LONG_HISTORY, often!.id, 200)} RETURNING 1)
             ${likes(LONG_HISTORY, seldom!.id, 3, '1 day')}`,
    });
    const [count] = await database.sql.query<{ often: number }>(
      `SELECT count(*)::int AS often FROM swipes
        WHERE user_id = $1 AND direction = 'like' AND occasion_id = $2`,
      [heavy, often!.id],
    );

    const {
      result: page,
      rowsRead,
      heapVisits,
    } = await readOnGenericPlan(database, 'swipes', (on) =>
      pageLikedOutfits({ ...database, sql: on }, heavy, { occasionId: seldom!.id }, undefined),
    );

    expect(count!.often).toBeGreaterThan(4 * OUTFIT_PAGE_SIZE);
    expect(page.liked).toHaveLength(3);
    // The three likes' own entries, never the likes of the other occasion before them.
    expect(rowsRead).toBeLessThanOrEqual(3 + 1);
    // Each from the index alone, whether its pieces are written out too (0066).
    expect(heapVisits).toBe(0);
  });
});

describeKeptPlans('a search of liked outfits at any history', (shopDatabase) => {
  it('walks back a bounded stretch for a word no liked outfit holds, and says how far', async () => {
    const database = shopDatabase();
    // More outfits than a walk and a half, each with the pieces of the first.
    const more = `WITH made AS (
        INSERT INTO outfits (name, occasion_id)
        SELECT 'long history look ' || n, (SELECT min(id) FROM occasions)
          FROM generate_series(1, ${SEARCH_WALK + 100}) AS n
        RETURNING id)
      INSERT INTO outfit_items (outfit_id, slot, item_id, category_id, product_id, color)
      SELECT m.id, oi.slot, oi.item_id, oi.category_id, oi.product_id, oi.color
        FROM made m, outfit_items oi WHERE oi.outfit_id = (SELECT min(id) FROM outfits)`;
    const heavy = await oneLongHistory(database, 'swipes', {
      crowd: `${more}; ${likesOf(CROWD, 2)}`,
      long: likesOf(LONG_HISTORY, SEARCH_WALK + 100),
    });
    const walked = await database.sql.query<{ at: string; outfit: number }>(
      `SELECT created_at::text AS at, outfit_id AS outfit FROM swipes WHERE user_id = $1
        ORDER BY created_at DESC, outfit_id DESC`,
      [heavy],
    );

    expect(walked).toHaveLength(SEARCH_WALK + 100);
    // Two letters and five: the walk does not hang on a word's length.
    for (const term of ['q§', 'qzxwv']) {
      const terms = [{ term, alternatives: [] }];
      const { result: page, rowsRead } = await readOnGenericPlan(database, 'swipes', (on) =>
        pageLikedOutfits({ ...database, sql: on }, heavy, { terms }, undefined),
      );

      expect(page.liked).toEqual([]);
      // As far back as the walk's last like: the next page starts after it.
      const last = walked[SEARCH_WALK - 1]!;
      expect(page.lastLikeWalked).toEqual([last.at, last.outfit]);
      // The walk, and never the hundred likes after it.
      expect(rowsRead).toBeLessThanOrEqual(SEARCH_WALK + 1);
    }
  });
});

describeKeptPlans('the likes a page of favourites reads', (shopDatabase) => {
  it('come from the index alone, whether their pieces are written out too', async () => {
    const database = shopDatabase();
    const heavy = await twoPagesOfLikes(database);

    const outfits = await readOnGenericPlan(database, 'swipes', (on) =>
      pageLikedOutfits({ ...database, sql: on }, heavy, {}, undefined),
    );
    // Every outfit has a top: the tops that follow from the likes, a page of them.
    const tops = await readOnGenericPlan(database, 'swipes', (on) =>
      pageFavoriteItems({ sql: on }, heavy, { categoryIds: [TOPS] }, undefined),
    );

    expect(outfits.result.liked).toHaveLength(OUTFIT_PAGE_SIZE + 1);
    expect(outfits.result.liked.every((like) => !like.piecesWritten)).toBe(true);
    expect(tops.result.rows).toHaveLength(PAGE_SIZE + 1);
    expect(tops.result.rows.every((row) => row.source === 'outfit' && !row.written)).toBe(true);
    // A shopper's likes lie among everyone's swipes: a visit to each like's row was a page read.
    expect(outfits.heapVisits).toBe(0);
    expect(tops.heapVisits).toBe(0);
    // From the likes' index, not a walk of the table (which would visit no row either): the
    // outfits stop at their page; the tops' plan, kept for so small a shop, reads the shopper's
    // likes, never the crowd's.
    expect(outfits.rowsRead).toBeLessThanOrEqual(OUTFIT_PAGE_SIZE + 2);
    expect(tops.rowsRead).toBeLessThanOrEqual(2 * PAGE_SIZE);
  });
});

describeKeptPlans('a search of favourite pieces for a word', (shopDatabase) => {
  it("checks the words each like's pieces carry, and reads no item for them", async () => {
    const database = shopDatabase();
    const heavy = await twoPagesOfLikes(database);
    const terms = [{ term: 'qzxwv', alternatives: [] }];
    const search = (on: SqlClient) => pageFavoriteItems({ sql: on }, heavy, { terms }, undefined);

    const pieces = await readOnGenericPlan(database, 'outfit_items', search);
    const items = await readOnGenericPlan(database, 'items', search);

    expect(pieces.result.rows).toEqual([]);
    // Every piece of every like was checked (five an outfit) where the outfit's pieces are.
    expect(pieces.rowsRead).toBeGreaterThanOrEqual(5 * 2 * PAGE_SIZE);
    // The shopper hearted nothing, so no item was read: a like's piece carries its words (0070).
    expect(items.rowsRead).toBe(0);
    expect(items.heapVisits).toBe(0);
  });
});

describeKeptPlans('the statements a search of favourites keeps', (shopDatabase) => {
  it('keeps a statement a list for words as typed, none for words with typo alternatives', async () => {
    const database = shopDatabase();
    const [shopper] = await database.sql.query<{ id: number }>('SELECT min(id) AS id FROM users');
    const asTyped = [{ term: 'linen', alternatives: [] }];
    const withTypos = [{ term: 'lnen', alternatives: ['linen', 'lined'] }];
    const kept = await database.withConnection(async (on) => {
      const named = async () =>
        (
          await on.query<{ name: string }>(
            `SELECT name FROM pg_prepared_statements
              WHERE name LIKE 'favorite_pieces_page%' OR name LIKE 'liked_outfits_page%'
              ORDER BY name`,
          )
        ).map((row) => row.name);
      const before = await named();
      const search = (terms: SearchTerm[]) =>
        Promise.all([
          pageFavoriteItems({ sql: on }, shopper!.id, { terms }, undefined),
          pageLikedOutfits({ ...database, sql: on }, shopper!.id, { terms }, undefined),
        ]);
      await search(withTypos);
      const afterTypos = await named();
      await search(asTyped);
      return { before, afterTypos, afterTyped: await named() };
    });

    expect(kept.afterTypos).toEqual(kept.before);
    expect(kept.afterTyped.filter((name) => !kept.before.includes(name))).toHaveLength(2);
  });
});

/** A plan's nodes, each with the nodes under it. */
interface PlanNode {
  'Relation Name'?: string;
  'Join Type'?: string;
  Filter?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

/** The join types of `plan`'s nodes. */
function joinTypes(plan: PlanNode): string[] {
  const below = (plan.Plans ?? []).flatMap(joinTypes);
  return plan['Join Type'] ? [plan['Join Type'], ...below] : below;
}

/** Each node of `plan` that reads `table`, the plan's first. */
function readersOf(plan: PlanNode, table: string): PlanNode[] {
  const below = (plan.Plans ?? []).flatMap((node) => readersOf(node, table));
  return plan['Relation Name'] === table ? [plan, ...below] : below;
}

describeKeptPlans('the search of favourite pieces for words as typed', (shopDatabase) => {
  it("plans the likes' pieces alike for any word, so one plan is kept for all", async () => {
    const database = shopDatabase();
    const heavy = await twoPagesOfLikes(database);
    // A shop in use is analysed: the planner knows how often a word is in the pieces' words.
    await database.sql.exec('ANALYZE outfit_items');
    /** The rows PostgreSQL expects of outfit_items, the statement planned for `term`. */
    const expected = (term: string) =>
      database.withConnection(async (on) => {
        const terms = [{ term, alternatives: [] }];
        const sent = await statementSent(on, (capturing) =>
          pageFavoriteItems({ sql: capturing }, heavy, { terms }, undefined),
        );
        const [row] = await on.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `EXPLAIN (FORMAT JSON) ${sent.text}`,
          sent.params,
          { planEachTime: true },
        );
        return readersOf(row!['QUERY PLAN'][0].Plan, 'outfit_items').map((n) => n['Plan Rows']);
      });

    const common = await expected('e');
    const absent = await expected('qzxwv');

    expect(common.length).toBeGreaterThan(0);
    // Planned for its word, a common one and one no piece holds would be planned apart, and
    // PostgreSQL would plan each call for its words instead of keeping one plan.
    expect(absent).toEqual(common);
  });
});

describeKeptPlans('the search of favourite pieces in one category', (shopDatabase) => {
  it("checks a like's pieces in subqueries, each guessed as often true for any word", async () => {
    const database = shopDatabase();
    const heavy = await twoPagesOfLikes(database);
    const terms = [{ term: 'e', alternatives: [] }];
    const plan = await database.withConnection(async (on) => {
      const sent = await statementSent(on, (capturing) =>
        pageFavoriteItems({ sql: capturing }, heavy, { categoryIds: [TOPS], terms }, undefined),
      );
      const [row] = await on.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) ${sent.text}`,
        sent.params,
        { planEachTime: true },
      );
      return row!['QUERY PLAN'][0].Plan;
    });
    const filters = readersOf(plan, 'outfit_items').map((node) => node.Filter ?? '');

    expect(filters.some((filter) => filter.includes('SubPlan'))).toBe(true);
    // In sight, LIKE is guessed true for 0.5% of the pieces: the plan for a letter then read
    // every like of the walk and sorted them, rather than walking in order to a page (the log).
    expect(filters.join(' ')).not.toMatch(/words ~~/);
    // Nor is a piece hearted on its card joined away: an anti-join, hashed, lost the walk's order.
    expect(joinTypes(plan)).not.toContain('Anti');
  });
});

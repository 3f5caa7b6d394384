import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTFIT_PAGE_SIZE, PAGE_SIZE } from '../../../contracts/common';
import { followToEnd, pageUrl } from '../../test/pages';
import { createTestApp, signUp, type TestApp } from '../../test/test-app';
import { beforeTime, pageFavoriteItems, SEARCH_WALK } from './favorite.repository';

/**
 * The favourites lists, a page at a time, for a shopper with more than two pages of history:
 * followed to the end they list every favourite once, in one order, even when favourites are
 * added and removed between pages.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof signUp>>;

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []) {
  return t.db.database.sql.query<T>(text, params);
}

/**
 * Likes the outfits as the feed records a right swipe, one second apart and newest last, but
 * with every third pair at the same moment, so that the order's tie-break is crossed too.
 */
async function likeMany(userId: number, outfitIds: readonly number[]) {
  await sql(
    `INSERT INTO swipes (user_id, outfit_id, direction, created_at)
     SELECT $1, id, 'like', timestamptz '2026-01-01' + (n - n % 3) * interval '1 second'
       FROM unnest($2::int[]) WITH ORDINALITY AS u(id, n)`,
    [userId, outfitIds],
  );
}

/** The shopper's likes in the favourites' order, as the database has them. */
async function likedInOrder(userId: number, occasionId?: number): Promise<number[]> {
  const rows = await sql<{ outfit_id: number }>(
    `SELECT s.outfit_id FROM swipes s JOIN outfits o ON o.id = s.outfit_id
      WHERE s.user_id = $1 AND s.direction = 'like' AND ($2::int IS NULL OR o.occasion_id = $2)
      ORDER BY s.created_at DESC, s.outfit_id DESC`,
    [userId, occasionId ?? null],
  );
  return rows.map((r) => r.outfit_id);
}

/** The shopper's favourite pieces of a category in the favourites' order, as item:outfit. */
async function piecesInOrder(userId: number, categoryId: number): Promise<string[]> {
  const rows = await sql<{ key: string }>(
    `SELECT fp.item_id || ':' || coalesce(fp.outfit_id::text, 'none') AS key
       FROM favorite_pieces fp JOIN items i ON i.id = fp.item_id
      WHERE fp.user_id = $1 AND i.category_id = $2
      ORDER BY fp.created_at DESC, coalesce(fp.outfit_id, 0) DESC, i.category_id, i.id`,
    [userId, categoryId],
  );
  return rows.map((r) => r.key);
}

/**
 * More outfits for one occasion, copies of its own under new names (in one statement each, so
 * the five-slot check at commit sees all five pieces): the tests' shop has 12 an occasion.
 */
async function copyOutfits(occasionId: number, copies: number, name = 'Paging copy') {
  const [source] = await sql<{ id: number }>(
    'SELECT id FROM outfits WHERE occasion_id = $1 ORDER BY id LIMIT 1',
    [occasionId],
  );
  for (let n = 1; n <= copies; n++) {
    await sql(
      `WITH o AS (INSERT INTO outfits (name, description, occasion_id)
                  VALUES ($1, 'A copy for paging', $2) RETURNING id)
       INSERT INTO outfit_items (outfit_id, slot, item_id, category_id)
       SELECT o.id, oi.slot, oi.item_id, oi.category_id FROM o, outfit_items oi
        WHERE oi.outfit_id = $3`,
      [`${name} ${n}`, occasionId, source!.id],
    );
  }
}

const pieceKey = (p: { id: number; outfitId: number | null }) => `${p.id}:${p.outfitId ?? 'none'}`;

let alice: Shopper;
let bob: Shopper;
let liked: number[];
let rest: number[];

beforeAll(async () => {
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  await copyOutfits(1, 40);
  const outfits = await sql<{ id: number }>('SELECT id FROM outfits ORDER BY id');
  const ids = outfits.map((o) => o.id);
  // More than two pages, and more than two of one occasion.
  rest = ids.slice(0, 5);
  liked = ids.slice(5);
  expect(liked.length).toBeGreaterThan(OUTFIT_PAGE_SIZE * 3);
  expect(liked.length).toBeGreaterThan(PAGE_SIZE);
  await likeMany(alice.user.id, liked);
  // Bob likes a few of the same and a few others: none of his may show in Alice's lists.
  await likeMany(bob.user.id, [...liked.slice(0, 3), ...rest.slice(0, 3)]);
  // Alice hearts some tops on their own, at the same moment as some of her likes.
  await sql(
    `INSERT INTO item_favorites (user_id, item_id, outfit_id, source, created_at)
     SELECT $1, id, NULL, 'heart', timestamptz '2026-01-01' + interval '30 seconds'
       FROM items WHERE category_id = 1 ORDER BY id LIMIT 5`,
    [alice.user.id],
  );
});

describe('GET /api/favorites/outfits, a page at a time', () => {
  it('lists every liked outfit once, newest first, to the last page', async () => {
    const pages = await followToEnd<{ id: number }>(alice.agent, '/api/favorites/outfits');
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.flat().map((o) => o.id)).toEqual(await likedInOrder(alice.user.id));
  });

  it("sends each piece as the card shows it, the piece's page having the rest", async () => {
    const [outfit] = (await alice.agent.get('/api/favorites/outfits')).json().items;
    expect(outfit.items).toHaveLength(5);
    for (const piece of outfit.items) {
      expect(Object.keys(piece).sort()).toEqual(
        ['color', 'favorite', 'id', 'img', 'name', 'price', 'priceCents', 'size', 'slot'].sort(),
      );
    }
  });

  it('loses and repeats nothing when likes are added and removed between pages', async () => {
    const shopper = await signUp(t.app);
    await likeMany(shopper.user.id, liked);
    const before = await likedInOrder(shopper.user.id);
    const removed = before[OUTFIT_PAGE_SIZE + 3]!; // on the second page
    const added = rest[0]!;
    const pages = await followToEnd<{ id: number }>(
      shopper.agent,
      '/api/favorites/outfits',
      async (n) => {
        if (n !== 1) return;
        // A new like, newer than everything shown, and one of the next page taken back.
        const like = await shopper.agent.post('/api/outfit/favorite', { outfitId: added });
        expect(like.statusCode, like.body).toBe(200);
        await sql('DELETE FROM swipes WHERE user_id = $1 AND outfit_id = $2', [
          shopper.user.id,
          removed,
        ]);
      },
    );
    const shown = pages.flat().map((o) => o.id);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).toEqual(before.filter((id) => id !== removed));
    expect(shown).not.toContain(added);
  });

  it('pages one occasion and a search of the favourites the same way', async () => {
    const [{ occasion_id: occasionId } = { occasion_id: 0 }] = await sql<{ occasion_id: number }>(
      `SELECT occasion_id FROM outfits WHERE id = ANY($1::int[])
        GROUP BY occasion_id ORDER BY count(*) DESC LIMIT 1`,
      [liked],
    );
    const expected = await likedInOrder(alice.user.id, occasionId);
    expect(expected.length).toBeGreaterThan(OUTFIT_PAGE_SIZE * 2);
    for (const path of [
      `/api/favorites/outfits/${occasionId}`,
      `/api/favorites/search?q=&occasion=${occasionId}`,
    ]) {
      const pages = await followToEnd<{ id: number; occasionId: number }>(alice.agent, path);
      expect(pages.length).toBeGreaterThan(2);
      expect(pages.flat().map((o) => o.id)).toEqual(expected);
      expect(pages.flat().every((o) => o.occasionId === occasionId)).toBe(true);
    }
    const everything = await followToEnd<{ id: number }>(alice.agent, '/api/favorites/search?q=');
    expect(everything.flat().map((o) => o.id)).toEqual(await likedInOrder(alice.user.id));
  });

  it('shows another shopper only their own likes', async () => {
    const pages = await followToEnd<{ id: number }>(bob.agent, '/api/favorites/outfits');
    expect(pages.flat().map((o) => o.id)).toEqual(await likedInOrder(bob.user.id));
    expect(pages.flat()).toHaveLength(6);
  });
});

describe('GET /api/favorites/items/{category}, a page at a time', () => {
  it('lists every favourite top once, in the favourites order, hearts among the likes', async () => {
    const pages = await followToEnd<{ id: number; outfitId: number | null; categoryId: number }>(
      alice.agent,
      '/api/favorites/items/Tops',
    );
    expect(pages.length).toBeGreaterThan(2);
    const shown = pages.flat();
    expect(shown.every((p) => p.categoryId === 1)).toBe(true);
    expect(shown.map(pieceKey)).toEqual(await piecesInOrder(alice.user.id, 1));
    expect(shown.filter((p) => p.outfitId === null)).toHaveLength(5);
  });

  it('pages a search of the favourite pieces the same way', async () => {
    const pages = await followToEnd<{ id: number; outfitId: number | null }>(
      alice.agent,
      '/api/favorites/search/item?q=&cat=Tops',
    );
    expect(pages.flat().map(pieceKey)).toEqual(await piecesInOrder(alice.user.id, 1));
  });

  it('loses and repeats nothing when pieces are hearted and removed between pages', async () => {
    const shopper = await signUp(t.app);
    await likeMany(shopper.user.id, liked);
    const before = await piecesInOrder(shopper.user.id, 1);
    const gone = liked[liked.length - PAGE_SIZE - 2]!; // its top is on the second page
    const pages = await followToEnd<{ id: number; outfitId: number | null }>(
      shopper.agent,
      '/api/favorites/items/Tops',
      async (n) => {
        if (n !== 1) return;
        const [top] = await sql<{ id: number }>(
          'SELECT id FROM items WHERE category_id = 1 ORDER BY id DESC LIMIT 1',
        );
        expect(
          (await shopper.agent.post('/api/item/search/favorite', { itemId: top!.id })).statusCode,
        ).toBe(201);
        await sql('DELETE FROM swipes WHERE user_id = $1 AND outfit_id = $2', [
          shopper.user.id,
          gone,
        ]);
      },
    );
    const shown = pages.flat().map(pieceKey);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).toEqual(before.filter((key) => !key.endsWith(`:${gone}`)));
  });

  it('never shows another shopper’s pieces', async () => {
    const pages = await followToEnd<{ id: number; outfitId: number | null }>(
      bob.agent,
      '/api/favorites/items/Tops',
    );
    expect(pages.flat().map(pieceKey)).toEqual(await piecesInOrder(bob.user.id, 1));
    expect(pages.flat()).toHaveLength(6);
  });
});

describe('a search of favourite pieces by a rare fragment, a stretch of history a page', () => {
  type Piece = { id: number; outfitId: number | null };

  /** Every page of a search, whose pages before the last may be short. */
  const followSearch = (agent: Shopper['agent'], path: string) =>
    followToEnd<Piece>(agent, path, undefined, { shortPages: true });

  /** The shopper's favourite pieces whose text holds `fragment`, in the favourites' order. */
  async function holding(userId: number, fragment: string, categoryId?: number) {
    const rows = await sql<{ key: string }>(
      `SELECT fp.item_id || ':' || coalesce(fp.outfit_id::text, 'none') AS key
         FROM favorite_pieces fp JOIN items i ON i.id = fp.item_id
        WHERE fp.user_id = $1 AND i.search_text LIKE '%' || $2 || '%'
          AND ($3::int IS NULL OR i.category_id = $3)
        ORDER BY fp.created_at DESC, coalesce(fp.outfit_id, 0) DESC, i.category_id, i.id`,
      [userId, fragment, categoryId ?? null],
    );
    return rows.map((r) => r.key);
  }

  /**
   * `length` letters (two unless told) as few of the shopper's pieces hold as can be, one being
   * their oldest piece (of the category, when one is given).
   */
  async function rareFragment(
    userId: number,
    categoryId: number | null,
    length = 2,
  ): Promise<string> {
    const [rare] = await sql<{ fragment: string }>(
      `WITH oldest AS (
         SELECT i.search_text FROM favorite_pieces fp JOIN items i ON i.id = fp.item_id
          WHERE fp.user_id = $1 AND ($2::int IS NULL OR i.category_id = $2)
          ORDER BY fp.created_at, i.id DESC LIMIT 1),
       mine AS (
         SELECT DISTINCT i.id, i.search_text FROM favorite_pieces fp
           JOIN items i ON i.id = fp.item_id WHERE fp.user_id = $1)
       SELECT g.fragment FROM oldest,
              LATERAL (SELECT DISTINCT substr(oldest.search_text, k, $3) AS fragment
                         FROM generate_series(1, length(oldest.search_text) - $3 + 1) AS k) g
        WHERE g.fragment ~ ('^[a-z]{' || $3 || '}$')
        ORDER BY (SELECT count(*) FROM mine WHERE mine.search_text LIKE '%' || g.fragment || '%'),
                 g.fragment
        LIMIT 1`,
      [userId, categoryId, length],
    );
    return rare!.fragment;
  }

  it('finds every match once, in order, however far back, each page walking a bounded stretch', async () => {
    const shopper = await signUp(t.app);
    const id = shopper.user.id;
    // More likes and more hearts than a walk, interleaved in time and sharing moments (three
    // at each), some pieces of liked outfits hearted on their card.
    await copyOutfits(2, 2 * SEARCH_WALK, 'Walk copy');
    const outfits = await sql<{ id: number }>('SELECT id FROM outfits ORDER BY id');
    await likeMany(
      id,
      outfits.map((o) => o.id),
    );
    // A piece has one heart (0065): each top once on a card, the pieces hearted alone besides.
    await sql(
      `INSERT INTO item_favorites (user_id, item_id, outfit_id, source, created_at)
       SELECT DISTINCT ON (oi.item_id) $1, oi.item_id, oi.outfit_id, 'heart',
              s.created_at + interval '90 seconds'
         FROM swipes s JOIN outfit_items oi ON oi.outfit_id = s.outfit_id AND oi.slot = 'top'
        WHERE s.user_id = $1 AND s.outfit_id % 7 = 0
        ORDER BY oi.item_id, s.outfit_id`,
      [id],
    );
    await sql(
      `INSERT INTO item_favorites (user_id, item_id, outfit_id, source, created_at)
       SELECT $1, id, NULL, 'heart', timestamptz '2026-01-01' + (n - n % 3) * interval '1 second'
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM items ORDER BY id LIMIT 480) i
       ON CONFLICT DO NOTHING`,
      [id],
    );
    const [counts] = await sql<{ hearts: number; likes: number; card: number }>(
      `SELECT (SELECT count(*) FROM item_favorites WHERE user_id = $1 AND outfit_id IS NULL)::int AS hearts,
              (SELECT count(*) FROM item_favorites WHERE user_id = $1 AND outfit_id IS NOT NULL)::int AS card,
              (SELECT count(*) FROM swipes WHERE user_id = $1)::int AS likes`,
      [id],
    );
    expect(counts!.hearts).toBeGreaterThan(2 * SEARCH_WALK);
    expect(counts!.likes).toBeGreaterThan(2 * SEARCH_WALK);
    expect(counts!.card).toBeGreaterThan(0);

    // Two letters, and four: a word of any length walks alike.
    const [short, long] = [await rareFragment(id, 1), await rareFragment(id, 1, 4)];
    for (const [fragment, path, categoryId] of [
      [short, `/api/favorites/search/item?q=${short}`, undefined],
      [short, `/api/favorites/search/item?q=${short}&cat=Tops`, 1],
      [long, `/api/favorites/search/item?q=${long}`, undefined],
      [long, `/api/favorites/search/item?q=${long}&cat=Tops`, 1],
    ] as const) {
      const expected = await holding(id, fragment, categoryId);
      const pages = await followSearch(shopper.agent, path);
      expect(expected.length).toBeGreaterThan(0);
      expect(pages.flat().map(pieceKey)).toEqual(expected);
      // No page walked the whole history: some came up short and still had a next one.
      expect(pages.length).toBeGreaterThan(2);
      expect(pages.slice(0, -1).some((page) => page.length < PAGE_SIZE)).toBe(true);
    }

    // Where a walk stops, the next page goes on before every piece of that moment: none again.
    const [moment] = await sql<{ at: string }>(
      `SELECT created_at::text AS at FROM item_favorites WHERE user_id = $1
        GROUP BY created_at HAVING count(*) = 3 ORDER BY created_at DESC LIMIT 1`,
      [id],
    );
    const { rows } = await pageFavoriteItems(t.db.database, id, {}, beforeTime(moment!.at));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(new Date(row.favoritedAt).getTime()).toBeLessThan(new Date(moment!.at).getTime());
    }
  });

  it('checks the pieces of the moment a walk stops at', async () => {
    const shopper = await signUp(t.app);
    const id = shopper.user.id;
    // Hearts a second apart, newest first: the walk stops at the SEARCH_WALK-th.
    await sql(
      `INSERT INTO item_favorites (user_id, item_id, outfit_id, source, created_at)
       SELECT $1, id, NULL, 'heart', timestamptz '2026-03-01' - n * interval '1 second'
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM items
                ORDER BY id LIMIT ${SEARCH_WALK + 60}) i`,
      [id],
    );
    const [last] = await sql<{ fragment: string }>(
      `WITH walked AS (
         SELECT i.search_text FROM item_favorites f JOIN items i ON i.id = f.item_id
          WHERE f.user_id = $1 ORDER BY f.created_at DESC OFFSET ${SEARCH_WALK - 1} LIMIT 1)
       SELECT g.fragment FROM walked,
              LATERAL (SELECT DISTINCT substr(walked.search_text, k, 2) AS fragment
                         FROM generate_series(1, length(walked.search_text) - 1) AS k) g
        WHERE g.fragment ~ '^[a-z]{2}$'
        ORDER BY (SELECT count(*) FROM item_favorites f JOIN items i ON i.id = f.item_id
                   WHERE f.user_id = $1 AND i.search_text LIKE '%' || g.fragment || '%'),
                 g.fragment
        LIMIT 1`,
      [id],
    );
    const expected = await holding(id, last!.fragment);
    const pages = await followSearch(
      shopper.agent,
      `/api/favorites/search/item?q=${last!.fragment}`,
    );
    expect(pages.flat().map(pieceKey)).toEqual(expected);
  });

  it('goes on past more favourites of one moment than a walk holds', async () => {
    const shopper = await signUp(t.app);
    const id = shopper.user.id;
    // A walk and more hearted at one moment, as an import would, and thirty hearted before.
    await sql(
      `INSERT INTO item_favorites (user_id, item_id, outfit_id, source, created_at)
       SELECT $1, id, NULL, 'heart',
              CASE WHEN n <= 30 THEN timestamptz '2026-01-01' + n * interval '1 second'
                   ELSE timestamptz '2026-02-01' END
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM items
                ORDER BY id LIMIT ${SEARCH_WALK + 80}) i`,
      [id],
    );
    const fragment = await rareFragment(id, null);
    const expected = await holding(id, fragment);
    expect(expected.at(-1)).toBeDefined();
    const pages = await followSearch(shopper.agent, `/api/favorites/search/item?q=${fragment}`);
    expect(pages.flat().map(pieceKey)).toEqual(expected);
    expect(pages.length).toBeLessThanOrEqual(3);
  });
});

describe('a search of favourite outfits by a rare word, a stretch of likes a page', () => {
  const WORD = 'marigold';

  beforeAll(async () => {
    // More outfits of one occasion than two walks, a few of every outfit holding the word.
    await copyOutfits(3, 2 * SEARCH_WALK + 40, 'Stretch look');
    await sql(
      `UPDATE outfits SET description = description || ' With a ${WORD} scarf.'
        WHERE id % 61 = 0 OR id IN (SELECT min(id) FROM outfits GROUP BY occasion_id)`,
    );
  });

  /** The shopper's likes whose outfit holds the word, in the favourites' order. */
  async function likedHolding(userId: number, occasionId?: number): Promise<number[]> {
    const rows = await sql<{ outfit_id: number }>(
      `SELECT s.outfit_id FROM swipes s JOIN outfits o ON o.id = s.outfit_id
        WHERE s.user_id = $1 AND s.direction = 'like' AND o.search_text LIKE '%${WORD}%'
          AND ($2::int IS NULL OR o.occasion_id = $2)
        ORDER BY s.created_at DESC, s.outfit_id DESC`,
      [userId, occasionId ?? null],
    );
    return rows.map((r) => r.outfit_id);
  }

  const followSearch = (agent: Shopper['agent'], path: string) =>
    followToEnd<{ id: number }>(agent, path, undefined, { shortPages: true });

  it('finds every match once, in order, however far back, each page walking a bounded stretch', async () => {
    const shopper = await signUp(t.app);
    const outfits = await sql<{ id: number }>('SELECT id FROM outfits ORDER BY id');
    await likeMany(
      shopper.user.id,
      outfits.map((o) => o.id),
    );
    for (const [path, occasionId] of [
      [`/api/favorites/search?q=${WORD}`, undefined],
      [`/api/favorites/search?q=${WORD}&occasion=3`, 3],
    ] as const) {
      const expected = await likedHolding(shopper.user.id, occasionId);
      const pages = await followSearch(shopper.agent, path);
      expect(expected.length).toBeGreaterThan(2);
      expect(pages.flat().map((o) => o.id)).toEqual(expected);
      // No page walked the whole history: some came up short and still had a next one.
      expect(pages.length).toBeGreaterThan(2);
      expect(pages.slice(0, -1).some((page) => page.length < OUTFIT_PAGE_SIZE)).toBe(true);
    }
  });

  it('goes on after a walk whose page filled at its last like, matching or not', async () => {
    const shopper = await signUp(t.app);
    // Likes a second apart: place n is the n-th newest.
    const outfits = await sql<{ id: number }>(
      `SELECT id FROM outfits ORDER BY id LIMIT ${SEARCH_WALK + 60}`,
    );
    await sql(
      `INSERT INTO swipes (user_id, outfit_id, direction, created_at)
       SELECT $1, id, 'like', timestamptz '2026-03-01' - n * interval '1 second'
         FROM unnest($2::int[]) WITH ORDINALITY AS u(id, n)`,
      [shopper.user.id, outfits.map((o) => o.id)],
    );
    const places = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const cases = [
      // A page's worth just before the walk's last like, which does not match; one more after.
      ['heliotrope', [...places(SEARCH_WALK - 8, SEARCH_WALK - 1), SEARCH_WALK + 30]],
      // A page and one more, the last being the walk's last like; one more after.
      ['verbena', [...places(SEARCH_WALK - 8, SEARCH_WALK), SEARCH_WALK + 40]],
    ] as const;
    for (const [word, at] of cases) {
      const ids = at.map((n) => outfits[n - 1]!.id);
      await sql(
        `UPDATE outfits SET description = description || ' ${word}.' WHERE id = ANY($1::int[])`,
        [ids],
      );
      const pages = await followSearch(shopper.agent, `/api/favorites/search?q=${word}`);
      expect(pages[0]).toHaveLength(OUTFIT_PAGE_SIZE);
      expect(pages.flat().map((o) => o.id)).toEqual(ids);
    }
  });

  it('goes on past more likes of one moment than a walk holds', async () => {
    const shopper = await signUp(t.app);
    // A walk and more liked at one moment, as an import would, and thirty liked before.
    await sql(
      `INSERT INTO swipes (user_id, outfit_id, direction, created_at)
       SELECT $1, id, 'like', CASE WHEN n <= 30 THEN timestamptz '2026-01-01' + n * interval '1 second'
                                   ELSE timestamptz '2026-02-01' END
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM outfits
                ORDER BY id LIMIT ${SEARCH_WALK + 110}) o`,
      [shopper.user.id],
    );
    const expected = await likedHolding(shopper.user.id);
    const [older] = await sql<{ count: number }>(
      `SELECT count(*)::int AS count FROM swipes s JOIN outfits o ON o.id = s.outfit_id
        WHERE s.user_id = $1 AND s.created_at < '2026-02-01' AND o.search_text LIKE '%${WORD}%'`,
      [shopper.user.id],
    );
    const pages = await followSearch(shopper.agent, `/api/favorites/search?q=${WORD}`);
    expect(older!.count).toBeGreaterThan(0);
    expect(expected.length).toBeGreaterThan(older!.count);
    expect(pages.flat().map((o) => o.id)).toEqual(expected);
    expect(pages.length).toBeLessThanOrEqual(3);
  });
});

describe('a cursor the list did not give', () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const bad = [
    'not a cursor!',
    'x'.repeat(201),
    encode('2026-01-01'),
    encode(['yesterday', 5]),
    encode(['2026-02-31 10:00:00+00', 5]),
    encode(['2026-01-01 10:00:00+00', -1]),
    encode(['2026-01-01 10:00:00+00', 5, 1]),
    Buffer.from('{not json').toString('base64url'),
  ];

  it.each(bad)('is refused with 400 on every favourites list: %s', async (cursor) => {
    for (const path of [
      '/api/favorites/outfits',
      '/api/favorites/outfits/1',
      '/api/favorites/search?q=',
      '/api/favorites/items/Tops',
      '/api/favorites/search/item?q=',
    ]) {
      const res = await alice.agent.get(pageUrl(path, cursor));
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.fields).toHaveProperty('cursor');
    }
  });

  it('a piece cursor is not an outfit cursor', async () => {
    const first = (await alice.agent.get('/api/favorites/items/Tops')).json();
    const res = await alice.agent.get(`/api/favorites/outfits?cursor=${first.nextCursor}`);
    expect(res.statusCode).toBe(400);
  });

  it("refuses another list's cursor of the same shape (a time and an id)", async () => {
    const first = (await alice.agent.get('/api/favorites/outfits')).json();
    expect(first.nextCursor).not.toBeNull();
    const key = JSON.parse(Buffer.from(first.nextCursor, 'base64url').toString()).at(-1);
    // The liked outfits' own key follows on; the same key as a closet's or an order list's,
    // or bare, does not.
    const own = await alice.agent.get(`/api/favorites/outfits?cursor=${encode(['fo', key])}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(
      (await alice.agent.get(pageUrl('/api/favorites/outfits', first.nextCursor))).json(),
    );
    for (const cursor of [encode(['co', key]), encode(['or', key]), encode(key)]) {
      const res = await alice.agent.get(pageUrl('/api/favorites/outfits', cursor));
      expect(res.statusCode, cursor).toBe(400);
    }
  });
});

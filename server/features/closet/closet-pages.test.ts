import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTFIT_PAGE_SIZE, PAGE_SIZE } from '../../../contracts/common';
import { followToEnd, pageUrl } from '../../test/pages';
import { createTestApp, signUp, type TestApp } from '../../test/test-app';

/**
 * The closet's lists, a page at a time, for a shopper with more than three pages of closet:
 * followed to the end they list every outfit and piece once, in one order, even when the closet
 * changes between pages, and never another shopper's.
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
 * The shopper's closet outfits in the closet's order, by the rule itself (every product of the
 * outfit owned; it came together when the last of them was first bought), not from
 * closet_outfits.
 */
async function closetInOrder(
  userId: number,
  filter: { occasionId?: number; like?: string } = {},
): Promise<number[]> {
  const rows = await sql<{ id: number }>(
    `SELECT o.id FROM outfits o
       JOIN outfit_items oi ON oi.outfit_id = o.id
       JOIN LATERAL (SELECT min(c.first_bought_at) AS at FROM closet_items c
                      WHERE c.user_id = $1 AND c.product_id = oi.product_id) owned ON true
      WHERE ($2::int IS NULL OR o.occasion_id = $2) AND ($3::text IS NULL OR o.search_text LIKE $3)
      GROUP BY o.id
     HAVING count(owned.at) = 5
      ORDER BY max(owned.at) DESC, o.id DESC`,
    [userId, filter.occasionId ?? null, filter.like ?? null],
  );
  return rows.map((r) => r.id);
}

/** The pieces owned in a category, the most recently bought first. */
async function piecesInOrder(userId: number, categoryId: number): Promise<number[]> {
  const rows = await sql<{ item_id: number }>(
    `SELECT c.item_id FROM closet_items c JOIN items i ON i.id = c.item_id
      WHERE c.user_id = $1 AND i.category_id = $2
      ORDER BY c.last_bought_at DESC, c.item_id DESC`,
    [userId, categoryId],
  );
  return rows.map((r) => r.item_id);
}

/**
 * What checkout writes for a purchase of every piece of these outfits, each outfit's at its own
 * moment (one second apart, every pair of outfits at the same one, so that ties cross pages).
 */
async function buyOutfits(userId: number, outfitIds: readonly number[]) {
  await sql(
    `INSERT INTO closet_items (user_id, item_id, product_id, quantity, first_bought_at, last_bought_at)
     SELECT DISTINCT ON (oi.item_id) $1, oi.item_id, oi.product_id, 1,
            timestamptz '2026-01-01' + (n - n % 2) * interval '1 second',
            timestamptz '2026-01-01' + (n - n % 2) * interval '1 second'
       FROM unnest($2::int[]) WITH ORDINALITY AS u(id, n)
       JOIN outfit_items oi ON oi.outfit_id = u.id
      ORDER BY oi.item_id, n
     ON CONFLICT DO NOTHING`,
    [userId, outfitIds],
  );
}

/** Copies of each of an occasion's outfits under new names, in one statement each. */
async function copyOutfits(occasionId: number, copies: number) {
  const sources = await sql<{ id: number }>(
    'SELECT id FROM outfits WHERE occasion_id = $1 ORDER BY id',
    [occasionId],
  );
  for (const source of sources) {
    for (let n = 1; n <= copies; n++) {
      await sql(
        `WITH o AS (INSERT INTO outfits (name, description, occasion_id)
                    VALUES ($1, 'A copy for paging the closet', $2) RETURNING id)
         INSERT INTO outfit_items (outfit_id, slot, item_id, category_id)
         SELECT o.id, oi.slot, oi.item_id, oi.category_id FROM o, outfit_items oi
          WHERE oi.outfit_id = $3`,
        [`Closet copy ${source.id}-${n}`, occasionId, source.id],
      );
    }
  }
}

let alice: Shopper;
let bob: Shopper;
let occasionOne: number[];

beforeAll(async () => {
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  await copyOutfits(1, 6);
  occasionOne = (
    await sql<{ id: number }>('SELECT id FROM outfits WHERE occasion_id = 1 ORDER BY id')
  ).map((r) => r.id);
  await buyOutfits(alice.user.id, occasionOne);
  // Bob owns one outfit of Alice's and one of his own: neither list may show the other's.
  const [other] = await sql<{ id: number }>(
    'SELECT id FROM outfits WHERE occasion_id = 5 ORDER BY id LIMIT 1',
  );
  await buyOutfits(bob.user.id, [occasionOne[0]!, other!.id]);
});

describe('GET /api/closet/outfits, a page at a time', () => {
  it('lists every closet outfit once, the most recently completed first, to the last page', async () => {
    const expected = await closetInOrder(alice.user.id);
    expect(expected.length).toBeGreaterThan(OUTFIT_PAGE_SIZE * 3);
    const pages = await followToEnd<{ id: number }>(alice.agent, '/api/closet/outfits');
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.flat().map((o) => o.id)).toEqual(expected);
  });

  it('pages one occasion and a search of the closet the same way', async () => {
    const byOccasion = await closetInOrder(alice.user.id, { occasionId: 1 });
    expect(byOccasion.length).toBeGreaterThan(OUTFIT_PAGE_SIZE * 2);
    for (const path of ['/api/closet/items/occasions/1', '/api/closet/items/occasions/Airport']) {
      const pages = await followToEnd<{ id: number; occasionId: number }>(alice.agent, path);
      expect(pages.flat().map((o) => o.id)).toEqual(byOccasion);
      expect(pages.flat().every((o) => o.occasionId === 1)).toBe(true);
    }
    const copies = await closetInOrder(alice.user.id, { like: '%closet copy%' });
    expect(copies.length).toBeGreaterThan(OUTFIT_PAGE_SIZE * 2);
    const searched = await followToEnd<{ id: number }>(
      alice.agent,
      '/api/closet/outfits?q=CLOSET%20COPY',
    );
    expect(searched.flat().map((o) => o.id)).toEqual(copies);
    const searchedOccasion = await followToEnd<{ id: number }>(
      alice.agent,
      '/api/closet/items/occasions/1?q=closet%20copy',
    );
    expect(searchedOccasion.flat().map((o) => o.id)).toEqual(copies);
  });

  it('loses and repeats nothing when outfits come together or fall apart between pages', async () => {
    const shopper = await signUp(t.app);
    await buyOutfits(shopper.user.id, occasionOne);
    const before = await closetInOrder(shopper.user.id);
    // A product of an outfit on the second page, given away: the outfits it made fall apart.
    const [gone] = await sql<{ product_id: number }>(
      `SELECT product_id FROM outfit_items WHERE outfit_id = $1 AND slot = 'footwear'`,
      [before[OUTFIT_PAGE_SIZE + 4]],
    );
    // One none of whose products the shopper has, so buying it moves no other outfit.
    const [added] = await sql<{ id: number }>(
      `SELECT o.id FROM outfits o WHERE NOT EXISTS (
         SELECT 1 FROM outfit_items oi JOIN closet_items c ON c.product_id = oi.product_id
          WHERE oi.outfit_id = o.id AND c.user_id = $1)
        ORDER BY o.id LIMIT 1`,
      [shopper.user.id],
    );
    let firstPage: number[] = [];
    const pages = await followToEnd<{ id: number }>(
      shopper.agent,
      '/api/closet/outfits',
      async (n) => {
        if (n !== 1) return;
        firstPage = (await closetInOrder(shopper.user.id)).slice(0, OUTFIT_PAGE_SIZE);
        // A new outfit, completed after everything shown, and the given-away product.
        await sql(
          `INSERT INTO closet_items (user_id, item_id, product_id, quantity)
           SELECT $1, item_id, product_id, 1 FROM outfit_items WHERE outfit_id = $2
           ON CONFLICT DO NOTHING`,
          [shopper.user.id, added!.id],
        );
        await sql('DELETE FROM closet_items WHERE user_id = $1 AND product_id = $2', [
          shopper.user.id,
          gone!.product_id,
        ]);
      },
    );
    const shown = pages.flat().map((o) => o.id);
    expect(new Set(shown).size).toBe(shown.length);
    const still = new Set(await closetInOrder(shopper.user.id));
    expect(still.has(added!.id)).toBe(true);
    expect(shown).not.toContain(added!.id);
    expect(before.filter((id) => firstPage.includes(id) || still.has(id))).toEqual(shown);
    expect(before.length - shown.length).toBeGreaterThan(0);
  });

  it('shows another shopper only their own closet', async () => {
    const pages = await followToEnd<{ id: number }>(bob.agent, '/api/closet/outfits');
    const shown = pages.flat().map((o) => o.id);
    expect(shown).toEqual(await closetInOrder(bob.user.id));
    expect(pages).toHaveLength(1);
    const counts = (await bob.agent.get('/api/closet/items/occasions')).json() as {
      outfits: number;
    }[];
    expect(counts.reduce((sum, c) => sum + c.outfits, 0)).toBe(shown.length);
    const [aliceOnly] = (await closetInOrder(alice.user.id)).filter((id) => !shown.includes(id));
    expect((await bob.agent.get(`/api/closet/outfits/${aliceOnly}`)).statusCode).toBe(404);
  });
});

describe('closet outfits follow the outfits', () => {
  it('leave a closet when redesigned with a piece not owned, and move with their occasion', async () => {
    const shopper = await signUp(t.app);
    const [outfit] = await sql<{ id: number }>(
      `SELECT id FROM outfits WHERE name LIKE 'Closet copy %' ORDER BY id DESC LIMIT 1`,
    );
    await buyOutfits(shopper.user.id, [outfit!.id]);
    const mine = async () => (await closetInOrder(shopper.user.id)).includes(outfit!.id);
    const listed = async (path: string) =>
      (await followToEnd<{ id: number }>(shopper.agent, path)).flat().map((o) => o.id);
    expect(await mine()).toBe(true);
    expect(await listed('/api/closet/items/occasions/1')).toContain(outfit!.id);

    await sql('UPDATE outfits SET occasion_id = 3 WHERE id = $1', [outfit!.id]);
    expect(await listed('/api/closet/items/occasions/1')).not.toContain(outfit!.id);
    expect(await listed('/api/closet/items/occasions/3')).toContain(outfit!.id);

    // Another top, of a product the shopper does not own.
    await sql(
      `UPDATE outfit_items SET item_id = (
         SELECT i.id FROM items i WHERE i.category_id = 1 AND NOT EXISTS (
           SELECT 1 FROM closet_items c WHERE c.user_id = $2 AND c.product_id = i.product_id)
          ORDER BY i.id LIMIT 1)
        WHERE outfit_id = $1 AND slot = 'top'`,
      [outfit!.id, shopper.user.id],
    );
    expect(await mine()).toBe(false);
    expect(await listed('/api/closet/outfits')).not.toContain(outfit!.id);
    expect((await shopper.agent.get(`/api/closet/outfits/${outfit!.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/closet/items/category/{category}, a page at a time', () => {
  let owner: Shopper;
  beforeAll(async () => {
    owner = await signUp(t.app);
    // Eighty tops, bought three to a moment, and a few shoes.
    await sql(
      `INSERT INTO closet_items (user_id, item_id, product_id, quantity, first_bought_at, last_bought_at)
       SELECT $1, id, product_id, 1, at, at
         FROM (SELECT id, product_id, timestamptz '2026-03-01' + (row_number() OVER (ORDER BY id) / 3)
                        * interval '1 minute' AS at
                 FROM items WHERE category_id = 1 ORDER BY id LIMIT 80) tops`,
      [owner.user.id],
    );
    await sql(
      `INSERT INTO closet_items (user_id, item_id, product_id, quantity)
       SELECT $1, id, product_id, 1 FROM items WHERE category_id = 3 ORDER BY id LIMIT 3`,
      [owner.user.id],
    );
  });

  it('lists every owned top once, the most recently bought first', async () => {
    const expected = await piecesInOrder(owner.user.id, 1);
    expect(expected).toHaveLength(80);
    const pages = await followToEnd<{ id: number; categoryId: number }>(
      owner.agent,
      '/api/closet/items/category/Tops',
    );
    expect(pages.length).toBe(Math.ceil(80 / PAGE_SIZE));
    expect(pages.flat().map((p) => p.id)).toEqual(expected);
    expect(pages.flat().every((p) => p.categoryId === 1)).toBe(true);
    const searched = await followToEnd<{ id: number }>(
      owner.agent,
      '/api/closet/items/category/top?q=%20',
    );
    expect(searched.flat().map((p) => p.id)).toEqual(expected);
  });

  it('loses and repeats nothing when pieces are bought and given away between pages', async () => {
    const before = await piecesInOrder(owner.user.id, 1);
    const gone = before[PAGE_SIZE + 5]!;
    let bought = 0;
    const pages = await followToEnd<{ id: number }>(
      owner.agent,
      '/api/closet/items/category/1',
      async (n) => {
        if (n !== 1) return;
        const [row] = await sql<{ item_id: number }>(
          `INSERT INTO closet_items (user_id, item_id, product_id, quantity)
           SELECT $1, id, product_id, 1 FROM items
            WHERE category_id = 1 AND id NOT IN (SELECT item_id FROM closet_items WHERE user_id = $1)
            ORDER BY id DESC LIMIT 1
           RETURNING item_id`,
          [owner.user.id],
        );
        bought = row!.item_id;
        await sql('DELETE FROM closet_items WHERE user_id = $1 AND item_id = $2', [
          owner.user.id,
          gone,
        ]);
      },
    );
    const shown = pages.flat().map((p) => p.id);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).toEqual(before.filter((id) => id !== gone));
    expect(shown).not.toContain(bought);
  });

  it('never shows another shopper’s pieces', async () => {
    for (const shopper of [alice, bob]) {
      const pages = await followToEnd<{ id: number }>(
        shopper.agent,
        '/api/closet/items/category/Footwear',
      );
      expect(pages.flat().map((p) => p.id)).toEqual(await piecesInOrder(shopper.user.id, 3));
    }
  });

  it('refuses a cursor of another category or of the outfits', async () => {
    const tops = (await owner.agent.get('/api/closet/items/category/Tops')).json();
    expect(tops.nextCursor).toEqual(expect.any(String));
    for (const path of ['/api/closet/items/category/Footwear', '/api/closet/outfits']) {
      const res = await owner.agent.get(pageUrl(path, tops.nextCursor));
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.fields).toHaveProperty('cursor');
    }
    const outfits = (await alice.agent.get('/api/closet/outfits')).json();
    const res = await alice.agent.get(
      pageUrl('/api/closet/items/category/Tops', outfits.nextCursor),
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('a cursor the closet did not give', () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const bad = [
    'not a cursor!',
    'x'.repeat(201),
    encode('2026-01-01'),
    encode(['yesterday', 5]),
    encode(['2026-02-31 10:00:00+00', 5]),
    encode(['2026-01-01 10:00:00+00', -1]),
    encode(['2026-01-01 10:00:00+00', 1, 5, 7]),
    Buffer.from('{not json').toString('base64url'),
  ];

  it.each(bad)('is refused with 400 on every closet list: %s', async (cursor) => {
    for (const path of [
      '/api/closet/outfits',
      '/api/closet/outfits?q=copy',
      '/api/closet/items/occasions/Airport',
      '/api/closet/items/category/Tops',
      '/api/closet/items/category/Tops?q=a',
    ]) {
      const res = await alice.agent.get(pageUrl(path, cursor));
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.fields).toHaveProperty('cursor');
    }
  });
});

describe('the OpenAPI document', () => {
  it('shows every closet list as a page after a cursor', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/closet/outfits',
      '/api/closet/items/occasions/{occasion}',
      '/api/closet/items/category/{category}',
    ]) {
      const get = doc.paths[path].get;
      const page = get.responses['200'].content['application/json'].schema;
      expect(Object.keys(page.properties), path).toEqual(
        expect.arrayContaining(['items', 'nextCursor']),
      );
      expect(page.properties).not.toHaveProperty('total');
      const query = get.parameters.filter((p: { in: string }) => p.in === 'query');
      expect(query.map((p: { name: string }) => p.name).sort(), path).toEqual(['cursor', 'q']);
    }
  });
});

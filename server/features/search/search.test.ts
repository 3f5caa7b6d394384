import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ItemSearchPage, ItemSearchPageSchema } from '../../../contracts/search';
import { compileSerializer } from '../../lib/serializer';
import { KEPT_SECONDS, untilAnnounced } from '../../test/announcements';
import { Agent, createTestApp, signUp, type TestApp } from '../../test/test-app';

let t: TestApp;
let shopper: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  shopper = await signUp(t.app);
});
afterAll(() => t.close());

interface ItemResult {
  id: number;
  productId: number;
  name: string;
  color: string;
  seller: string;
  categoryId: number;
  favorite: boolean;
}
interface OutfitResult {
  id: number;
  name: string;
  description: string;
  items: unknown[];
  favorite: boolean;
}

function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []) {
  return t.db.database.sql.query<T>(text, params);
}

async function searchItems(qs: string, agent = shopper.agent) {
  const res = await agent.get(`/api/item/search?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { results: ItemResult[]; nextOffset: number | null };
}

async function searchOutfits(qs: string, agent = shopper.agent) {
  const res = await agent.get(`/api/outfit/search?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { results: OutfitResult[]; nextOffset: number | null };
}

/** A new product with one black tee in size M. */
async function addTee(name: string, slug: string, seller: string) {
  await sql(
    `INSERT INTO products (name, slug, category_id, garment, seller, description)
     VALUES ($1, $2, 1, 'tee', $3, 'A test.')`,
    [name, slug, seller],
  );
  await sql(
    `INSERT INTO items (product_id, category_id, name, seller, color, color_hex, size, price_cents, stock, image)
     SELECT id, 1, name, seller, 'Black', '#111111', 'M', 2500, 5, '/images/items/tee/black.svg'
       FROM products WHERE slug = $1`,
    [slug],
  );
}

const text = (i: ItemResult) => `${i.name} ${i.color} ${i.seller}`.toLowerCase();

/** Pages through every result of a search. */
async function allItems(qs: string): Promise<ItemResult[]> {
  const out: ItemResult[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page = await searchItems(`${qs}&limit=50&offset=${offset}`);
    out.push(...page.results);
    offset = page.nextOffset;
  }
  return out;
}

describe('GET /api/item/search', () => {
  it('is 401 for a visitor', async () => {
    expect((await new Agent(t.app).get('/api/item/search?q=jacket')).statusCode).toBe(401);
  });

  it('matches anywhere in the text, whatever the case', async () => {
    const lower = await allItems('q=jacket');
    expect(lower.length).toBeGreaterThan(0);
    for (const item of lower) expect(text(item)).toContain('jacket');
    const upper = await allItems('q=JaCKeT');
    expect(upper.map((i) => i.id)).toEqual(lower.map((i) => i.id));
    // Inside a word, too.
    const inside = await allItems('q=acke');
    expect(inside.map((i) => i.id)).toEqual(expect.arrayContaining(lower.map((i) => i.id)));
  });

  it('gives one result per product colour', async () => {
    const results = await allItems('q=jacket');
    const keys = results.map((i) => `${i.productId}:${i.color}`);
    expect(new Set(keys).size).toBe(keys.length);
    const [expected] = await sql<{ n: number }>(
      "SELECT count(DISTINCT (product_id, color))::int AS n FROM items WHERE search_text LIKE '%jacket%'",
    );
    expect(results).toHaveLength(expected!.n);
  });

  it('forgives a typo: "jakcet" finds the jackets, exact matches first', async () => {
    const exact = await allItems('q=jacket');
    const typo = await allItems('q=jakcet');
    expect(exact.length).toBeGreaterThan(0);
    expect(typo.map((i) => i.id)).toEqual(expect.arrayContaining(exact.map((i) => i.id)));
    expect(text(typo[0]!)).toContain('jacket');
    const sweater = await searchItems('q=sweter');
    expect(sweater.results.length).toBeGreaterThan(0);
    expect(text(sweater.results[0]!)).toContain('sweater');
  });

  it('corrects a typo in a word of four letters, not in a shorter one', async () => {
    const noWordHolds = async (text: string) => {
      const [row] = await sql<{ n: number }>(
        "SELECT count(*)::int AS n FROM search_words WHERE word LIKE '%' || $1 || '%'",
        [text],
      );
      return row!.n === 0;
    };
    // Four letters: "wolo" is "wool" with two letters swapped.
    const wool = await allItems('q=wool');
    expect(wool.length).toBeGreaterThan(0);
    expect(await noWordHolds('wolo')).toBe(true);
    const fourLetters = await allItems('q=wolo');
    expect(fourLetters.map((i) => i.id)).toEqual(expect.arrayContaining(wool.map((i) => i.id)));
    // Three letters: a word one letter off a shop word that pieces hold is taken as typed, and
    // finds nothing.
    const [short] = await sql<{ word: string }>(
      `SELECT w.word FROM search_words w
        WHERE w.word ~ '^[a-z]{3}$'
          AND EXISTS (SELECT 1 FROM items i WHERE i.search_text LIKE '%' || w.word || '%')
        ORDER BY w.word LIMIT 1`,
    );
    expect(short).toBeDefined();
    expect((await searchItems(`q=${short!.word}`)).results.length).toBeGreaterThan(0);
    const typo = ['q', 'x', 'z']
      .map((c) => short!.word.slice(0, 2) + c)
      .find((t) => t !== short!.word);
    expect(await noWordHolds(typo!)).toBe(true);
    expect((await searchItems(`q=${typo}`)).results).toEqual([]);
  });

  it('needs every word: "black jacket" gives black jackets only', async () => {
    const results = await allItems('q=black%20jacket');
    expect(results.length).toBeGreaterThan(0);
    // Fewer than either word alone finds: each word really narrows the results.
    expect(results.length).toBeLessThan((await allItems('q=jacket')).length);
    expect(results.length).toBeLessThan((await allItems('q=black')).length);
    for (const item of results) {
      expect(text(item)).toContain('jacket');
      expect(text(item)).toContain('black');
    }
  });

  it('treats % and _ as plain characters', async () => {
    expect((await searchItems('q=%25')).results).toEqual([]);
    expect((await searchItems('q=_')).results).toEqual([]);
    expect((await searchItems('q=%25%25%25')).results).toEqual([]);
    expect((await searchItems('q=%5C')).results).toEqual([]);

    // A product that really has them is found by them, and only it.
    await addTee('Percent 100% Cotton_Tee', 'percent-test-tee', 'Odd_Sign Co');
    const percent = await searchItems('q=%25');
    expect(percent.results.map((i) => i.name)).toEqual(['Percent 100% Cotton_Tee']);
    const underscore = await searchItems('q=_');
    expect(underscore.results.map((i) => i.name)).toEqual(['Percent 100% Cotton_Tee']);
    expect((await searchItems('q=100%25')).results).toHaveLength(1);
  });

  it('searches in several categories at once, by id or name, and once per category', async () => {
    const both = await allItems('cat=1&cat=6');
    const cats = new Set(both.map((i) => i.categoryId));
    expect(cats).toEqual(new Set([1, 6]));
    const byName = await allItems('cat=Tops&cat=outerwear');
    expect(byName.map((i) => i.id)).toEqual(both.map((i) => i.id));
    const commas = await allItems('cat=1,6');
    expect(commas.map((i) => i.id)).toEqual(both.map((i) => i.id));

    const tops = await allItems('cat=1');
    const outer = await allItems('cat=6');
    expect(tops.length).toBeGreaterThan(0);
    expect(outer.length).toBeGreaterThan(0);
    expect(outer.every((i) => i.categoryId === 6)).toBe(true);
    expect(tops.every((i) => i.categoryId === 1)).toBe(true);
    expect(tops.length + outer.length).toBe(both.length);

    const jackets = await allItems('q=jacket&cat=1');
    expect(jackets).toEqual([]);
  });

  it('pages without overlap and says when there is no more', async () => {
    const seen = new Set<number>();
    let offset: number | null = 0;
    let pages = 0;
    while (offset !== null && pages < 5) {
      const page = await searchItems(`q=&limit=7&offset=${offset}`);
      expect(page.results.length).toBeLessThanOrEqual(7);
      for (const item of page.results) {
        expect(seen.has(item.id)).toBe(false);
        seen.add(item.id);
      }
      offset = page.nextOffset;
      pages += 1;
    }
    expect(seen.size).toBe(35);
    // A ranked search pages the same in small steps as in one big one, through both groups
    // (names holding "denim" first, then the rest: Tidewater Denim's other pieces).
    const ranked = await allItems('q=denim');
    expect(ranked.length).toBeGreaterThan(3);
    const paged: number[] = [];
    let next: number | null = 0;
    while (next !== null) {
      const step = await searchItems(`q=denim&limit=3&offset=${next}`);
      paged.push(...step.results.map((i) => i.id));
      next = step.nextOffset;
    }
    expect(paged).toEqual(ranked.map((i) => i.id));
    const firstElsewhere = ranked.findIndex((i) => !i.name.toLowerCase().includes('denim'));
    expect(firstElsewhere).toBeGreaterThan(0);
    const rest = ranked.slice(firstElsewhere);
    expect(rest.every((i) => !i.name.toLowerCase().includes('denim'))).toBe(true);
    expect(rest.every((i) => i.seller.toLowerCase().includes('denim'))).toBe(true);
  });

  it('finds matches far beyond the ids it walks first, in id order, page by page', async () => {
    // Pieces named "Zephyrine" at a low id and far past the stretch of ids a search walks before
    // it asks the trigram index; "Zephyrine Knit" ones come first, as their name holds the phrase.
    const [model] = await sql<{ id: number }>('SELECT id FROM items ORDER BY id LIMIT 1');
    const placed = [
      [40, 'Zephyrine Knit', 'Zephyr Blue'],
      [20_040, 'Zephyrine Knit', 'Zephyr Green'],
      [50_040, 'Quiet Zephyrine Knit', 'Zephyr Red'],
      [60_040, 'Zephyrine Coat', 'Zephyr Grey'],
    ] as const;
    const [{ max }] = (await sql<{ max: number }>('SELECT max(id) AS max FROM items')) as [
      { max: number },
    ];
    const ids = placed.map(([offset]) => max + offset);
    for (const [i, [, name, color]] of placed.entries()) {
      await sql(
        `INSERT INTO items (id, product_id, category_id, name, seller, color, color_hex, size,
                            price_cents, stock, image)
         SELECT $2, product_id, category_id, $3, seller, $4, color_hex, size, price_cents, 5, image
           FROM items WHERE id = $1`,
        [model!.id, ids[i], name, color],
      );
    }
    const all = await allItems('q=zephyrine knit');
    expect(all.map((i) => i.id)).toEqual([ids[0], ids[1], ids[2]]);
    const stepped: number[] = [];
    let next: number | null = 0;
    while (next !== null) {
      const step = await searchItems(`q=zephyrine&limit=1&offset=${next}`);
      stepped.push(...step.results.map((i) => i.id));
      next = step.nextOffset;
    }
    expect(stepped).toEqual(ids);
    const typo = await allItems('q=zephyrnie');
    expect(typo.map((i) => i.id)).toEqual(ids);
    await sql('DELETE FROM items WHERE id = ANY($1::int[])', [ids]);
  });

  it('learns a word added after a typo of it was looked up (kept corrections stay right)', async () => {
    // "glimmerow" is one swap from "glimmeorw"; neither is in the shop yet, so the typo's
    // correction (nothing) is kept. A new piece brings the word: the same search must find it.
    expect((await searchItems('q=glimmeorw')).results).toEqual([]);
    expect((await searchItems('q=glimmeorw')).results).toEqual([]);
    await addTee('Glimmerow Tee', 'glimmerow-test-tee', 'Test Co');
    const found = await searchItems('q=glimmeorw');
    expect(found.results.map((i) => i.name)).toEqual(['Glimmerow Tee']);
    // And a word found stays found: the exact word now gives the same piece.
    expect((await searchItems('q=glimmerow')).results.map((i) => i.name)).toEqual([
      'Glimmerow Tee',
    ]);
  });

  it('learns the words of a renamed piece, typos included', async () => {
    const [item] = await sql<{ id: number }>(
      'SELECT id FROM items WHERE colour_lead ORDER BY id DESC LIMIT 1',
    );
    await sql("UPDATE items SET name = 'Quillowmere Tee' WHERE id = $1", [item!.id]);
    const fuzzy = await searchItems('q=quilolwmere');
    expect(fuzzy.results.map((i) => i.id)).toEqual([item!.id]);
  });

  it('marks the pieces this shopper hearted, and no one else’s', async () => {
    const [first] = (await searchItems('q=jacket&limit=1')).results;
    expect(first!.favorite).toBe(false);
    await shopper.agent.post('/api/item/search/favorite', { itemId: first!.id });
    const again = (await searchItems('q=jacket&limit=1')).results[0]!;
    expect(again).toMatchObject({ id: first!.id, favorite: true });
    const other = await signUp(t.app);
    expect((await searchItems('q=jacket&limit=1', other.agent)).results[0]!.favorite).toBe(false);
  });

  it.each([
    'limit=0',
    'limit=51',
    'limit=abc',
    'offset=-1',
    'cat=Hats',
    'cat=4',
    `q=${'x'.repeat(101)}`,
  ])('answers 400 for %s', async (qs) => {
    const res = await shopper.agent.get(`/api/item/search?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });
});

describe('colour leads (the item each product colour is found by)', () => {
  const leads = (productId: number) =>
    sql<{ id: number; color: string }>(
      'SELECT id, color FROM items WHERE product_id = $1 AND colour_lead ORDER BY color',
      [productId],
    );
  const firsts = (productId: number) =>
    sql<{ id: number; color: string }>(
      `SELECT min(id) AS id, color FROM items WHERE product_id = $1 GROUP BY color ORDER BY color`,
      [productId],
    );

  it('are the first item of every product colour, and follow items added and removed', async () => {
    const [row] = await sql<{ product_id: number; n: number }>(
      `SELECT product_id, count(*)::int AS n FROM items GROUP BY product_id
        HAVING count(DISTINCT color) > 1 ORDER BY product_id LIMIT 1`,
    );
    const productId = row!.product_id;
    expect(await leads(productId)).toEqual(await firsts(productId));
    const [lead] = await leads(productId);

    // A new colour leads its own group; a new size of a known colour leads nothing.
    const added = await sql<{ id: number }>(
      `INSERT INTO items (product_id, category_id, name, seller, color, color_hex, size, price_cents, stock, image)
       SELECT product_id, category_id, name, seller, c.color, color_hex, 'XXL', price_cents, 3, image
         FROM items, (VALUES ('Test Teal'), ($2)) AS c (color)
        WHERE id = $1
       RETURNING id`,
      [lead!.id, lead!.color],
    );
    const marked = await sql<{ colour_lead: boolean }>(
      'SELECT colour_lead FROM items WHERE id = ANY($1::int[]) ORDER BY id',
      [added.map((a) => a.id)],
    );
    expect(marked.map((a) => a.colour_lead)).toEqual([true, false]);
    expect(await leads(productId)).toEqual(await firsts(productId));

    // Removing a colour's first item hands the lead to the next one.
    await sql('DELETE FROM cart_lines WHERE item_id = $1', [lead!.id]);
    await sql('DELETE FROM item_favorites WHERE item_id = $1', [lead!.id]);
    const removable = await sql(
      `SELECT 1 FROM outfit_items WHERE item_id = $1 UNION ALL
       SELECT 1 FROM order_lines WHERE item_id = $1 UNION ALL
       SELECT 1 FROM closet_items WHERE item_id = $1`,
      [lead!.id],
    );
    const target = removable.length === 0 ? lead!.id : added[0]!.id;
    await sql('DELETE FROM items WHERE id = $1', [target]);
    expect(await leads(productId)).toEqual(await firsts(productId));
  });

  it('refuse a change of an item’s product or colour', async () => {
    const [item] = await sql<{ id: number }>('SELECT id FROM items ORDER BY id LIMIT 1');
    await expect(
      sql("UPDATE items SET color = 'Another Colour' WHERE id = $1", [item!.id]),
    ).rejects.toThrow(/cannot change/);
    await expect(sql('UPDATE items SET stock = stock WHERE id = $1', [item!.id])).resolves.toEqual(
      [],
    );
  });
});

describe('GET /api/outfit/search', () => {
  it('finds outfits by a word of their name, a typo of it, or their description', async () => {
    const [outfit] = await sql<{ id: number; name: string }>(
      "SELECT id, name FROM outfits WHERE name ~ '[A-Za-z]{6,}' ORDER BY id LIMIT 1",
    );
    const word = outfit!.name.match(/[A-Za-z]{6,}/)![0];
    const exact = await searchOutfits(`q=${encodeURIComponent(word)}`);
    expect(exact.results[0]!.id).toBe(outfit!.id);
    for (const o of exact.results) {
      expect(`${o.name} ${o.description}`.toLowerCase()).toContain(word.toLowerCase());
      expect(o.items).toHaveLength(5);
    }
    // Swap two letters in the middle of the word.
    const typo = word.slice(0, 2) + word[3] + word[2] + word.slice(4);
    const fuzzy = await searchOutfits(`q=${encodeURIComponent(typo)}`);
    expect(fuzzy.results.map((o) => o.id)).toContain(outfit!.id);
  });

  it('learns the words of a renamed outfit, typos included', async () => {
    const [outfit] = await sql<{ id: number }>('SELECT id FROM outfits ORDER BY id DESC LIMIT 1');
    await sql("UPDATE outfits SET name = 'Aubergine Velvet Evening' WHERE id = $1", [outfit!.id]);
    const fuzzy = await searchOutfits('q=aubegrine');
    expect(fuzzy.results.map((o) => o.id)).toEqual([outfit!.id]);
  });

  it('lists the newest without text, pages without overlap, and % matches nothing', async () => {
    const first = await searchOutfits('limit=10');
    const second = await searchOutfits(`limit=10&offset=${first.nextOffset}`);
    expect(first.results).toHaveLength(10);
    const ids = [...first.results, ...second.results].map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await searchOutfits('q=%25')).results).toEqual([]);
    expect((await searchOutfits('q=_')).results).toEqual([]);
  });

  it('marks the outfits this shopper swiped right on', async () => {
    const { results } = await searchOutfits('limit=2');
    await sql("INSERT INTO swipes (user_id, outfit_id, direction) VALUES ($1, $2, 'like')", [
      shopper.user.id,
      results[0]!.id,
    ]);
    await sql("INSERT INTO swipes (user_id, outfit_id, direction) VALUES ($1, $2, 'nope')", [
      shopper.user.id,
      results[1]!.id,
    ]);
    const again = await searchOutfits('limit=2');
    expect(again.results.map((o) => o.favorite)).toEqual([true, false]);
  });

  it.each(['limit=0', 'offset=x', `q=${'y'.repeat(101)}`])('answers 400 for %s', async (qs) => {
    expect((await shopper.agent.get(`/api/outfit/search?${qs}`)).statusCode).toBe(400);
  });

  it('is 401 for a visitor', async () => {
    expect((await new Agent(t.app).get('/api/outfit/search?q=work')).statusCode).toBe(401);
  });
});

describe('GET /api/item/search with kept pages', () => {
  let kept: TestApp;
  let buyer: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    kept = await createTestApp({ cacheSeconds: KEPT_SECONDS });
    buyer = await signUp(kept.app);
  });
  afterAll(() => kept.close());

  const search = async (qs: string) => {
    const res = await buyer.agent.get(`/api/item/search?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { results: (ItemResult & { stock: number })[]; nextOffset: number | null };
  };
  const keptSql = (text: string, params: unknown[] = []) =>
    kept.db.database.sql.query(text, params);

  it('answers a repeated search with today’s stock and hearts', async () => {
    const [first] = (await search('q=jacket&limit=1')).results;
    await keptSql('UPDATE items SET stock = 3 WHERE id = $1', [first!.id]);
    await buyer.agent.post('/api/item/search/favorite', { itemId: first!.id });
    // The heart is the shopper's own: at once. The stock is announced: within moments.
    expect((await search('q=jacket&limit=1')).results[0]).toMatchObject({ favorite: true });
    await vi.waitFor(
      async () =>
        expect((await search('q=jacket&limit=1')).results[0]).toMatchObject({
          id: first!.id,
          stock: 3,
          favorite: true,
        }),
      untilAnnounced,
    );
  });

  it('writes a kept page exactly as the page’s serializer would', async () => {
    const write = compileSerializer(ItemSearchPageSchema)!;
    for (const qs of ['q=black&limit=6', 'q=black&limit=6', 'q=jakcet&limit=3&cat=6']) {
      const res = await buyer.agent.get(`/api/item/search?${qs}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as ItemSearchPage;
      expect(page.results.length).toBeGreaterThan(0);
      expect(res.body).toBe(write(page));
    }
  });

  it('shows a price changed in the catalogue at once, not when the kept page ages', async () => {
    const [first] = (await search('q=coat&limit=1')).results;
    await keptSql('UPDATE items SET price_cents = 12345 WHERE id = $1', [first!.id]);
    await vi.waitFor(
      async () =>
        expect((await search('q=coat&limit=1')).results[0]).toMatchObject({
          id: first!.id,
          price: '$123.45',
        }),
      untilAnnounced,
    );
  });

  it('keeps pages apart by text, case aside, categories and offset', async () => {
    const all = await search('q=jacket&limit=2');
    expect((await search('q=JACKET&limit=2')).results).toEqual(all.results);
    const next = await search(`q=jacket&limit=2&offset=${all.nextOffset}`);
    expect(next.results.map((i) => i.id)).not.toContain(all.results[0]!.id);
    const tops = await search('q=black&cat=1&limit=5');
    expect(tops.results.length).toBeGreaterThan(0);
    expect(tops.results.every((i) => i.categoryId === 1)).toBe(true);
    const coats = await search('q=black&cat=6&limit=5');
    expect(coats.results.length).toBeGreaterThan(0);
    expect(coats.results.every((i) => i.categoryId === 6)).toBe(true);
  });

  it('finds a piece added to the catalogue at once, not when the kept page ages', async () => {
    expect((await search('q=quillowick')).results).toEqual([]);
    await keptSql(
      `INSERT INTO products (name, slug, category_id, garment, seller, description)
       VALUES ('Quillowick Tee', 'quillowick-tee', 1, 'tee', 'Test Co', 'A test.')`,
    );
    await keptSql(
      `INSERT INTO items (product_id, category_id, name, seller, color, color_hex, size, price_cents, stock, image)
       SELECT id, 1, name, seller, 'Black', '#111111', 'M', 2500, 5, '/images/items/tee/black.svg'
         FROM products WHERE slug = 'quillowick-tee'`,
    );
    await vi.waitFor(
      async () =>
        expect((await search('q=quillowick')).results.map((i) => i.name)).toEqual([
          'Quillowick Tee',
        ]),
      untilAnnounced,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SLOTS } from '../../../contracts/catalog';
import { OUTFIT_SEARCH_PAGE_SIZE, PAGE_SIZE } from '../../../contracts/common';
import type { ItemSearchPage, OutfitSearchPage } from '../../../contracts/search';
import { KEPT_SECONDS, untilAnnounced } from '../../test/announcements';
import { followToEnd, pageUrl } from '../../test/pages';
import { Agent, createTestApp, signUp, type TestApp } from '../../test/test-app';

let t: TestApp;
let shopper: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  shopper = await signUp(t.app);
});
afterAll(() => t.close());

type ItemResult = ItemSearchPage['items'][number];
type OutfitResult = OutfitSearchPage['items'][number];

function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []) {
  return t.db.database.sql.query<T>(text, params);
}

async function searchItems(qs: string, agent = shopper.agent): Promise<ItemSearchPage> {
  const res = await agent.get(`/api/item/search?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ItemSearchPage;
}

async function searchOutfits(qs: string, agent = shopper.agent): Promise<OutfitSearchPage> {
  const res = await agent.get(`/api/outfit/search?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OutfitSearchPage;
}

/** A new product with one black piece in size M. */
async function addPiece(
  name: string,
  slug: string,
  seller: string,
  garment = 'tee',
  cat = 1,
  description = 'A test.',
) {
  await sql(
    `INSERT INTO products (name, slug, category_id, garment, seller, description)
     VALUES ($1, $2, $4, $3, $5, $6)`,
    [name, slug, garment, cat, seller, description],
  );
  const [row] = await sql<{ id: number }>(
    `INSERT INTO items (product_id, category_id, name, seller, color, color_hex, size, price_cents, stock, image)
     SELECT id, category_id, name, seller, 'Black', '#111111', 'M', 2500, 5, '/images/items/tee/black.svg'
       FROM products WHERE slug = $1
     RETURNING id`,
    [slug],
  );
  return row!.id;
}
const addTee = (name: string, slug: string, seller: string) => addPiece(name, slug, seller);

const text = (i: ItemResult) => `${i.name} ${i.color} ${i.seller}`.toLowerCase();

/** Every result of a search, page by page. */
async function allItems(qs: string): Promise<ItemResult[]> {
  return (await followToEnd<ItemResult>(shopper.agent, `/api/item/search?${qs}`)).flat();
}
async function allOutfits(qs: string): Promise<OutfitResult[]> {
  return (await followToEnd<OutfitResult>(shopper.agent, `/api/outfit/search?${qs}`)).flat();
}

/** The garment of each product colour found, as the catalogue files it. */
async function garments(results: readonly ItemResult[]): Promise<string[]> {
  const rows = await sql<{ id: number; garment: string }>(
    'SELECT i.id, p.garment FROM items i JOIN products p ON p.id = i.product_id WHERE i.id = ANY($1::int[])',
    [results.map((r) => r.id)],
  );
  const byId = new Map(rows.map((r) => [r.id, r.garment]));
  return results.map((r) => byId.get(r.id)!);
}

describe('GET /api/item/search', () => {
  it('is 401 for a visitor', async () => {
    expect((await new Agent(t.app).get('/api/item/search?q=jacket')).statusCode).toBe(401);
  });

  it('matches at the start of a word, whatever the case, and answers a page of at most PAGE_SIZE', async () => {
    const first = await searchItems('q=jacket');
    expect(first.items.length).toBeGreaterThan(0);
    expect(first.items.length).toBeLessThanOrEqual(PAGE_SIZE);
    const lower = await allItems('q=jacket');
    expect(lower.slice(0, first.items.length)).toEqual(first.items);
    const upper = await allItems('q=JaCKeT');
    expect(upper.map((i) => i.id)).toEqual(lower.map((i) => i.id));
    // "red" is inside "Tapered" and "Tailored", but at the start of none of their words.
    const red = await allItems('q=red');
    expect(red.length).toBeGreaterThan(0);
    expect(red.every((i) => ['Burgundy', 'Rust'].includes(i.color))).toBe(true);
  });

  it('reads plurals, other names and a word still being typed as the shop means them', async () => {
    for (const [q, garment] of [
      ['boots', 'boot'],
      ['sneakers', 'sneaker'],
      ['trainers', 'sneaker'],
      ['jumper', 'sweater'],
      ['pants', 'trousers'],
      ['t-shirt', 'tee'],
      ['tshirt', 'tee'],
      ['scarves', 'scarf'],
      ['blaz', 'blazer'],
    ] as const) {
      const found = await searchItems(`q=${encodeURIComponent(q)}`);
      expect(found.items.length, q).toBeGreaterThan(0);
      expect((await garments(found.items)).slice(0, 3), q).toEqual(
        [garment, garment, garment].slice(0, Math.min(3, found.items.length)),
      );
    }
  });

  it('says what it understood: colours, categories and brands, for chips', async () => {
    const found = await searchItems('q=black%20boots');
    expect(found.understood).toEqual([
      { words: 'black', kind: 'colour', label: 'Black' },
      { words: 'boots', kind: 'category', label: 'Boots' },
    ]);
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((i) => i.color === 'Black')).toBe(true);
    expect(new Set(await garments(found.items))).toEqual(new Set(['boot']));
    const brand = await searchItems('q=corvo');
    expect(brand.understood).toEqual([{ words: 'corvo', kind: 'brand', label: 'Corvo Calzature' }]);
    expect(brand.items.every((i) => i.seller === 'Corvo Calzature')).toBe(true);
    expect((await searchItems('q=wool')).understood).toEqual([]);
  });

  it('passes over words like "and" and "for", and reads no typo as one of them', async () => {
    const joined = await searchItems('q=black%20and%20the%20boots');
    const plain = await searchItems('q=black%20boots');
    expect(joined.items.map((i) => i.id)).toEqual(plain.items.map((i) => i.id));
    // Both are words of the shop's descriptions; a word one edit from each is not them.
    const [{ n } = { n: 0 }] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM search_words WHERE word IN ('and', 'for')`,
    );
    expect(n).toBe(2);
    for (const typed of ['anda', 'xfor']) {
      const found = await searchItems(`q=${typed}`);
      expect(found.understood.filter((u) => u.kind === 'spelling')).not.toContainEqual(
        expect.objectContaining({ label: expect.stringMatching(/\b(and|for)\b/) }),
      );
    }
  });

  it('lists pieces with the word in their own text first, then those with it in their description only, to the end', async () => {
    // More than a page of each kind of match, so the first pages come from the pieces' own text.
    for (let k = 1; k <= 30; k++) {
      await addPiece(`Zephyrine Tee ${k}`, `zephyrine-tee-${k}`, 'Test Co');
    }
    for (let k = 1; k <= 5; k++) {
      await addPiece(
        `Plain Tee Z${k}`,
        `plain-tee-z${k}`,
        'Test Co',
        'tee',
        1,
        'Cut like a zephyrine.',
      );
    }
    const found = await allItems('q=zephyrine');
    expect(found).toHaveLength(35);
    expect(new Set(found.map((i) => i.id)).size).toBe(35);
    expect(found.slice(0, 30).every((i) => i.name.startsWith('Zephyrine Tee'))).toBe(true);
    expect(found.slice(30).every((i) => i.name.startsWith('Plain Tee Z'))).toBe(true);
  });

  it('gives one result per product colour', async () => {
    const results = await allItems('q=jacket');
    const keys = results.map((i) => `${i.productId}:${i.color}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('forgives a typo: "jakcet" finds the jackets, "sweter" the sweaters', async () => {
    const exact = await allItems('q=jacket');
    const typo = await allItems('q=jakcet');
    expect(exact.length).toBeGreaterThan(0);
    expect(typo.map((i) => i.id)).toEqual(exact.map((i) => i.id));
    const sweater = await searchItems('q=sweter');
    expect(sweater.items.length).toBeGreaterThan(0);
    expect(text(sweater.items[0]!)).toContain('sweater');
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
          AND EXISTS (SELECT 1 FROM items i WHERE i.search_text ~ ('\\m' || w.word))
        ORDER BY w.word LIMIT 1`,
    );
    expect(short).toBeDefined();
    expect((await searchItems(`q=${short!.word}`)).items.length).toBeGreaterThan(0);
    const typo = ['q', 'x', 'z']
      .map((c) => short!.word.slice(0, 2) + c)
      .find((t) => t !== short!.word);
    expect(await noWordHolds(typo!)).toBe(true);
    expect((await searchItems(`q=${typo}`)).items).toEqual([]);
  });

  it('looks inside words only when no word starts with what was typed', async () => {
    // No word of the shop starts with "acke", and none is one edit from it: jacket holds it.
    const inside = await allItems('q=acke');
    const jackets = (await allItems('q=jacket')).filter((i) => /jacket/i.test(i.name));
    expect(jackets.length).toBeGreaterThan(0);
    expect(inside.map((i) => i.id)).toEqual(expect.arrayContaining(jackets.map((i) => i.id)));
    // Three letters never look inside a word.
    expect((await searchItems('q=ack')).items).toEqual([]);
  });

  it('needs every word: "black jacket" gives black jackets only', async () => {
    const results = await allItems('q=black%20jacket');
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThan((await allItems('q=jacket')).length);
    expect(results.length).toBeLessThan((await allItems('q=black')).length);
    for (const item of results) expect(item.color).toBe('Black');
  });

  it('finds two words wherever each lies: name, seller, description, garment or a colour', async () => {
    const black = await addPiece(
      'Vantablume Overshirt',
      'vantablume-overshirt',
      'Quillon Works',
      'shirt',
      1,
      'Woven from brambleweave yarn.',
    );
    const [mistral] = await sql<{ id: number }>(
      `INSERT INTO items (product_id, category_id, name, seller, color, color_hex, size, price_cents, stock, image)
       SELECT product_id, category_id, name, seller, 'Mistral Blue', '#3355aa', 'M', price_cents, 4, image
         FROM items WHERE id = $1
       RETURNING id`,
      [black],
    );
    const ids = async (q: string) =>
      (await allItems(`q=${encodeURIComponent(q)}`)).map((i) => i.id).sort((a, b) => a - b);
    const both = [black, mistral!.id];
    // "mistral" is a word of a colour alone, which the shop learns from the catalogue's news.
    await vi.waitFor(
      async () => expect(await ids('vantablume mistral')).toEqual([mistral!.id]),
      untilAnnounced,
    );
    expect(await ids('quillon mistral')).toEqual([mistral!.id]);
    expect(await ids('quillon brambleweave')).toEqual(both);
    expect(await ids('brambleweave shirts')).toEqual(both);
    expect(await ids('vantablume black')).toEqual([black]);
    // Each word in some piece of the shop, both in none.
    expect(await ids('quillon tee')).toEqual([]);
    expect(await ids('brambleweave jeans')).toEqual([]);
  });

  it('offers the closest search when nothing matches, and only then', async () => {
    const none = await searchItems('q=blazzzzer');
    expect(none.items).toEqual([]);
    expect(none.suggestion).toBe('blazer');
    expect((await searchItems('q=blazer')).suggestion).toBeNull();
    // Each word is known, together they find nothing: the garment alone.
    const both = await searchItems('q=burgundy%20blazer');
    expect(both.items).toEqual([]);
    expect(both.suggestion).toBe('blazer');
    // A suggestion is checked in the categories asked: no blazer is footwear.
    const inFootwear = await searchItems('q=blazzzzer&cat=Footwear');
    expect(inFootwear.items).toEqual([]);
    expect(inFootwear.suggestion).not.toBe('blazer');
  });

  it('offers the nearest garment the shop sells for one it does not', async () => {
    const none = await searchItems('q=cardigans');
    expect(none.items).toEqual([]);
    expect(none.suggestion).toBe('sweaters');
    const offered = await searchItems('q=sweaters');
    expect(offered.items.length).toBeGreaterThan(0);
    expect(await garments(offered.items)).toEqual(offered.items.map(() => 'sweater'));
  });

  it('treats % and _ as plain characters', async () => {
    expect((await searchItems('q=%25')).items).toEqual([]);
    expect((await searchItems('q=_')).items).toEqual([]);
    expect((await searchItems('q=%25%25%25')).items).toEqual([]);
    expect((await searchItems('q=%5C')).items).toEqual([]);

    // A product that really has them is found by them, and only it.
    await addTee('Percent 100% Cotton_Tee', 'percent-test-tee', 'Odd_Sign Co');
    const percent = await searchItems('q=%25');
    expect(percent.items.map((i) => i.name)).toEqual(['Percent 100% Cotton_Tee']);
    const underscore = await searchItems('q=_');
    expect(underscore.items.map((i) => i.name)).toEqual(['Percent 100% Cotton_Tee']);
    expect((await searchItems('q=100%25')).items).toHaveLength(1);
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
    expect(outer.every((i) => i.categoryId === 6)).toBe(true);
    expect(tops.every((i) => i.categoryId === 1)).toBe(true);
    expect(tops.length + outer.length).toBe(both.length);

    expect(await allItems('q=jacket&cat=1')).toEqual([]);
  });

  it('lists every product colour once without text, newest first when none is hearted, page by page', async () => {
    const pages = await followToEnd<ItemResult>(shopper.agent, '/api/item/search');
    expect(pages.length).toBeGreaterThan(1);
    const ids = pages.flat().map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [count] = await sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM items WHERE colour_lead',
    );
    expect(ids.length).toBe(count!.n);
  });

  it('shows the pieces most hearted lately first without text, then the newest, each once', async () => {
    const oldest = await sql<{ id: number; key: string }>(
      `SELECT id, product_id || ':' || color AS key FROM items WHERE colour_lead ORDER BY id LIMIT 3`,
    );
    const [most, less, longAgo] = oldest;
    const other = await signUp(t.app);
    try {
      await shopper.agent.post('/api/item/search/favorite', { itemId: most!.id });
      await other.agent.post('/api/item/search/favorite', { itemId: most!.id });
      await other.agent.post('/api/item/search/favorite', { itemId: less!.id });
      // Hearted by both, but 40 days ago: no longer popular.
      for (const agent of [shopper.agent, other.agent])
        await agent.post('/api/item/search/favorite', { itemId: longAgo!.id });
      await sql(
        `UPDATE item_favorites SET created_at = now() - interval '40 days' WHERE item_id = $1`,
        [longAgo!.id],
      );
      const keyOf = (i: ItemResult) => `${i.productId}:${i.color}`;
      const pages = await followToEnd<ItemResult>(shopper.agent, '/api/item/search');
      const keys = pages.flat().map(keyOf);
      expect(keys.slice(0, 2)).toEqual([most!.key, less!.key]);
      const newest = pages.flat().slice(2);
      expect(newest.map((i) => i.id)).toEqual(newest.map((i) => i.id).sort((a, b) => b - a));
      expect(keys.at(-1)).toBe(longAgo!.key);
      expect(new Set(keys).size).toBe(keys.length);
      const [count] = await sql<{ n: number }>(
        'SELECT count(*)::int AS n FROM items WHERE colour_lead',
      );
      expect(keys).toHaveLength(count!.n);
      // Within a category, the popular pieces of that category first.
      const categoryOf = async (id: number) =>
        (await sql<{ c: number }>('SELECT category_id AS c FROM items WHERE id = $1', [id]))[0]!.c;
      const category = await categoryOf(less!.id);
      const first = (await searchItems(`cat=${category}`)).items.map(keyOf)[0];
      expect(first).toBe((await categoryOf(most!.id)) === category ? most!.key : less!.key);
    } finally {
      await sql('DELETE FROM item_favorites WHERE item_id = ANY($1::int[])', [
        oldest.map((o) => o.id),
      ]);
    }
  });

  it('keeps one order over its pages, and loses or repeats nothing while pieces come and go', async () => {
    for (let n = 0; n < PAGE_SIZE + 6; n++)
      await addPiece(`Moonrise Tee ${n}`, `moonrise-${n}`, 'Test Co');
    const before = (await allItems('q=moonrise')).map((i) => i.id);
    expect(before).toHaveLength(PAGE_SIZE + 6);
    const added: number[] = [];
    const removed: number[] = [];
    const pages = await followToEnd<ItemResult>(
      shopper.agent,
      '/api/item/search?q=moonrise',
      async (read) => {
        // A new piece (newest, so ahead of the cursor), and one not yet shown taken out.
        added.push(await addPiece(`Moonrise Tee new ${read}`, `moonrise-new-${read}`, 'Test Co'));
        const gone = before[read * PAGE_SIZE + 2]!;
        await sql('DELETE FROM items WHERE id = $1', [gone]);
        removed.push(gone);
      },
    );
    const seen = pages.flat().map((i) => i.id);
    expect(removed).toHaveLength(1);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of added) expect(seen).not.toContain(id);
    // Everything that stayed is shown once, in the order it had.
    expect(seen).toEqual(before.filter((id) => !removed.includes(id)));
  });

  it('refuses a cursor it did not give, or one of outfit search', async () => {
    for (const cursor of ['abc', Buffer.from('[1,2]').toString('base64url')]) {
      const res = await shopper.agent.get(pageUrl('/api/item/search?q=black', cursor));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('cursor');
    }
    const outfits = await searchOutfits('');
    expect(outfits.nextCursor).not.toBeNull();
    const crossed = await shopper.agent.get(pageUrl('/api/item/search', outfits.nextCursor!));
    expect(crossed.statusCode).toBe(400);
  });

  it('learns a word added after a typo of it was looked up', async () => {
    expect((await searchItems('q=glimmeorw')).items).toEqual([]);
    await addTee('Glimmerow Tee', 'glimmerow-test-tee', 'Test Co');
    expect((await searchItems('q=glimmeorw')).items.map((i) => i.name)).toEqual(['Glimmerow Tee']);
    expect((await searchItems('q=glimmerow')).items.map((i) => i.name)).toEqual(['Glimmerow Tee']);
  });

  it('learns the words of a renamed piece, typos included', async () => {
    const [item] = await sql<{ id: number }>(
      'SELECT id FROM items WHERE colour_lead ORDER BY id DESC LIMIT 1',
    );
    // An item's name is its product's (0050): renaming the product renames every colour.
    await sql(
      "UPDATE products SET name = 'Quillowmere Tee' WHERE id = (SELECT product_id FROM items WHERE id = $1)",
      [item!.id],
    );
    const fuzzy = await searchItems('q=quilolwmere');
    expect(fuzzy.items.map((i) => i.id)).toContain(item!.id);
    expect(new Set(fuzzy.items.map((i) => i.name))).toEqual(new Set(['Quillowmere Tee']));
    await expect(
      sql("UPDATE items SET name = 'Quillowmere Top' WHERE id = $1", [item!.id]),
    ).rejects.toThrow(/items_product_name_seller_fkey/);
  });

  it('marks the pieces this shopper hearted, and no one else’s', async () => {
    const [first] = (await searchItems('q=jacket')).items;
    expect(first!.favorite).toBe(false);
    await shopper.agent.post('/api/item/search/favorite', { itemId: first!.id });
    const again = (await searchItems('q=jacket')).items[0]!;
    expect(again).toMatchObject({ id: first!.id, favorite: true });
    const other = await signUp(t.app);
    expect((await searchItems('q=jacket', other.agent)).items[0]!.favorite).toBe(false);
  });

  it('keeps the pieces made in the size typed, and shows each in it', async () => {
    const jeans = await allItems('q=jeans%2032');
    expect(jeans.length).toBeGreaterThan(0);
    for (const piece of jeans) {
      expect(piece.size).toBe('32');
      expect(piece.sizes).toContain('32');
    }
    expect(await garments(jeans)).toEqual(jeans.map(() => 'jeans'));
    const page = await searchItems('q=jeans%20size%2032');
    expect(page.understood).toContainEqual({ words: 'size 32', kind: 'size', label: '32' });
    // Every jeans colour made in 32 is found, and no other.
    const [{ n }] = (await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM items i JOIN products p ON p.id = i.product_id
        WHERE i.colour_lead AND p.garment = 'jeans'
          AND EXISTS (SELECT 1 FROM items s WHERE s.product_id = i.product_id
                         AND s.color = i.color AND s.size = '32')`,
    )) as [{ n: number }];
    expect(jeans).toHaveLength(n);
    // A size alone lists what is made in it; kept, the page shows the same sizes.
    for (const first of [await searchItems('q=size%20m'), await searchItems('q=size%20m')]) {
      expect(first.items.length).toBeGreaterThan(0);
      expect(first.items.every((i) => i.size === 'M')).toBe(true);
    }
    // Every page of a size alone keeps it; a piece hearted in another size is still shown in
    // the size typed, found afresh or kept.
    const everyM = await allItems('q=size%20m');
    expect(everyM.length).toBeGreaterThan(PAGE_SIZE);
    expect(everyM.every((i) => i.size === 'M')).toBe(true);
    const shown = everyM.find((i) => i.sizes.includes('S'))!;
    const [small] = await sql<{ id: number }>(
      `SELECT s.id FROM items s JOIN items m ON m.product_id = s.product_id AND m.color = s.color
        WHERE m.id = $1 AND s.size = 'S'`,
      [shown.id],
    );
    await shopper.agent.post('/api/item/search/favorite', { itemId: small!.id });
    const again = (await allItems('q=size%20m')).find((i) => i.id === shown.id);
    expect(again).toMatchObject({ size: 'M', favorite: false });
    // A size the shop does not make finds nothing, and offers the search without it.
    const none = await searchItems('q=boots%20size%208');
    expect(none.items).toEqual([]);
    expect(none.suggestion).toBe('boots');
  });

  it.each(['cursor=', 'cursor=not%20one', 'cat=Hats', 'cat=4', `q=${'x'.repeat(101)}`])(
    'answers 400 for %s',
    async (qs) => {
      const res = await shopper.agent.get(`/api/item/search?${qs}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    },
  );
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
  it('reads no size: an outfit is not bought in one', async () => {
    const sized = await searchOutfits('q=casual%20size%20m');
    const plain = await searchOutfits('q=casual');
    expect(sized.items.length).toBeGreaterThan(0);
    expect(sized.items.map((o) => o.id)).toEqual(plain.items.map((o) => o.id));
    expect(sized.understood.map((u) => u.kind)).not.toContain('size');
  });

  it('finds outfits by a word of their name, a typo of it, or their description', async () => {
    const [outfit] = await sql<{ id: number; name: string }>(
      "SELECT id, name FROM outfits WHERE name ~ '[A-Za-z]{7,}' ORDER BY id LIMIT 1",
    );
    const word = outfit!.name.match(/[A-Za-z]{7,}/)![0];
    const exact = await searchOutfits(`q=${encodeURIComponent(word)}`);
    expect(exact.items.map((o) => o.id)).toContain(outfit!.id);
    expect(exact.items[0]!.name.toLowerCase()).toContain(word.toLowerCase());
    for (const o of exact.items) expect(o.items).toHaveLength(5);
    // Swap two letters in the middle of the word.
    const typo = word.slice(0, 2) + word[3] + word[2] + word.slice(4);
    const fuzzy = await searchOutfits(`q=${encodeURIComponent(typo)}`);
    expect(fuzzy.items.map((o) => o.id)).toContain(outfit!.id);
  });

  it('finds outfits by the pieces they hold, one piece holding every word first', async () => {
    const trench = await allOutfits('q=trench');
    expect(trench.length).toBeGreaterThan(0);
    for (const o of trench) {
      const holds = o.items.some((p) => /trench/i.test(p.name));
      expect(holds || /trench/i.test(`${o.name} ${o.description}`), o.name).toBe(true);
    }
    const found = await allOutfits('q=white%20sneakers');
    expect(found.length).toBeGreaterThan(0);
    const rows = await sql<{ id: number }>(
      `SELECT i.id FROM items i JOIN products p ON p.id = i.product_id
        WHERE p.garment = 'sneaker' AND i.color = 'White'`,
    );
    const sneakerIds = new Set(rows.map((r) => r.id));
    const holdsOne = (o: OutfitResult) => o.items.some((p) => sneakerIds.has(p.id));
    const firstWithout = found.findIndex((o) => !holdsOne(o));
    expect(holdsOne(found[0]!)).toBe(true);
    if (firstWithout >= 0) expect(found.slice(firstWithout).some(holdsOne)).toBe(false);
  });

  it('finds an outfit for two words only when it holds each, wherever it holds it', async () => {
    const ids = async (qs: string) => (await allOutfits(qs)).map((o) => o.id);
    // Occasions with a garment or a plain word, and a garment with a word of outfits' own text.
    for (const [a, b] of [
      ['brunch', 'trench'],
      ['casual', 'sneakers'],
      ['airport', 'leather'],
      ['sneakers', 'weekend'],
    ] as const) {
      const both = await ids(`q=${a}%20${b}`);
      const [first, second] = [new Set(await ids(`q=${a}`)), new Set(await ids(`q=${b}`))];
      const expected = [...first].filter((id) => second.has(id));
      expect(expected.length, `${a} ${b}`).toBeGreaterThan(0);
      expect(expected.length, `${a} ${b}`).toBeLessThan(Math.min(first.size, second.size));
      expect(new Set(both).size, 'nothing listed twice').toBe(both.length);
      expect([...both].sort((x, y) => x - y)).toEqual(expected.sort((x, y) => x - y));
    }
  });

  it('ranks a name or occasion match above a piece match', async () => {
    const found = await searchOutfits('q=brunch');
    expect(found.items.length).toBeGreaterThan(0);
    const [brunch] = await sql<{ id: number }>("SELECT id FROM occasions WHERE name = 'Brunch'");
    expect(found.items[0]!.occasionId).toBe(brunch!.id);
  });

  it('learns the words of a renamed outfit, typos included', async () => {
    const [outfit] = await sql<{ id: number }>('SELECT id FROM outfits ORDER BY id DESC LIMIT 1');
    await sql("UPDATE outfits SET name = 'Aubergine Velvet Evening' WHERE id = $1", [outfit!.id]);
    const fuzzy = await searchOutfits('q=aubegrine');
    expect(fuzzy.items.map((o) => o.id)).toEqual([outfit!.id]);
  });

  it('finds outfits by what their pieces and occasion are called now', async () => {
    const [piece] = await sql<{ outfitId: number; productId: number; occasionId: number }>(
      `SELECT oi.outfit_id AS "outfitId", oi.product_id AS "productId", o.occasion_id AS "occasionId"
         FROM outfit_items oi JOIN outfits o ON o.id = oi.outfit_id
        ORDER BY oi.outfit_id LIMIT 1`,
    );
    const { outfitId, productId, occasionId } = piece!;
    const wearing = await sql<{ id: number }>(
      'SELECT DISTINCT outfit_id AS id FROM outfit_items WHERE product_id = $1',
      [productId],
    );
    const ids = async (q: string) =>
      (await allOutfits(`q=${encodeURIComponent(q)}`)).map((o) => o.id).sort((a, b) => a - b);
    /** The outfits for the piece's occasion, found by its new name, alone or with the piece's. */
    const checkOccasion = async () => {
      const [occasion] = await sql<{ name: string }>('SELECT name FROM occasions WHERE id = $1', [
        occasionId,
      ]);
      await sql("UPDATE occasions SET name = 'Quasarfest' WHERE id = $1", [occasionId]);
      try {
        const atIt = await sql<{ id: number }>('SELECT id FROM outfits WHERE occasion_id = $1', [
          occasionId,
        ]);
        expect(await ids('quasarfest')).toEqual(atIt.map((r) => r.id).sort((a, b) => a - b));
        expect(await ids('quasarfest vellichor')).toContain(outfitId);
      } finally {
        await sql('UPDATE occasions SET name = $2 WHERE id = $1', [occasionId, occasion!.name]);
      }
      expect(await ids('quasarfest')).toEqual([]);
    };
    const wearingIds = wearing.map((r) => r.id).sort((a, b) => a - b);
    const [product] = await sql<{ name: string }>('SELECT name FROM products WHERE id = $1', [
      productId,
    ]);
    expect(await ids('vellichor')).toEqual([]);
    await sql("UPDATE products SET name = 'Vellichor Coat' WHERE id = $1", [productId]);
    try {
      expect(await ids('vellichor')).toEqual(wearingIds);
      expect(await ids('vellichor coat')).toEqual(wearingIds);
      await checkOccasion();
    } finally {
      await sql('UPDATE products SET name = $2 WHERE id = $1', [productId, product!.name]);
    }
    expect(await ids('vellichor')).toEqual([]);
  });

  it('lists the newest without text, a page at a time to the end, and % matches nothing', async () => {
    const pages = await followToEnd<OutfitResult>(shopper.agent, '/api/outfit/search');
    const ids = pages.flat().map((o) => o.id);
    expect(pages.length).toBeGreaterThan(1);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [count] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM outfits');
    expect(ids).toHaveLength(count!.n);
    expect((await searchOutfits('q=%25')).items).toEqual([]);
    expect((await searchOutfits('q=_')).items).toEqual([]);
  });

  it('offers the closest search when nothing matches', async () => {
    const none = await searchOutfits('q=brunhc');
    expect(none.items.length).toBeGreaterThan(0);
    const nothing = await searchOutfits('q=lisbonnnn');
    expect(nothing.items).toEqual([]);
    expect(nothing.suggestion).toBe('lisbon');
  });

  it('marks the outfits this shopper swiped right on', async () => {
    const { items } = await searchOutfits('');
    await sql("INSERT INTO swipes (user_id, outfit_id, direction) VALUES ($1, $2, 'like')", [
      shopper.user.id,
      items[0]!.id,
    ]);
    await sql("INSERT INTO swipes (user_id, outfit_id, direction) VALUES ($1, $2, 'nope')", [
      shopper.user.id,
      items[1]!.id,
    ]);
    const again = await searchOutfits('');
    expect(again.items.slice(0, 2).map((o) => o.favorite)).toEqual([true, false]);
  });

  it.each(['cursor=x.y', `q=${'y'.repeat(101)}`])('answers 400 for %s', async (qs) => {
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
    return res.json() as ItemSearchPage;
  };
  const keptSql = (text: string, params: unknown[] = []) =>
    kept.db.database.sql.query(text, params);

  it('answers a repeated search with today’s stock and hearts', async () => {
    const [first] = (await search('q=jacket')).items;
    await keptSql('UPDATE items SET stock = 3 WHERE id = $1', [first!.id]);
    await buyer.agent.post('/api/item/search/favorite', { itemId: first!.id });
    // The heart is the shopper's own: at once. The stock is announced: within moments.
    expect((await search('q=jacket')).items[0]).toMatchObject({ favorite: true });
    await vi.waitFor(
      async () =>
        expect((await search('q=jacket')).items[0]).toMatchObject({
          id: first!.id,
          stock: 3,
          favorite: true,
        }),
      untilAnnounced,
    );
  });

  it('answers a kept page as it answered it first, chips and suggestion included', async () => {
    for (const qs of ['q=black%20boots', 'q=blazzzzer', 'q=jakcet&cat=6']) {
      const first = await buyer.agent.get(`/api/item/search?${qs}`);
      const again = await buyer.agent.get(`/api/item/search?${qs}`);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
    }
  });

  it('shows a price changed in the catalogue at once, not when the kept page ages', async () => {
    const [first] = (await search('q=coat')).items;
    await keptSql('UPDATE items SET price_cents = 12345 WHERE id = $1', [first!.id]);
    await vi.waitFor(
      async () =>
        expect((await search('q=coat')).items[0]).toMatchObject({
          id: first!.id,
          price: '$123.45',
        }),
      untilAnnounced,
    );
  });

  it('keeps pages apart by text, case aside, categories and cursor', async () => {
    const all = await search('q=black');
    expect((await search('q=BLACK')).items).toEqual(all.items);
    expect(all.nextCursor).not.toBeNull();
    const next = await search(`q=black&cursor=${all.nextCursor}`);
    expect(next.items.map((i) => i.id)).not.toContain(all.items[0]!.id);
    const tops = await search('q=black&cat=1');
    expect(tops.items.length).toBeGreaterThan(0);
    expect(tops.items.every((i) => i.categoryId === 1)).toBe(true);
    const coats = await search('q=black&cat=6');
    expect(coats.items.length).toBeGreaterThan(0);
    expect(coats.items.every((i) => i.categoryId === 6)).toBe(true);
  });

  it('finds a piece added to the catalogue at once, not when the kept page ages', async () => {
    expect((await search('q=quillowick')).items).toEqual([]);
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
        expect((await search('q=quillowick')).items.map((i) => i.name)).toEqual(['Quillowick Tee']),
      untilAnnounced,
    );
  });
});

describe('GET /api/outfit/search with kept pages', () => {
  let kept: TestApp;
  let designer: Agent;
  let buyer: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    kept = await createTestApp({ cacheSeconds: KEPT_SECONDS });
    // The app's database holds no accounts yet, so the first admin registration is allowed.
    designer = (await signUp(kept.app, { isAdmin: true })).agent;
    buyer = await signUp(kept.app);
  });
  afterAll(() => kept.close());

  const search = async (qs: string) => {
    const res = await buyer.agent.get(`/api/outfit/search?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OutfitSearchPage;
  };
  const keptSql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    kept.db.database.sql.query<T>(text, params);

  it('answers a repeated search with the stock and likes of this moment', async () => {
    const first = await search('q=brunch');
    expect(await search('q=brunch')).toEqual(first);
    const [outfit] = first.items;
    const piece = outfit!.items[0]!;
    await keptSql('UPDATE items SET stock = 0 WHERE id = $1', [piece.id]);
    const liked = await buyer.agent.post('/api/outfit/favorite', { outfitId: outfit!.id });
    expect(liked.statusCode, liked.body).toBe(200);
    const passed = first.items[1]!;
    const rejected = await buyer.agent.post('/api/outfit/reject', { outfitId: passed.id });
    expect(rejected.statusCode, rejected.body).toBe(200);
    // The like is the shopper's own: at once; a left swipe is no like. The stock is announced:
    // within moments.
    const [likedNow, passedNow] = (await search('q=brunch')).items;
    expect(likedNow).toMatchObject({ id: outfit!.id, favorite: true });
    expect(passedNow).toMatchObject({ id: passed.id, favorite: false });
    await vi.waitFor(async () => {
      const [again] = (await search('q=brunch')).items;
      expect(again!.items.find((p) => p.id === piece.id)).toMatchObject({ stock: 0 });
    }, untilAnnounced);
  });

  it('follows a search to its end, pages kept from each ranking: every outfit once, in order', async () => {
    const pieces = await keptSql<{ id: number; slot: string }>(
      `SELECT DISTINCT ON (c.slot) i.id, c.slot FROM items i
         JOIN categories c ON c.id = i.category_id
        WHERE i.stock > 0 ORDER BY c.slot, i.id`,
    );
    const itemIds = SLOTS.map((slot) => pieces.find((p) => p.slot === slot)!.id);
    // More outfits than one ranking's pages hold, so a later page is ranked again.
    for (let n = 0; n < OUTFIT_SEARCH_PAGE_SIZE; n++) {
      const made = await designer.post('/api/design/outfit/create', {
        name: `Paging Look ${n}`,
        description: 'A test look.',
        occasion: 1,
        item_ids: itemIds,
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const all = (await keptSql<{ id: number }>('SELECT id FROM outfits ORDER BY id DESC')).map(
      (o) => o.id,
    );
    await vi.waitFor(async () => {
      const pages = await followToEnd<OutfitResult>(buyer.agent, '/api/outfit/search');
      expect(pages.length).toBeGreaterThan(5);
      expect(pages.flat().map((o) => o.id)).toEqual(all);
    }, untilAnnounced);
  });

  it('finds an outfit the designer made, and loses one renamed, at once', async () => {
    expect((await search('q=quillowick')).items).toEqual([]);
    const pieces = await keptSql<{ id: number; slot: string }>(
      `SELECT DISTINCT ON (c.slot) i.id, c.slot FROM items i
         JOIN categories c ON c.id = i.category_id
        WHERE i.stock > 0 ORDER BY c.slot, i.id`,
    );
    const itemIds = SLOTS.map((slot) => pieces.find((p) => p.slot === slot)!.id);
    const made = await designer.post('/api/design/outfit/create', {
      name: 'Quillowick Picnic',
      description: 'A test look.',
      occasion: 1,
      item_ids: itemIds,
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json() as { id: number };
    await vi.waitFor(
      async () => expect((await search('q=quillowick')).items.map((o) => o.id)).toEqual([id]),
      untilAnnounced,
    );
    await keptSql("UPDATE outfits SET name = 'Marrowfield Picnic' WHERE id = $1", [id]);
    await vi.waitFor(
      async () => expect((await search('q=quillowick')).items).toEqual([]),
      untilAnnounced,
    );
  });
});

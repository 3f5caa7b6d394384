import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../../contracts/common';
import { Agent, createTestApp, signUp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/occasions', () => {
  it('lists the five occasions with their fixed ids', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/occasions' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 1, name: 'Airport' },
      { id: 2, name: 'Brunch' },
      { id: 3, name: 'Casual' },
      { id: 4, name: 'Date Night' },
      { id: 5, name: 'Work' },
    ]);
  });
});

describe('GET /api/item/categories', () => {
  it('lists the categories with SPEC ids and their slot', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/item/categories' });
    const byId = Object.fromEntries(
      res.json().map((c: { id: number; slot: string }) => [c.id, c.slot]),
    );
    expect(byId).toEqual({ 1: 'top', 2: 'bottom', 3: 'footwear', 6: 'outerwear', 7: 'accessory' });
  });
});

describe('GET /api/item/all', () => {
  it('pages items with display prices computed from cents', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/item/all?limit=5&offset=5' });
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items).toHaveLength(5);
    expect(items[0].id).toBe(6);
    for (const item of items) {
      expect(item.price).toBe(
        `$${(item.priceCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      );
      expect(item.img).toMatch(/^\/images\/items\/[a-z-]+\/[a-z-]+\.webp$/);
    }
  });

  it('answers a page as long as every list of pieces when no limit is asked', async () => {
    const items = (await t.app.inject({ method: 'GET', url: '/api/item/all' })).json();
    expect(items.map((item: { id: number }) => item.id)).toEqual(
      Array.from({ length: PAGE_SIZE }, (_, i) => i + 1),
    );
  });

  it('filters by category and rejects bad paging', async () => {
    const shoes = await t.app.inject({ method: 'GET', url: '/api/item/all?category=3' });
    expect(shoes.json().length).toBeGreaterThan(0);
    expect(shoes.json().every((i: { categoryId: number }) => i.categoryId === 3)).toBe(true);
    for (const q of ['limit=0', 'limit=abc', 'offset=-1', 'category=x', 'limit=100000']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/item/all?${q}` })).statusCode).toBe(
        400,
      );
    }
  });
});

describe('GET /api/item/all by id', () => {
  const page = async (q: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/item/all?${q}` });
    expect(res.statusCode).toBe(200);
    return res.json() as { id: number; categoryId: number }[];
  };

  it('follows a category to its end with `after`, every item once, in id order', async () => {
    const all = await t.db.database.sql.query<{ id: number }>(
      'SELECT id FROM items WHERE category_id = 3 ORDER BY id',
    );
    expect(all.length).toBeGreaterThan(7);
    const seen: number[] = [];
    let after: number | undefined;
    // At most one page an item: a cursor that went nowhere would otherwise never end.
    for (let pages = 0; pages <= all.length; pages++) {
      const items = await page(`category=3&limit=7${after ? `&after=${after}` : ''}`);
      expect(items.every((item) => item.categoryId === 3)).toBe(true);
      seen.push(...items.map((item) => item.id));
      if (items.length < 7) break;
      after = items.at(-1)!.id;
    }
    expect(seen).toEqual(all.map((row) => row.id));
  });

  it('answers after an id that is not an item, and 400 for after with an offset', async () => {
    const [first, second] = await page('limit=2');
    expect(await page(`limit=1&after=${first!.id}`)).toEqual([second]);
    expect(await page('after=2000000000')).toEqual([]);
    for (const q of ['after=1&offset=5', 'after=x', 'after=-1']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/item/all?${q}` });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('item pictures', () => {
  it('serves an item its WebP picture, cached for a year, and 404 for unknown ones', async () => {
    const [item] = (await t.app.inject({ method: 'GET', url: '/api/item/all?limit=1' })).json();
    const res = await t.app.inject({ method: 'GET', url: item.img });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    const picture = res.rawPayload;
    expect(picture.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(picture.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // Drawn at twice the drawing's size: 480 × 600 (VP8 frame, or the extended header's canvas).
    const size = await sharp(picture).metadata();
    expect([size.width, size.height]).toEqual([480, 600]);
    // The same picture again comes from what the process kept.
    const again = await t.app.inject({ method: 'GET', url: item.img });
    expect(again.rawPayload.equals(picture)).toBe(true);
    for (const url of [
      '/images/items/spaceship/black.webp',
      '/images/items/tee/no-such-colour.webp',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/images/items/tee/black.png' })).statusCode,
    ).toBe(400);
  });

  it('serves the SVG drawing a picture is made from, in the piece’s colour', async () => {
    const [item] = (await t.app.inject({ method: 'GET', url: '/api/item/all?limit=1' })).json();
    const res = await t.app.inject({ method: 'GET', url: item.img.replace(/\.webp$/, '.svg') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain(item.colorHex.toLowerCase().slice(1));
  });
});

describe('unknown API paths and health', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('reports the database in /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { ok: true } });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/user/login');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/occasions' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('GET /api/item/{itemId}/product', () => {
  it('returns the whole product: every colour and size, in size order, with stock and prices', async () => {
    const [row] = await t.db.database.sql.query<{ id: number; product_id: number; n: number }>(
      `SELECT min(id) AS id, product_id, count(*)::int AS n FROM items
        GROUP BY product_id HAVING count(DISTINCT color) > 1 AND count(DISTINCT size) > 2
        ORDER BY product_id LIMIT 1`,
    );
    const res = await t.app.inject({ method: 'GET', url: `/api/item/${row!.id}/product` });
    expect(res.statusCode, res.body).toBe(200);
    const product = res.json();
    expect(product).toMatchObject({ id: row!.product_id, rememberedSize: null });
    expect(product.description.length).toBeGreaterThan(20);
    expect(product.variants).toHaveLength(row!.n);
    expect(product.variants.map((v: { itemId: number }) => v.itemId)).toContain(row!.id);
    expect(product.sizes.length).toBeGreaterThan(2);
    // Each colour's sizes follow the size run's order.
    const sizesOf = (color: string) =>
      product.variants
        .filter((v: { color: string }) => v.color === color)
        .map((v: { size: string }) => v.size);
    const first = product.variants[0].color;
    const order = sizesOf(first).map((s: string) => product.sizes.indexOf(s));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(res.headers['cache-control']).toContain('private');
  });

  it('remembers the size a shopper chose in the category, only for that shopper', async () => {
    const { agent } = await signUp(t.app);
    const tops = await t.db.database.sql.query<{ id: number; product_id: number }>(
      `SELECT DISTINCT ON (product_id) id, product_id FROM items
        WHERE category_id = 1 AND size = 'L' AND stock > 0 ORDER BY product_id, id LIMIT 2`,
    );
    expect((await agent.post('/api/cart', { itemId: tops[0]!.id })).statusCode).toBe(200);
    const url = `/api/item/${tops[1]!.id}/product`;
    expect((await agent.get(url)).json().rememberedSize).toBe('L');
    expect((await new Agent(t.app).get(url)).json().rememberedSize).toBeNull();
  });

  it('offers the latest size chosen in the category that the product is made in', async () => {
    const { agent, user } = await signUp(t.app);
    const sql = <T>(text: string, params: unknown[] = []) =>
      t.db.database.sql.query<T>(text, params);
    // Bottoms come in letter sizes or waist sizes. Three letter-sized ones, each its own product:
    // the one opened, one bought in M and one put in the cart in L; and one in a waist size.
    const lettered = await sql<{ product_id: number; m: number; l: number }>(
      `SELECT product_id, min(id) FILTER (WHERE size = 'M') AS m, min(id) FILTER (WHERE size = 'L'
                AND stock > 0) AS l
         FROM items WHERE category_id = 2 GROUP BY product_id
        HAVING min(id) FILTER (WHERE size = 'M') IS NOT NULL
           AND min(id) FILTER (WHERE size = 'L' AND stock > 0) IS NOT NULL
        ORDER BY product_id LIMIT 3`,
    );
    const [waisted] = await sql<{ id: number; product_id: number }>(
      `SELECT id, product_id FROM items WHERE category_id = 2 AND size = '30' LIMIT 1`,
    );
    expect(lettered).toHaveLength(3);
    expect(waisted).toBeDefined();
    const [opened, bought, inCart] = lettered;
    const buy = (itemId: number, productId: number, ago: string) =>
      sql(
        `INSERT INTO closet_items (user_id, item_id, product_id, quantity, first_bought_at,
                                   last_bought_at)
         VALUES ($1, $2, $3, 1, now() - $4::interval, now() - $4::interval)`,
        [user.id, itemId, productId, ago],
      );
    const url = `/api/item/${opened!.m}/product`;
    const remembered = async () => (await agent.get(url)).json().rememberedSize;

    expect(await remembered()).toBeNull();
    await buy(bought!.m, bought!.product_id, '1 day');
    expect(await remembered()).toBe('M');
    // Bought since in a waist size, which the product is not made in: passed over.
    await buy(waisted!.id, waisted!.product_id, '1 hour');
    expect(await remembered()).toBe('M');
    // Put in the cart now in L: the latest choice wins, until it leaves the cart.
    expect((await agent.post('/api/cart', { itemId: inCart!.l })).statusCode).toBe(200);
    expect(await remembered()).toBe('L');
    expect((await agent.delete(`/api/cart/${inCart!.l}`)).statusCode).toBe(200);
    expect(await remembered()).toBe('M');
  });

  it('remembers a size changed in the cart as the latest choice, the line keeping its place', async () => {
    const { agent } = await signUp(t.app);
    const sql = <T>(text: string, params: unknown[] = []) =>
      t.db.database.sql.query<T>(text, params);
    // Three letter-sized bottoms, each its own product made in S, M and L of one colour: one put
    // in the cart in L and then changed to S, one put in the cart in M between, and the one opened.
    const products = await sql<{ s: number; m: number; l: number }>(
      `SELECT min(s.id) AS s, min(m.id) AS m, min(l.id) AS l
         FROM items s
         JOIN items m ON m.product_id = s.product_id AND m.color = s.color AND m.size = 'M'
         JOIN items l ON l.product_id = s.product_id AND l.color = s.color AND l.size = 'L'
        WHERE s.category_id = 2 AND s.size = 'S'
          AND s.stock > 0 AND m.stock > 0 AND l.stock > 0
        GROUP BY s.product_id ORDER BY s.product_id LIMIT 3`,
    );
    expect(products).toHaveLength(3);
    const [changed, later, opened] = products as [
      (typeof products)[0],
      (typeof products)[0],
      (typeof products)[0],
    ];
    const remembered = async () =>
      (await agent.get(`/api/item/${opened.m}/product`)).json().rememberedSize;

    expect((await agent.post('/api/cart', { itemId: changed.l })).statusCode).toBe(200);
    expect((await agent.post('/api/cart', { itemId: later.m })).statusCode).toBe(200);
    expect(await remembered()).toBe('M');
    const change = await agent.request({
      method: 'PATCH',
      url: `/api/cart/${changed.l}`,
      payload: { size: 'S' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(await remembered()).toBe('S');
    // The changed line is still the cart's first: choosing a size does not move it.
    const lines = (await agent.get('/api/cart')).json().lines as { itemId: number }[];
    expect(lines.map((line) => line.itemId)).toEqual([changed.s, later.m]);
    // Added again, the piece in M is the latest choice once more.
    expect((await agent.post('/api/cart', { itemId: later.m })).statusCode).toBe(200);
    expect(await remembered()).toBe('M');
  });

  it('names the variants this shopper hearted on their own', async () => {
    const { agent } = await signUp(t.app);
    const [row] = await t.db.database.sql.query<{ id: number }>(
      `SELECT min(id) AS id FROM items GROUP BY product_id HAVING count(*) > 2 LIMIT 1`,
    );
    const url = `/api/item/${row!.id}/product`;
    expect((await agent.get(url)).json().heartedItemIds).toEqual([]);
    const heart = await agent.post('/api/item/search/favorite', { itemId: row!.id });
    expect(heart.statusCode, heart.body).toBe(201);
    expect((await agent.get(url)).json().heartedItemIds).toEqual([row!.id]);
    expect((await new Agent(t.app).get(url)).json().heartedItemIds).toEqual([]);
  });

  it('is 404 for an unknown item and 400 for a bad id', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/item/999999/product' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/item/abc/product' })).statusCode).toBe(
      400,
    );
  });
});

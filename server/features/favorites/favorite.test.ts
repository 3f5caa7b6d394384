import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDriver } from '../../test/databases';
import { blockedBy } from '../../test/lock-waits';
import { Agent, createTestApp, signUp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof signUp>>;

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []) {
  return t.db.database.sql.query<T>(text, params);
}

/** A right swipe as the feed records it: the swipe alone, its pieces following from it. */
async function likeOutfit(userId: number, outfitId: number, at = 'now()') {
  await sql(
    `INSERT INTO swipes (user_id, outfit_id, direction, created_at) VALUES ($1, $2, 'like', ${at})`,
    [userId, outfitId],
  );
}

async function outfitsOfOccasion(occasionId: number): Promise<number[]> {
  const rows = await sql<{ id: number }>(
    'SELECT id FROM outfits WHERE occasion_id = $1 ORDER BY id',
    [occasionId],
  );
  return rows.map((r) => r.id);
}

async function piece(outfitId: number, slot: string) {
  const [row] = await sql<{ id: number; product_id: number; color: string; size: string }>(
    `SELECT i.id, i.product_id, i.color, i.size FROM outfit_items oi JOIN items i ON i.id = oi.item_id
      WHERE oi.outfit_id = $1 AND oi.slot = $2`,
    [outfitId, slot],
  );
  return row!;
}

/** A colour the piece's product is made in, in the piece's size, other than its own. */
async function siblingColor(p: { id: number; product_id: number; size: string; color: string }) {
  const rows = await sql<{ id: number; color: string }>(
    'SELECT id, color FROM items WHERE product_id = $1 AND size = $2 AND color <> $3 ORDER BY id',
    [p.product_id, p.size, p.color],
  );
  return rows[0];
}

/** The shopper's favourite pieces, written out or following from a like. */
async function favoriteRows(userId: number) {
  return sql<{ item_id: number; outfit_id: number | null; quantity: number; source: string }>(
    `SELECT item_id, outfit_id, quantity, source FROM favorite_pieces WHERE user_id = $1
      ORDER BY created_at, outfit_id NULLS LAST, item_id`,
    [userId],
  );
}

/** A piece whose product has another colour in its size and a size that colour is not made in. */
async function pieceWithSiblings() {
  const rows = await sql<{ outfit_id: number; slot: string }>(
    `SELECT oi.outfit_id, oi.slot FROM outfit_items oi JOIN items i ON i.id = oi.item_id
      WHERE EXISTS (SELECT 1 FROM items s WHERE s.product_id = i.product_id AND s.size = i.size
                      AND s.color <> i.color)
        AND EXISTS (SELECT 1 FROM items s WHERE s.product_id = i.product_id AND s.color = i.color
                      AND s.size <> i.size)
      ORDER BY oi.outfit_id, oi.slot LIMIT 1`,
  );
  return rows[0]!;
}

let alice: Shopper;
let bob: Shopper;
let airport: number[];
let work: number[];

beforeAll(async () => {
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  airport = await outfitsOfOccasion(1);
  work = await outfitsOfOccasion(5);
  await likeOutfit(alice.user.id, airport[0]!, "now() - interval '2 hours'");
  await likeOutfit(alice.user.id, work[0]!, "now() - interval '1 hour'");
  await likeOutfit(alice.user.id, airport[1]!);
  // A left swipe is not a favourite.
  await sql("INSERT INTO swipes (user_id, outfit_id, direction) VALUES ($1, $2, 'nope')", [
    alice.user.id,
    work[1]!,
  ]);
});

describe('favourites need a signed-in shopper', () => {
  it.each([
    ['GET', '/api/favorites/outfits'],
    ['GET', '/api/favorites/occasions'],
    ['GET', '/api/favorites/outfits/1'],
    ['GET', '/api/favorites/items/Tops'],
    ['GET', '/api/favorites/specific/favorite/item?itemid=1'],
    ['GET', '/api/favorites/item/sizes?name=x'],
    ['POST', '/api/favorites/items/increase'],
    ['DELETE', '/api/favorites/items/decrease/1/1'],
    ['PUT', '/api/item/changecolor'],
    ['POST', '/api/item/search/favorite'],
    ['DELETE', '/api/item/search/unfavorite/1'],
    ['GET', '/api/favorites/search?q=a'],
    ['GET', '/api/favorites/search/item?q=a'],
  ] as const)('%s %s is 401 for a visitor', async (method, url) => {
    const res = await new Agent(t.app).request({ method, url });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/favorites/outfits', () => {
  it('lists liked outfits newest first, each with its five pieces marked as favourites', async () => {
    const res = await alice.agent.get('/api/favorites/outfits');
    expect(res.statusCode).toBe(200);
    const outfits = res.json().items;
    expect(res.json().nextCursor).toBeNull();
    expect(outfits.map((o: { id: number }) => o.id)).toEqual([airport[1], work[0], airport[0]]);
    for (const outfit of outfits) {
      expect(outfit.items.map((i: { slot: string }) => i.slot)).toEqual([
        'outerwear',
        'top',
        'accessory',
        'bottom',
        'footwear',
      ]);
      for (const item of outfit.items) {
        expect(item.favorite).toEqual({ quantity: 1, sizeChosen: false });
        expect(item.price).toMatch(/^\$\d/);
      }
    }
  });

  it('is empty for another shopper', async () => {
    const res = await bob.agent.get('/api/favorites/outfits');
    expect(res.json()).toEqual({ items: [], nextCursor: null });
  });
});

describe('GET /api/favorites/occasions', () => {
  it('gives the five occasions with this shopper’s counts', async () => {
    const res = await alice.agent.get('/api/favorites/occasions');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 1, name: 'Airport', count: 2 },
      { id: 2, name: 'Brunch', count: 0 },
      { id: 3, name: 'Casual', count: 0 },
      { id: 4, name: 'Date Night', count: 0 },
      { id: 5, name: 'Work', count: 1 },
    ]);
    const other = await bob.agent.get('/api/favorites/occasions');
    expect(other.json()).toHaveLength(5);
    expect(other.json().every((o: { count: number }) => o.count === 0)).toBe(true);
  });
});

describe('GET /api/favorites/categories', () => {
  it('counts favourite pieces per category', async () => {
    const res = await alice.agent.get('/api/favorites/categories');
    expect(res.statusCode).toBe(200);
    const counts = Object.fromEntries(
      res.json().map((c: { name: string; count: number }) => [c.name, c.count]),
    );
    expect(counts).toEqual({ Tops: 3, Bottoms: 3, Footwear: 3, Outerwear: 3, Accessories: 3 });
  });
});

describe('GET /api/favorites/outfits/{occasionId}', () => {
  it('lists the favourite outfits of one occasion', async () => {
    const res = await alice.agent.get('/api/favorites/outfits/1');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((o: { id: number }) => o.id)).toEqual([airport[1], airport[0]]);
    expect((await alice.agent.get('/api/favorites/outfits/2')).json().items).toEqual([]);
    expect((await bob.agent.get('/api/favorites/outfits/1')).json().items).toEqual([]);
  });

  it.each(['abc', '0', '-1', '1.5', '99'])('answers 400 for occasion %s', async (id) => {
    const res = await alice.agent.get(`/api/favorites/outfits/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });
});

describe('GET /api/favorites/items/{category}', () => {
  it('lists favourite pieces of a category by name or id, tagged with their outfit', async () => {
    for (const ref of ['Tops', 'tops', '1']) {
      const res = await alice.agent.get(`/api/favorites/items/${ref}`);
      expect(res.statusCode).toBe(200);
      const items = res.json().items;
      expect(items).toHaveLength(3);
      for (const item of items) {
        expect(item).toMatchObject({
          categoryId: 1,
          category: 'Tops',
          quantity: 1,
          source: 'outfit',
          outfitName: expect.any(String),
        });
        expect([airport[0], airport[1], work[0]]).toContain(item.outfitId);
      }
    }
  });

  it('is 404 for an unknown category and empty for another shopper', async () => {
    expect((await alice.agent.get('/api/favorites/items/Hats')).statusCode).toBe(404);
    expect((await alice.agent.get('/api/favorites/items/4')).statusCode).toBe(404);
    expect((await bob.agent.get('/api/favorites/items/Tops')).json().items).toEqual([]);
  });
});

describe('GET /api/favorites/specific/favorite/item', () => {
  it('returns one favourite piece, and 404 for anyone else or a piece not favoured', async () => {
    const top = await piece(airport[0]!, 'top');
    const url = `/api/favorites/specific/favorite/item?outfitid=${airport[0]}&itemid=${top.id}`;
    const res = await alice.agent.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: top.id, outfitId: airport[0], quantity: 1 });

    expect((await bob.agent.get(url)).statusCode).toBe(404);
    const notFavoured = await piece(work[1]!, 'top');
    expect(
      (
        await alice.agent.get(
          `/api/favorites/specific/favorite/item?outfitid=${work[1]}&itemid=${notFavoured.id}`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it.each(['itemid=abc', 'outfitid=1', 'itemid=1&outfitid=x', 'itemid=0'])(
    'answers 400 for %s',
    async (qs) => {
      const res = await alice.agent.get(`/api/favorites/specific/favorite/item?${qs}`);
      expect(res.statusCode).toBe(400);
    },
  );
});

describe('GET /api/favorites/item/sizes and /colors', () => {
  it('lists the variants of a product, narrowed by colour or size', async () => {
    const top = await piece(airport[0]!, 'top');
    const all = await alice.agent.get(`/api/favorites/item/sizes?productId=${top.product_id}`);
    expect(all.statusCode).toBe(200);
    const variants = all.json();
    const [count] = await sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM items WHERE product_id = $1',
      [top.product_id],
    );
    expect(variants).toHaveLength(count!.n);

    const sizes = await alice.agent.get(
      `/api/favorites/item/sizes?productId=${top.product_id}&color=${encodeURIComponent(top.color)}`,
    );
    const sizeList = sizes.json();
    expect(sizeList.length).toBeGreaterThan(0);
    expect(sizeList.every((v: { color: string }) => v.color === top.color)).toBe(true);
    expect(sizeList[0]).toMatchObject({
      itemId: expect.any(Number),
      size: expect.any(String),
      stock: expect.any(Number),
      colorHex: expect.stringMatching(/^#/),
    });

    const colors = await alice.agent.get(
      `/api/favorites/item/colors?productId=${top.product_id}&size=${encodeURIComponent(top.size)}`,
    );
    expect(colors.json().every((v: { size: string }) => v.size === top.size)).toBe(true);
    expect(colors.json().map((v: { color: string }) => v.color)).toContain(top.color);
  });

  it('accepts SPEC’s product name', async () => {
    const [product] = await sql<{ name: string; id: number }>(
      'SELECT name, id FROM products ORDER BY id LIMIT 1',
    );
    const res = await alice.agent.get(
      `/api/favorites/item/colors?name=${encodeURIComponent(product!.name)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
    expect(res.json().every((v: { productId: number }) => v.productId === product!.id)).toBe(true);
    const byId = await alice.agent.get(`/api/favorites/item/colors?productId=${product!.id}`);
    expect(res.json()).toEqual(byId.json());
  });

  it('answers 404 for an unknown product and 400 without one', async () => {
    expect(
      (await alice.agent.get('/api/favorites/item/sizes?name=Nothing%20Here')).statusCode,
    ).toBe(404);
    expect((await alice.agent.get('/api/favorites/item/sizes?productId=999999')).statusCode).toBe(
      404,
    );
    expect((await alice.agent.get('/api/favorites/item/sizes')).statusCode).toBe(400);
    expect((await alice.agent.get('/api/favorites/item/colors?productId=x')).statusCode).toBe(400);
  });
});

describe('POST /api/favorites/items/increase and DELETE /api/favorites/items/decrease', () => {
  it('changes the wanted quantity within 0–9 and refuses to leave that range', async () => {
    const p = await piece(work[0]!, 'footwear');
    const outfitId = work[0]!;
    const quantity = async () =>
      (await favoriteRows(alice.user.id)).find(
        (r) => r.item_id === p.id && r.outfit_id === outfitId,
      )!.quantity;

    const up = await alice.agent.post('/api/favorites/items/increase', {
      itemId: p.id,
      outfitId,
      qty: 2,
    });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ id: p.id, quantity: 3 });
    const read = await alice.agent.get(
      `/api/favorites/specific/favorite/item?itemid=${p.id}&outfitid=${outfitId}`,
    );
    expect(up.json()).toEqual(read.json());

    // The piece is a favourite once, so SPEC's body without outfitId is unambiguous.
    expect(
      (await alice.agent.post('/api/favorites/items/increase', { itemId: p.id, qty: 6 })).json()
        .quantity,
    ).toBe(9);
    const over = await alice.agent.post('/api/favorites/items/increase', { itemId: p.id, qty: 1 });
    expect(over.statusCode).toBe(400);
    expect(await quantity()).toBe(9);

    const down = await alice.agent.delete(
      `/api/favorites/items/decrease/${p.id}/9?outfitId=${outfitId}`,
    );
    expect(down.statusCode).toBe(200);
    expect(down.json().quantity).toBe(0);
    const under = await alice.agent.delete(`/api/favorites/items/decrease/${p.id}/1`);
    expect(under.statusCode).toBe(400);
    expect(await quantity()).toBe(0);
    await alice.agent.post('/api/favorites/items/increase', { itemId: p.id, qty: 1 });
    expect(await quantity()).toBe(1);
  });

  it.each([
    [{ itemId: 1, qty: 0 }],
    [{ itemId: 1, qty: 10 }],
    [{ itemId: 1, qty: 'two' }],
    [{ itemId: 1, qty: 1.5 }],
    [{ qty: 1 }],
    [{ itemId: 'x', qty: 1 }],
  ])('answers 400 for %j and changes nothing', async (body) => {
    const before = await favoriteRows(alice.user.id);
    const res = await alice.agent.post('/api/favorites/items/increase', body);
    expect(res.statusCode).toBe(400);
    expect(await favoriteRows(alice.user.id)).toEqual(before);
  });

  it.each(['1/0', '1/10', 'x/1', '1/x'])('answers 400 for decrease/%s', async (path) => {
    const res = await alice.agent.delete(`/api/favorites/items/decrease/${path}`);
    expect(res.statusCode).toBe(400);
  });

  it('is 404 for another shopper’s favourite, which stays as it was', async () => {
    const p = await piece(work[0]!, 'footwear');
    const before = await favoriteRows(alice.user.id);
    const up = await bob.agent.post('/api/favorites/items/increase', {
      itemId: p.id,
      outfitId: work[0],
      qty: 1,
    });
    expect(up.statusCode).toBe(404);
    const down = await bob.agent.delete(`/api/favorites/items/decrease/${p.id}/1`);
    expect(down.statusCode).toBe(404);
    expect(await favoriteRows(alice.user.id)).toEqual(before);
  });
});

describe('PUT /api/item/changecolor and /api/item/changesize', () => {
  let shopper: Shopper;
  let outfitId: number;
  let p: Awaited<ReturnType<typeof piece>>;

  beforeAll(async () => {
    shopper = await signUp(t.app);
    const target = await pieceWithSiblings();
    outfitId = target.outfit_id;
    p = await piece(outfitId, target.slot);
    await likeOutfit(shopper.user.id, outfitId);
  });

  it('moves the favourite to the same product in the new colour, keeping the size', async () => {
    const sibling = (await siblingColor(p))!;
    const res = await shopper.agent.put('/api/item/changecolor', {
      itemId: p.id,
      outfitId,
      newColor: sibling.color.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: sibling.id,
      color: sibling.color,
      size: p.size,
      productId: p.product_id,
      outfitId,
      // A new colour keeps the size the outfit was styled in: Buy still asks for one.
      sizeChosen: false,
    });
    const rows = await favoriteRows(shopper.user.id);
    expect(rows.some((r) => r.item_id === sibling.id && r.outfit_id === outfitId)).toBe(true);
    expect(rows.some((r) => r.item_id === p.id)).toBe(false);
    // The favourite carries the new colour's words (0072), as a search of favourites reads them.
    const [carried] = await sql<{ words: string; now: string }>(
      `SELECT f.words, i.search_text AS now FROM item_favorites f JOIN items i ON i.id = f.item_id
        WHERE f.user_id = $1 AND f.item_id = $2`,
      [shopper.user.id, sibling.id],
    );
    expect(carried!.words).toBe(carried!.now);
    expect(carried!.words).toContain(sibling.color.toLowerCase());

    // The page's old address (the first variant) still finds the favourite, in its new colour.
    const old = await shopper.agent.get(
      `/api/favorites/specific/favorite/item?itemid=${p.id}&outfitid=${outfitId}`,
    );
    expect(old.statusCode, old.body).toBe(200);
    expect(old.json()).toMatchObject({ id: sibling.id, color: sibling.color, outfitId });
    // The answer is the favourite as it now reads, to the last field.
    expect(res.json()).toEqual(old.json());

    // The outfit card shows the variant the shopper chose.
    const outfits = (await shopper.agent.get('/api/favorites/outfits')).json().items;
    const shown = outfits[0].items.find((i: { id: number }) => i.id === sibling.id);
    expect(shown).toMatchObject({ id: sibling.id, color: sibling.color });

    // SPEC's body: `item` as the id, or as the item itself.
    const back = await shopper.agent.put('/api/item/changecolor', {
      item: sibling.id,
      newColor: p.color,
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().id).toBe(p.id);
    const again = await shopper.agent.put('/api/item/changecolor', {
      item: { id: p.id, name: 'whatever the client holds', outfitId },
      newColor: p.color,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(p.id);
  });

  it('answers 409 for a colour the product is not made in, and changes nothing', async () => {
    const before = await favoriteRows(shopper.user.id);
    const res = await shopper.agent.put('/api/item/changecolor', {
      itemId: p.id,
      outfitId,
      newColor: 'Neon Plaid',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('conflict');
    expect(await favoriteRows(shopper.user.id)).toEqual(before);
  });

  it('moves to another size in the same colour, and 409 for a size not made', async () => {
    const [otherSize] = await sql<{ id: number; size: string }>(
      'SELECT id, size FROM items WHERE product_id = $1 AND color = $2 AND size <> $3 ORDER BY id',
      [p.product_id, p.color, p.size],
    );
    const res = await shopper.agent.put('/api/item/changesize', {
      itemId: p.id,
      outfitId,
      newSize: otherSize!.size,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: otherSize!.id,
      color: p.color,
      size: otherSize!.size,
      sizeChosen: true,
    });
    // The choice is kept: on the piece's page, on its category's page, and through a new colour.
    const page = await shopper.agent.get(
      `/api/favorites/specific/favorite/item?itemid=${otherSize!.id}&outfitid=${outfitId}`,
    );
    expect(page.json()).toMatchObject({ id: otherSize!.id, sizeChosen: true });
    const listed = await shopper.agent.get(
      `/api/favorites/items/${encodeURIComponent(page.json().category)}`,
    );
    const inList = listed.json().items.filter((i: { outfitId: number }) => i.outfitId === outfitId);
    expect(inList).toEqual([expect.objectContaining({ id: otherSize!.id, sizeChosen: true })]);
    const cards = (await shopper.agent.get('/api/favorites/outfits')).json().items;
    const card = cards.find((o: { id: number }) => o.id === outfitId);
    expect(card.items.find((i: { id: number }) => i.id === otherSize!.id).favorite).toEqual({
      quantity: 1,
      sizeChosen: true,
    });
    const recoloured = await sql<{ id: number; color: string }>(
      'SELECT id, color FROM items WHERE product_id = $1 AND size = $2 AND color <> $3 ORDER BY id',
      [p.product_id, otherSize!.size, p.color],
    );
    if (recoloured[0]) {
      const colour = await shopper.agent.put('/api/item/changecolor', {
        itemId: otherSize!.id,
        outfitId,
        newColor: recoloured[0].color,
      });
      expect(colour.json()).toMatchObject({ id: recoloured[0].id, sizeChosen: true });
      await shopper.agent.put('/api/item/changecolor', {
        itemId: recoloured[0].id,
        outfitId,
        newColor: p.color,
      });
    }

    const before = await favoriteRows(shopper.user.id);
    const missing = await shopper.agent.put('/api/item/changesize', {
      itemId: otherSize!.id,
      outfitId,
      newSize: 'XXXL',
    });
    expect(missing.statusCode).toBe(409);
    expect(await favoriteRows(shopper.user.id)).toEqual(before);

    await shopper.agent.put('/api/item/changesize', {
      itemId: otherSize!.id,
      outfitId,
      newSize: p.size,
    });
  });

  it.each([
    [{ newColor: 'Black' }],
    [{ itemId: 'abc', newColor: 'Black' }],
    [{ itemId: 1 }],
    [{ itemId: 1, newColor: '' }],
    [{ itemId: 1, newColor: 'x'.repeat(81) }],
    [{ item: { name: 'no id' }, newColor: 'Black' }],
    [{ item: [1], newColor: 'Black' }],
  ])('answers 400 for %j and changes nothing', async (body) => {
    const before = await favoriteRows(shopper.user.id);
    const res = await shopper.agent.put('/api/item/changecolor', body);
    expect(res.statusCode).toBe(400);
    expect(await favoriteRows(shopper.user.id)).toEqual(before);
  });

  it('is 404 for another shopper, whose attempt changes nothing', async () => {
    const sibling = (await siblingColor(p))!;
    const before = await favoriteRows(shopper.user.id);
    const color = await bob.agent.put('/api/item/changecolor', {
      itemId: p.id,
      outfitId,
      newColor: sibling.color,
    });
    expect(color.statusCode).toBe(404);
    const size = await bob.agent.put('/api/item/changesize', {
      item: p.id,
      newSize: p.size,
    });
    expect(size.statusCode).toBe(404);
    expect(await favoriteRows(shopper.user.id)).toEqual(before);
  });
});

describe('the changes of a piece hearted on its own (outfitId null)', () => {
  it('answers each change as the favourite then reads, and refuses without changing anything', async () => {
    const shopper = await signUp(t.app);
    const target = await pieceWithSiblings();
    const p = await piece(target.outfit_id, target.slot);
    const sibling = (await siblingColor(p))!;
    // The same piece from a liked outfit beside it: only the one hearted alone may change.
    await likeOutfit(shopper.user.id, target.outfit_id);
    expect(
      (await shopper.agent.post('/api/item/search/favorite', { itemId: p.id })).statusCode,
    ).toBe(201);
    const read = async (itemId: number) =>
      (
        await shopper.agent.get(
          `/api/favorites/specific/favorite/item?itemid=${itemId}&outfitid=null`,
        )
      ).json();
    const unchanged = async (change: () => ReturnType<Agent['get']>, status: number) => {
      const before = await favoriteRows(shopper.user.id);
      const res = await change();
      expect(res.statusCode, res.body).toBe(status);
      expect(await favoriteRows(shopper.user.id)).toEqual(before);
      return res.json().error.message as string;
    };

    const up = await shopper.agent.post('/api/favorites/items/increase', {
      itemId: p.id,
      outfitId: null,
      qty: 2,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ id: p.id, outfitId: null, source: 'heart', quantity: 3 });
    expect(up.json()).toEqual(await read(p.id));
    const ofOutfit = async () =>
      (await favoriteRows(shopper.user.id)).find(
        (r) => r.item_id === p.id && r.outfit_id === target.outfit_id,
      );
    expect(await ofOutfit()).toMatchObject({ quantity: 1 });
    const increase = (qty: number) => () =>
      shopper.agent.post('/api/favorites/items/increase', { itemId: p.id, outfitId: null, qty });
    const range = /you want 3; the quantity must stay between 0 and 9/i;
    expect(await unchanged(increase(7), 400)).toMatch(range);
    const down = await shopper.agent.delete(
      `/api/favorites/items/decrease/${p.id}/3?outfitId=null`,
    );
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toEqual({ ...up.json(), quantity: 0 });
    expect(
      await unchanged(
        () => shopper.agent.delete(`/api/favorites/items/decrease/${p.id}/1?outfitId=null`),
        400,
      ),
    ).toMatch(/you want 0/i);

    const [otherSize] = await sql<{ id: number; size: string }>(
      'SELECT id, size FROM items WHERE product_id = $1 AND color = $2 AND size <> $3 ORDER BY id',
      [p.product_id, p.color, p.size],
    );
    const resized = await shopper.agent.put('/api/item/changesize', {
      itemId: p.id,
      outfitId: null,
      newSize: otherSize!.size.toLowerCase(),
    });
    expect(resized.statusCode, resized.body).toBe(200);
    expect(up.json().sizeChosen).toBe(false);
    expect(resized.json()).toMatchObject({
      id: otherSize!.id,
      color: p.color,
      size: otherSize!.size,
      sizeChosen: true,
    });
    expect(resized.json()).toEqual(await read(otherSize!.id));
    const back = await shopper.agent.put('/api/item/changesize', {
      itemId: otherSize!.id,
      outfitId: null,
      newSize: p.size,
    });
    expect(back.json()).toEqual(await read(p.id));

    const moved = await shopper.agent.put('/api/item/changecolor', {
      itemId: p.id,
      outfitId: null,
      newColor: sibling.color.toUpperCase(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: sibling.id, color: sibling.color, size: p.size });
    expect(moved.json()).toEqual(await read(sibling.id));
    // The outfit's own favourite of the piece stayed where and as it was.
    const rows = await favoriteRows(shopper.user.id);
    expect(rows.filter((r) => r.item_id === p.id).map((r) => r.outfit_id)).toEqual([
      target.outfit_id,
    ]);
    expect(await ofOutfit()).toMatchObject({ quantity: 1 });

    const changeColor = (itemId: number, newColor: string) => () =>
      shopper.agent.put('/api/item/changecolor', { itemId, outfitId: null, newColor });
    expect(await unchanged(changeColor(sibling.id, 'Neon Plaid'), 409)).toMatch(
      /is not made in Neon Plaid/,
    );
    // Back to the first colour, hearted alone again meanwhile: already a favourite.
    await shopper.agent.post('/api/item/search/favorite', { itemId: p.id });
    expect(await unchanged(changeColor(sibling.id, p.color), 409)).toBe(
      'That colour and size is already among your favourites.',
    );
    // Another shopper's favourite, or a piece not hearted alone: 404.
    const other = await signUp(t.app);
    await unchanged(
      () =>
        other.agent.put('/api/item/changecolor', {
          itemId: sibling.id,
          outfitId: null,
          newColor: p.color,
        }),
      404,
    );
    const elsewhere = (await piece(target.outfit_id, target.slot === 'top' ? 'bottom' : 'top')).id;
    await unchanged(
      () =>
        shopper.agent.post('/api/favorites/items/increase', {
          itemId: elsewhere,
          outfitId: null,
          qty: 1,
        }),
      404,
    );
  });
});

describe('POST /api/item/search/favorite and DELETE /api/item/search/unfavorite/{itemId}', () => {
  it('hearts a piece on its own, beside the same piece from an outfit, and unhearts only it', async () => {
    const shopper = await signUp(t.app);
    const outfitId = airport[2]!;
    await likeOutfit(shopper.user.id, outfitId);
    const top = await piece(outfitId, 'top');

    const first = await shopper.agent.post('/api/item/search/favorite', { itemId: top.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ ok: true, favorite: true });
    const again = await shopper.agent.post('/api/item/search/favorite', { itemId: top.id });
    expect(again.statusCode).toBe(200);

    let rows = (await favoriteRows(shopper.user.id)).filter((r) => r.item_id === top.id);
    expect(rows).toEqual([
      { item_id: top.id, outfit_id: outfitId, quantity: 1, source: 'outfit' },
      { item_id: top.id, outfit_id: null, quantity: 1, source: 'heart' },
    ]);

    // Now the piece is a favourite twice: the row must be named.
    const ambiguous = await shopper.agent.get(
      `/api/favorites/specific/favorite/item?itemid=${top.id}`,
    );
    expect(ambiguous.statusCode).toBe(400);
    const own = await shopper.agent.get(
      `/api/favorites/specific/favorite/item?itemid=${top.id}&outfitid=null`,
    );
    expect(own.json()).toMatchObject({ outfitId: null, source: 'heart', outfitName: null });
    const tops = (await shopper.agent.get('/api/favorites/items/Tops')).json().items;
    expect(tops.filter((i: { id: number }) => i.id === top.id)).toHaveLength(2);

    // Bob's unheart touches only Bob's rows.
    expect((await bob.agent.delete(`/api/item/search/unfavorite/${top.id}`)).statusCode).toBe(200);
    expect((await favoriteRows(shopper.user.id)).filter((r) => r.item_id === top.id)).toHaveLength(
      2,
    );

    const off = await shopper.agent.delete(`/api/item/search/unfavorite/${top.id}`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ ok: true, favorite: false });
    rows = (await favoriteRows(shopper.user.id)).filter((r) => r.item_id === top.id);
    expect(rows).toEqual([{ item_id: top.id, outfit_id: outfitId, quantity: 1, source: 'outfit' }]);
  });

  it('keeps the size as chosen when the shopper picked it before hearting', async () => {
    const shopper = await signUp(t.app);
    const picked = await piece(airport[0]!, 'bottom');
    const opened = await piece(airport[1]!, 'footwear');
    expect(
      (
        await shopper.agent.post('/api/item/search/favorite', {
          itemId: picked.id,
          sizeChosen: true,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await shopper.agent.post('/api/item/search/favorite', { itemId: opened.id })).statusCode,
    ).toBe(201);
    const chosen = async (category: string, itemId: number) =>
      (await shopper.agent.get(`/api/favorites/items/${category}`))
        .json()
        .items.find((i: { id: number }) => i.id === itemId)?.sizeChosen;
    expect(await chosen('Bottoms', picked.id)).toBe(true);
    expect(await chosen('Footwear', opened.id)).toBe(false);
  });

  it('answers 404 for an unknown item and 400 for a bad id, storing nothing', async () => {
    const before = await favoriteRows(bob.user.id);
    expect((await bob.agent.post('/api/item/search/favorite', { itemId: 999999 })).statusCode).toBe(
      404,
    );
    const item = await piece(airport[0]!, 'top');
    for (const body of [
      { itemId: 'x' },
      {},
      { itemId: -3 },
      { itemId: item.id, sizeChosen: 'L' },
    ]) {
      expect((await bob.agent.post('/api/item/search/favorite', body)).statusCode).toBe(400);
    }
    expect((await bob.agent.delete('/api/item/search/unfavorite/abc')).statusCode).toBe(400);
    expect(await favoriteRows(bob.user.id)).toEqual(before);
  });
});

describe('a piece has one heart, on a card or on its own', () => {
  /** The shopper's hearts of the item: [outfit or null] for each. */
  async function heartsOf(userId: number, itemId: number) {
    const rows = await sql<{ outfit_id: number | null }>(
      `SELECT outfit_id FROM item_favorites WHERE user_id = $1 AND item_id = $2 AND source = 'heart'`,
      [userId, itemId],
    );
    return rows.map((r) => r.outfit_id);
  }
  const heartedOnSheet = async (shopper: Shopper, itemId: number) =>
    (
      (await shopper.agent.get(`/api/item/${itemId}/product`)).json().heartedItemIds as number[]
    ).includes(itemId);

  it('shows a card’s heart on the piece’s sheet, whose heart then adds none and takes it away', async () => {
    const shopper = await signUp(t.app);
    const outfitId = work[0]!;
    const coat = await piece(outfitId, 'outerwear');
    expect(
      (await shopper.agent.post('/api/item/favorite', { itemId: coat.id, outfitId })).statusCode,
    ).toBe(200);
    expect(await heartedOnSheet(shopper, coat.id)).toBe(true);

    // The sheet's heart of a piece hearted on a card is that heart: nothing new.
    const again = await shopper.agent.post('/api/item/search/favorite', { itemId: coat.id });
    expect(again.statusCode).toBe(200);
    expect(await heartsOf(shopper.user.id, coat.id)).toEqual([outfitId]);
    const coats = (await shopper.agent.get('/api/favorites/items/Outerwear')).json().items;
    expect(coats.filter((i: { id: number }) => i.id === coat.id)).toHaveLength(1);

    // Another shopper's sheet takes nothing away; the shopper's own takes the card's heart.
    expect((await bob.agent.delete(`/api/item/search/unfavorite/${coat.id}`)).statusCode).toBe(200);
    expect(await heartsOf(shopper.user.id, coat.id)).toEqual([outfitId]);
    const off = await shopper.agent.delete(`/api/item/search/unfavorite/${coat.id}`);
    expect(off.json()).toEqual({ ok: true, favorite: false });
    expect(await heartsOf(shopper.user.id, coat.id)).toEqual([]);
    expect(await heartedOnSheet(shopper, coat.id)).toBe(false);
  });

  it('takes a heart given on its own as the card’s, and the card’s heart takes it away', async () => {
    const shopper = await signUp(t.app);
    const outfitId = work[1]!;
    const shoes = await piece(outfitId, 'footwear');
    expect(
      (await shopper.agent.post('/api/item/search/favorite', { itemId: shoes.id })).statusCode,
    ).toBe(201);
    const onCard = await shopper.agent.post('/api/item/favorite', { itemId: shoes.id, outfitId });
    expect(onCard.statusCode).toBe(200);
    expect(await heartsOf(shopper.user.id, shoes.id)).toEqual([null]);

    const off = await shopper.agent.delete(`/api/item/unfavorite/${shoes.id}/${outfitId}`);
    expect(off.statusCode).toBe(200);
    expect(await heartsOf(shopper.user.id, shoes.id)).toEqual([]);
    expect(await heartedOnSheet(shopper, shoes.id)).toBe(false);
  });

  it('takes a heart away from a liked outfit’s piece and leaves the piece to the like', async () => {
    const shopper = await signUp(t.app);
    const [written, following] = [work[2]!, work[4]!];
    // A heart on a liked outfit's card writes the like out; one given before the like leaves
    // the like's pieces following from it.
    await likeOutfit(shopper.user.id, written);
    const top = await piece(written, 'top');
    await shopper.agent.post('/api/item/favorite', { itemId: top.id, outfitId: written });
    const shoes = await piece(following, 'footwear');
    await shopper.agent.post('/api/item/favorite', { itemId: shoes.id, outfitId: following });
    await likeOutfit(shopper.user.id, following);

    for (const itemId of [top.id, shoes.id]) {
      const off = await shopper.agent.delete(`/api/item/search/unfavorite/${itemId}`);
      expect(off.statusCode).toBe(200);
      expect(await heartsOf(shopper.user.id, itemId)).toEqual([]);
    }
    const rows = await favoriteRows(shopper.user.id);
    for (const [outfitId, itemId] of [
      [written, top.id],
      [following, shoes.id],
    ] as const) {
      const ofLike = rows.filter((r) => r.outfit_id === outfitId);
      expect(ofLike).toHaveLength(5);
      expect(ofLike.find((r) => r.item_id === itemId)?.source).toBe('outfit');
    }
    // The counts say what the lists hold.
    const counts = (await shopper.agent.get('/api/favorites/categories')).json() as {
      name: string;
      count: number;
    }[];
    for (const { name, count } of counts) {
      const listed = (await shopper.agent.get(`/api/favorites/items/${name}`)).json().items;
      expect(listed, name).toHaveLength(count);
    }
  });

  it('leaves a like as it was when its card hearts a piece hearted on its own', async () => {
    const shopper = await signUp(t.app);
    const outfitId = work[3]!;
    await likeOutfit(shopper.user.id, outfitId);
    const bag = await piece(outfitId, 'accessory');
    await shopper.agent.post('/api/item/search/favorite', { itemId: bag.id });
    const onCard = await shopper.agent.post('/api/item/favorite', { itemId: bag.id, outfitId });
    expect(onCard.statusCode).toBe(200);
    const [like] = await sql<{ pieces_written: boolean }>(
      'SELECT pieces_written FROM swipes WHERE user_id = $1 AND outfit_id = $2',
      [shopper.user.id, outfitId],
    );
    expect(like).toEqual({ pieces_written: false });
    expect(await heartsOf(shopper.user.id, bag.id)).toEqual([null]);
  });

  it('keeps one heart when a card and a sheet heart the same piece at once', async () => {
    const shopper = await signUp(t.app);
    const pieces = await sql<{ outfit_id: number; item_id: number }>(
      `SELECT DISTINCT ON (item_id) outfit_id, item_id FROM outfit_items ORDER BY item_id LIMIT 12`,
    );
    const answers = await Promise.all(
      pieces.flatMap(({ outfit_id: outfitId, item_id: itemId }) => [
        shopper.agent.post('/api/item/favorite', { itemId, outfitId }),
        shopper.agent.post('/api/item/search/favorite', { itemId }),
      ]),
    );
    expect(answers.map((a) => a.statusCode).filter((code) => code >= 300)).toEqual([]);
    for (const { item_id: itemId } of pieces) {
      expect(await heartsOf(shopper.user.id, itemId), `item ${itemId}`).toHaveLength(1);
    }
  });

  it('refuses to move a heart onto a colour hearted elsewhere, changing nothing', async () => {
    const shopper = await signUp(t.app);
    const { outfit_id: outfitId, slot } = await pieceWithSiblings();
    const original = await piece(outfitId, slot);
    const other = (await siblingColor(original))!;
    await shopper.agent.post('/api/item/favorite', { itemId: original.id, outfitId });
    await shopper.agent.post('/api/item/search/favorite', { itemId: other.id });
    const res = await shopper.agent.put('/api/item/changecolor', {
      itemId: original.id,
      outfitId,
      newColor: other.color,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('That colour and size is already among your favourites.');
    expect(await heartsOf(shopper.user.id, original.id)).toEqual([outfitId]);
    expect(await heartsOf(shopper.user.id, other.id)).toEqual([null]);
  });

  it.runIf(testDriver() === 'postgres')(
    'takes a heart away while its like is written out, and leaves the like its piece (PostgreSQL only: two connections)',
    async () => {
      const shopper = await signUp(t.app);
      const outfitId = work[5]!;
      const coat = await piece(outfitId, 'outerwear');
      // Hearted on the card, then liked: the like's pieces follow from it, the coat by its heart.
      await shopper.agent.post('/api/item/favorite', { itemId: coat.id, outfitId });
      await likeOutfit(shopper.user.id, outfitId);
      let off: Promise<{ statusCode: number }> | undefined;
      await t.db.database.withConnection(async (writer) => {
        await writer.exec('BEGIN');
        try {
          // A write-out of the like under way (server/lib/liked-pieces.ts): the like marked...
          await writer.query(
            'UPDATE swipes SET pieces_written = true WHERE user_id = $1 AND outfit_id = $2',
            [shopper.user.id, outfitId],
          );
          // ...so the heart taken away waits for it, not reading the like as still following...
          off = shopper.agent.delete(`/api/item/search/unfavorite/${coat.id}`);
          await blockedBy(t.db.database.sql, writer, 'the heart never waited on the write-out');
          // ...and its pieces written, the coat's row left to its heart.
          await writer.query(
            `INSERT INTO item_favorites (user_id, item_id, outfit_id, source)
             SELECT $1, item_id, outfit_id, 'outfit' FROM outfit_items WHERE outfit_id = $2
             ON CONFLICT ON CONSTRAINT item_favorites_user_item_outfit_key DO NOTHING`,
            [shopper.user.id, outfitId],
          );
          await writer.exec('COMMIT');
        } catch (error) {
          await writer.exec('ROLLBACK');
          throw error;
        }
      });
      expect((await off!).statusCode).toBe(200);
      expect(await heartsOf(shopper.user.id, coat.id)).toEqual([]);
      const ofLike = (await favoriteRows(shopper.user.id)).filter((r) => r.outfit_id === outfitId);
      expect(ofLike).toHaveLength(5);
      expect(ofLike.find((r) => r.item_id === coat.id)?.source).toBe('outfit');
    },
  );
});

describe('GET /api/favorites/search and /api/favorites/search/item', () => {
  it('searches the shopper’s own favourite outfits, typos included', async () => {
    const [outfit] = await sql<{ name: string }>('SELECT name FROM outfits WHERE id = $1', [
      work[0],
    ]);
    const word = outfit!.name.split(' ').find((w) => w.length >= 5) ?? outfit!.name;
    const res = await alice.agent.get(`/api/favorites/search?q=${encodeURIComponent(word)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((o: { id: number }) => o.id)).toContain(work[0]);
    expect(
      (await bob.agent.get(`/api/favorites/search?q=${encodeURIComponent(word)}`)).json().items,
    ).toEqual([]);
    // The same word with two neighbouring letters swapped still finds it, for its owner only.
    const at = [...word].findIndex((c, i) => i > 0 && word[i + 1] && c !== word[i + 1]);
    expect(at).toBeGreaterThan(0);
    const typo = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    expect(typo.toLowerCase()).not.toBe(word.toLowerCase());
    const fuzzy = await alice.agent.get(`/api/favorites/search?q=${encodeURIComponent(typo)}`);
    expect(fuzzy.statusCode).toBe(200);
    expect(fuzzy.json().items.map((o: { id: number }) => o.id)).toContain(work[0]);
    expect(
      (await bob.agent.get(`/api/favorites/search?q=${encodeURIComponent(typo)}`)).json().items,
    ).toEqual([]);

    const all = await alice.agent.get('/api/favorites/search?q=');
    expect(all.json().items).toHaveLength(3);
    const airportOnly = await alice.agent.get('/api/favorites/search?q=&occasion=1');
    expect(airportOnly.json().items).toHaveLength(2);
    expect((await alice.agent.get('/api/favorites/search?q=%25')).json().items).toEqual([]);
    expect((await alice.agent.get('/api/favorites/search?occasion=77')).statusCode).toBe(400);
  });

  it('searches favourite pieces by text and categories', async () => {
    const tops = (await alice.agent.get('/api/favorites/items/Tops')).json().items;
    const name: string = tops[0].name;
    const word = name.split(' ').at(-1)!;
    const res = await alice.agent.get(
      `/api/favorites/search/item?q=${encodeURIComponent(word.toUpperCase())}&cat=Tops`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().items.length).toBeGreaterThan(0);
    expect(res.json().items.every((i: { categoryId: number }) => i.categoryId === 1)).toBe(true);

    // A word of its name with two neighbouring letters swapped still finds it, for its owner only.
    const long = name.split(' ').find((w) => /^[a-z]{5,}$/i.test(w));
    expect(long).toBeDefined();
    const at = [...long!].findIndex((c, i) => i > 0 && long![i + 1] && c !== long![i + 1]);
    expect(at).toBeGreaterThan(0);
    const typo = long!.slice(0, at) + long![at + 1] + long![at] + long!.slice(at + 2);
    const fuzzy = await alice.agent.get(`/api/favorites/search/item?q=${encodeURIComponent(typo)}`);
    expect(fuzzy.statusCode).toBe(200);
    expect(fuzzy.json().items.map((i: { id: number }) => i.id)).toContain(tops[0].id);
    expect(
      (await bob.agent.get(`/api/favorites/search/item?q=${encodeURIComponent(typo)}`)).json()
        .items,
    ).toEqual([]);

    // One or two letters find it too.
    const fragment = word.slice(0, 2).toLowerCase();
    const short = await alice.agent.get(
      `/api/favorites/search/item?q=${encodeURIComponent(fragment.toUpperCase())}`,
    );
    expect(short.statusCode).toBe(200);
    const found: { id: number; name: string; color: string; seller: string }[] = short.json().items;
    expect(found.map((i) => i.id)).toContain(tops[0].id);
    for (const piece of found) {
      expect(`${piece.name} ${piece.color} ${piece.seller}`.toLowerCase()).toContain(fragment);
    }
    expect((await alice.agent.get('/api/favorites/search/item?q=%25')).json().items).toEqual([]);
    expect(
      (await bob.agent.get(`/api/favorites/search/item?q=${encodeURIComponent(fragment)}`)).json()
        .items,
    ).toEqual([]);

    const two = await alice.agent.get('/api/favorites/search/item?cat=1&cat=6');
    expect(two.json().items).toHaveLength(6);
    expect((await alice.agent.get('/api/favorites/search/item?cat=Hats')).statusCode).toBe(400);
    expect((await bob.agent.get('/api/favorites/search/item?cat=1')).json().items).toEqual([]);
  });

  it("finds a liked outfit's piece by its name as it is now", async () => {
    const shopper = await signUp(t.app);
    const [top] = await sql<{ outfitId: number; itemId: number }>(
      `SELECT outfit_id AS "outfitId", item_id AS "itemId" FROM outfit_items
        WHERE slot = 'top' ORDER BY outfit_id LIMIT 1`,
    );
    const like = await shopper.agent.post('/api/outfit/favorite', { outfitId: top!.outfitId });
    expect(like.statusCode, like.body).toBe(200);
    // Renamed after the like (a piece's name is its product's): the search checks a like's
    // pieces against its outfit's words first.
    const rename = (to: string) =>
      sql(
        `UPDATE products SET name = ${to} WHERE id = (SELECT product_id FROM items WHERE id = $1)`,
        [top!.itemId],
      );
    await rename("name || ' Zephyrine'");
    try {
      const found = await shopper.agent.get('/api/favorites/search/item?q=zephyrine');
      expect(found.json().items.map((i: { id: number }) => i.id)).toEqual([top!.itemId]);
    } finally {
      await rename("left(name, -length(' Zephyrine'))");
    }
  });
});

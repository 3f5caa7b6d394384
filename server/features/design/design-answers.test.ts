import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_ID_BY_SLOT, SLOTS, type Slot } from '../../../contracts/catalog';
import { OUTFIT_PAGE_SIZE } from '../../../contracts/common';
import {
  type DesignOutfit,
  LOW_STOCK,
  SUBSTITUTES_MAX,
  type Substitutes,
} from '../../../contracts/design';
import { followToEnd, pageUrl } from '../../test/pages';
import { Agent, appForThisFile, signUp } from '../../test/test-app';

/**
 * The designer's view: a history of likes, rejects and favourites made through the API, a piece
 * bought out, and the design list, its substitutes and a swap read back as an administrator.
 */

const shop = appForThisFile();
let admin: Agent;
/** The outfit this file builds a history for, and its top, which gets bought out. */
let outfit: { id: number; name: string; items: { id: number; slot: Slot }[] };
let top: { id: number; productId: number; color: string; size: string };
/** Another outfit whose footwear is brought down to the low-stock line. */
let lowOutfitId: number;
let lowPieceId: number;

async function ids<T extends Record<string, unknown>>(text: string, params: unknown[] = []) {
  return shop.query<T>(text, params);
}

/** A piece of the slot with stock to spare, not yet used by this file. */
const used = new Set<number>();
async function spare(slot: Slot): Promise<number> {
  const rows = await ids<{ id: number }>(
    'SELECT id FROM items WHERE category_id = $1 AND stock > $2 ORDER BY id',
    [CATEGORY_ID_BY_SLOT[slot], LOW_STOCK + 5],
  );
  const row = rows.find((r) => !used.has(r.id));
  if (!row) throw new Error(`no spare ${slot}`);
  used.add(row.id);
  return row.id;
}

async function createOutfit(name: string, pieces: Partial<Record<Slot, number>>) {
  const itemIds = Object.fromEntries(
    await Promise.all(SLOTS.map(async (slot) => [slot, pieces[slot] ?? (await spare(slot))])),
  );
  const res = await admin.post('/api/design/outfit/create', {
    name,
    occasion: 2,
    item_ids: itemIds,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as typeof outfit;
}

/** A shopper with an address, who buys `quantity` of the item through the cart and checkout. */
async function buy(itemId: number, quantity: number) {
  const { agent } = await signUp(shop.t.app);
  const address = await agent.post('/api/shipping', {
    nickname: 'Home',
    recipient_name: 'Sam Rivera',
    phone: '(617) 555-0142',
    street_address: '1 Main Street',
    city: 'Boston',
    state: 'MA',
    zip: '02108',
  });
  expect(address.statusCode, address.body).toBe(201);
  const cart = await agent.post('/api/cart', { itemId, quantity });
  expect(cart.statusCode, cart.body).toBeLessThan(300);
  const paid = await agent.put('/api/buy', {
    addressId: address.json().id,
    paymentMethod: 'apple_pay',
    idempotencyKey: `designer-${process.pid}-${itemId}-${quantity}`,
  });
  expect(paid.statusCode, paid.body).toBeLessThan(300);
}

async function stockOf(itemId: number): Promise<number> {
  const [row] = await ids<{ stock: number }>('SELECT stock FROM items WHERE id = $1', [itemId]);
  return row!.stock;
}

async function listAll(query = ''): Promise<DesignOutfit[]> {
  const pages = await followToEnd<DesignOutfit>(admin, `/api/design/outfits${query}`);
  return pages.flat();
}

async function swipe(agent: Agent, outfitId: number, way: 'favorite' | 'reject') {
  const res = await agent.post(`/api/outfit/${way}`, { outfitId });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every outfit a shopper's feed offers, swiping each left until the feed runs dry. */
async function swipeThroughFeed(agent: Agent): Promise<number[]> {
  const seen: number[] = [];
  for (let round = 0; round < 20; round += 1) {
    const res = await agent.get('/api/outfit/home?limit=30');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { outfits: { id: number }[] };
    if (page.outfits.length === 0) return seen;
    for (const { id } of page.outfits) {
      seen.push(id);
      await swipe(agent, id, 'reject');
    }
  }
  throw new Error('the feed did not run dry');
}

beforeAll(async () => {
  admin = (await signUp(shop.t.app, { isAdmin: true })).agent;
  // A top with other sizes or colours of its product in stock, and other products of its
  // category and colour in stock: every kind of substitute exists for it.
  const [found] = await ids<{ id: number; productId: number; color: string; size: string }>(
    `SELECT i.id, i.product_id AS "productId", i.color, i.size FROM items i
      WHERE i.category_id = $1 AND i.stock > 0
        AND (SELECT count(*) FROM items v
              WHERE v.product_id = i.product_id AND v.id <> i.id AND v.stock > 0) >= 2
        AND EXISTS (SELECT 1 FROM items o WHERE o.category_id = i.category_id
                       AND o.color = i.color AND o.product_id <> i.product_id AND o.stock > 0)
      ORDER BY i.id LIMIT 1`,
    [CATEGORY_ID_BY_SLOT.top],
  );
  expect(found).toBeDefined();
  top = found!;
  used.add(top.id);
  outfit = await createOutfit(`Answered look ${process.pid}`, { top: top.id });

  const shoppers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signUp(shop.t.app)));
  const [s1, s2, s3, s4, s5, s6] = shoppers.map((s) => s.agent) as Agent[];
  const accessory = outfit.items.find((p) => p.slot === 'accessory')!.id;
  await swipe(s1!, outfit.id, 'favorite');
  // A liker who also hearts a piece is still one shopper keeping it.
  const heart = await s1!.post('/api/item/favorite', { itemId: accessory, outfitId: outfit.id });
  expect(heart.statusCode, heart.body).toBe(200);
  await swipe(s2!, outfit.id, 'favorite');
  await swipe(s3!, outfit.id, 'reject');
  // Keeps a piece from it without swiping it.
  const kept = await s4!.post('/api/item/favorite', { itemId: accessory, outfitId: outfit.id });
  expect(kept.statusCode, kept.body).toBe(200);
  // A like taken back is no answer.
  await swipe(s5!, outfit.id, 'favorite');
  expect((await s5!.post('/api/outfit/undo')).statusCode).toBe(200);
  // A like turned into a reject counts as a reject only.
  await swipe(s6!, outfit.id, 'favorite');
  await swipe(s6!, outfit.id, 'reject');

  // Another outfit, one of whose pieces is bought down to the low-stock line.
  lowPieceId = await spare('footwear');
  const low = await createOutfit(`Running low ${process.pid}`, { footwear: lowPieceId });
  lowOutfitId = low.id;
  await ids('UPDATE items SET stock = $2 WHERE id = $1', [lowPieceId, LOW_STOCK + 1]);
  await buy(lowPieceId, 1);
  expect(await stockOf(lowPieceId)).toBe(LOW_STOCK);
});

describe('GET /api/design/outfits: how shoppers answer each outfit', () => {
  it('counts likes, rejects, like rate and the shoppers who keep it', async () => {
    const res = await admin.get('/api/design/outfits');
    expect(res.statusCode, res.body).toBe(200);
    const shown = (res.json().items as DesignOutfit[]).find((o) => o.id === outfit.id);
    expect(shown).toMatchObject({
      likes: 2,
      rejects: 2,
      likeRate: 0.5,
      // s1 and s2 (likes) and s4 (a piece); s6's reject took its like away.
      favorites: 3,
      flagged: [],
    });
  });

  it('gives every outfit the figures its swipes hold', async () => {
    // Favourites: the likers, and each other shopper who keeps one of its pieces.
    const truth = await ids<{ id: number; likes: number; rejects: number; favorites: number }>(
      `SELECT o.id,
              count(s.outfit_id) FILTER (WHERE s.direction = 'like')::int AS likes,
              count(s.outfit_id) FILTER (WHERE s.direction = 'nope')::int AS rejects,
              (SELECT count(DISTINCT k.user_id)::int FROM (
                 SELECT user_id FROM swipes WHERE outfit_id = o.id AND direction = 'like'
                 UNION SELECT user_id FROM item_favorites WHERE outfit_id = o.id) k) AS favorites
         FROM outfits o LEFT JOIN swipes s ON s.outfit_id = o.id GROUP BY o.id`,
    );
    expect(new Set(truth.map((row) => row.favorites)).size).toBeGreaterThan(1);
    const listed = await listAll();
    expect(listed).toHaveLength(truth.length);
    const byId = new Map(listed.map((o) => [o.id, o]));
    for (const row of truth) {
      const o = byId.get(row.id)!;
      expect([o.id, o.likes, o.rejects, o.favorites]).toEqual([
        row.id,
        row.likes,
        row.rejects,
        row.favorites,
      ]);
      const answered = row.likes + row.rejects;
      expect(o.likeRate).toBe(answered === 0 ? null : row.likes / answered);
    }
  });

  it('sorts by like rate, best first and the unanswered last, a page at a time to the end', async () => {
    const listed = await listAll('?sort=likeRate');
    const [{ n } = { n: 0 }] = await ids<{ n: number }>('SELECT count(*)::int AS n FROM outfits');
    expect(listed).toHaveLength(n);
    expect(new Set(listed.map((o) => o.id)).size).toBe(n);
    const keys = listed.map((o) => [o.likeRate ?? -1, o.id] as const);
    const sorted = [...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(keys).toEqual(sorted);
    // The file's answered outfit sits among the answered ones, above every unanswered one.
    const at = listed.findIndex((o) => o.id === outfit.id);
    expect(listed.slice(at).some((o) => o.likeRate === null)).toBe(true);
  });

  it('sorts newest first by default', async () => {
    const truth = await ids<{ id: number }>(
      'SELECT id FROM outfits ORDER BY created_at DESC, id DESC',
    );
    expect((await listAll('?sort=newest')).map((o) => o.id)).toEqual(truth.map((r) => r.id));
  });
});

describe('a piece bought out', () => {
  let substitutes: Substitutes;

  it('is flagged sold out in the list, and a piece bought down to the line is flagged low', async () => {
    await ids('UPDATE items SET stock = 2 WHERE id = $1', [top.id]);
    await buy(top.id, 2);
    expect(await stockOf(top.id)).toBe(0);

    const listed = await listAll();
    const shown = listed.find((o) => o.id === outfit.id)!;
    expect(shown.flagged).toEqual([{ slot: 'top', itemId: top.id, stock: 0, problem: 'soldOut' }]);
    const low = listed.find((o) => o.id === lowOutfitId)!;
    expect(low.flagged).toEqual([
      { slot: 'footwear', itemId: lowPieceId, stock: LOW_STOCK, problem: 'low' },
    ]);
  });

  it('filters to outfits with a piece sold out or low, in either order, to the end', async () => {
    const truth = await ids<{ id: number }>(
      `SELECT DISTINCT oi.outfit_id AS id FROM outfit_items oi JOIN items i ON i.id = oi.item_id
        WHERE i.stock <= $1`,
      [LOW_STOCK],
    );
    const expected = truth.map((r) => r.id).sort((a, b) => a - b);
    for (const sort of ['newest', 'likeRate']) {
      const listed = await listAll(`?filter=problem&sort=${sort}`);
      expect(listed.map((o) => o.id).sort((a, b) => a - b)).toEqual(expected);
      for (const o of listed) expect(o.flagged.length).toBeGreaterThan(0);
    }
    expect(expected).toEqual(expect.arrayContaining([outfit.id, lowOutfitId]));
  });

  it('offers in-stock substitutes: the same product first, then the same category and colour', async () => {
    const res = await admin.get(`/api/design/substitutes/${top.id}`);
    expect(res.statusCode, res.body).toBe(200);
    substitutes = res.json();
    expect(substitutes.item).toMatchObject({ id: top.id, stock: 0 });
    const list = substitutes.substitutes;
    expect(list.length).toBeGreaterThan(2);
    const kinds = list.map((s) => s.match);
    expect(kinds).toEqual([...kinds].sort((a, b) => (a === b ? 0 : a === 'sameProduct' ? -1 : 1)));
    expect(kinds).toContain('sameProduct');
    expect(kinds).toContain('sameLook');
    for (const s of list) {
      expect(s.stock).toBeGreaterThan(0);
      expect(s.id).not.toBe(top.id);
      expect(s.categoryId).toBe(CATEGORY_ID_BY_SLOT.top);
      if (s.match === 'sameProduct') expect(s.productId).toBe(top.productId);
      else {
        expect(s.productId).not.toBe(top.productId);
        expect(s.color).toBe(top.color);
      }
    }
    // One size of each other product: the piece's own size where the product has it in stock,
    // else its best stocked; the best stocked of those first, low stock after the rest.
    const looks = list.filter((s) => s.match === 'sameLook');
    expect(new Set(looks.map((s) => s.productId)).size).toBe(looks.length);
    const others = await ids<{ id: number; product_id: number; size: string; stock: number }>(
      `SELECT id, product_id, size, stock FROM items
        WHERE category_id = $1 AND color = $2 AND product_id <> $3 AND stock > 0`,
      [CATEGORY_ID_BY_SLOT.top, top.color, top.productId],
    );
    const chosen = new Map<number, (typeof others)[number]>();
    const better = (a: (typeof others)[number], b: (typeof others)[number]) =>
      Number(a.size !== top.size) - Number(b.size !== top.size) || b.stock - a.stock || a.id - b.id;
    for (const row of others) {
      const kept = chosen.get(row.product_id);
      if (!kept || better(row, kept) < 0) chosen.set(row.product_id, row);
    }
    const ranked = [...chosen.values()].sort(
      (a, b) =>
        Number(a.stock <= LOW_STOCK) - Number(b.stock <= LOW_STOCK) ||
        b.stock - a.stock ||
        a.id - b.id,
    );
    expect(looks.map((s) => s.id)).toEqual(ranked.slice(0, looks.length).map((r) => r.id));
    expect(looks.length).toBe(
      Math.min(ranked.length, SUBSTITUTES_MAX - (list.length - looks.length)),
    );
    // Every in-stock variant of the product is offered (there are few).
    const variants = await ids<{ id: number }>(
      'SELECT id FROM items WHERE product_id = $1 AND id <> $2 AND stock > 0',
      [top.productId, top.id],
    );
    expect(
      list
        .filter((s) => s.match === 'sameProduct')
        .map((s) => s.id)
        .sort(),
    ).toEqual(variants.map((v) => v.id).sort());
  });

  it('swapped and saved, puts the outfit back into a shopper’s feed', async () => {
    const { agent: shopper } = await signUp(shop.t.app);
    const before = await swipeThroughFeed(shopper);
    expect(before).not.toContain(outfit.id);

    const swapIn = substitutes.substitutes[0]!;
    const bySlot = Object.fromEntries(outfit.items.map((p) => [p.slot, p.id]));
    const saved = await admin.put(`/api/design/outfit/edit/${outfit.id}`, {
      name: outfit.name,
      occasion: 2,
      item_ids: { ...bySlot, top: swapIn.id },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const listed = await listAll('?filter=problem');
    expect(listed.map((o) => o.id)).not.toContain(outfit.id);
    const shown = (await listAll()).find((o) => o.id === outfit.id)!;
    expect(shown.flagged).toEqual([]);
    expect(shown.items.find((p) => p.slot === 'top')!.id).toBe(swapIn.id);
    // The answers stay with the outfit.
    expect(shown).toMatchObject({ likes: 2, rejects: 2 });

    const feed = await shopper.get('/api/outfit/home?limit=30');
    expect(feed.statusCode, feed.body).toBe(200);
    expect((feed.json().outfits as { id: number }[]).map((o) => o.id)).toContain(outfit.id);
  });
});

describe('who may ask, and what', () => {
  it('refuses shoppers (403) and visitors (401) the list and the substitutes', async () => {
    const { agent: shopper } = await signUp(shop.t.app);
    const visitor = new Agent(shop.t.app);
    for (const url of [
      '/api/design/outfits',
      '/api/design/outfits?sort=likeRate&filter=problem',
      `/api/design/substitutes/${top.id}`,
    ]) {
      expect((await shopper.get(url)).statusCode, url).toBe(403);
      expect((await visitor.get(url)).statusCode, url).toBe(401);
    }
  });

  it.each([
    ['sort=best', 'sort'],
    ['sort=', 'sort'],
    ['filter=soldout', 'filter'],
    ['filter=1', 'filter'],
  ])('refuses %s with 400', async (query, field) => {
    const res = await admin.get(`/api/design/outfits?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
  });

  it('refuses a cursor of one order in the other', async () => {
    const first = await admin.get('/api/design/outfits?sort=newest');
    const cursor = first.json().nextCursor as string;
    expect(first.json().items).toHaveLength(OUTFIT_PAGE_SIZE);
    const res = await admin.get(pageUrl('/api/design/outfits?sort=likeRate', cursor));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('cursor');
  });

  it('answers 404 for substitutes of an item that does not exist, 400 for a bad id', async () => {
    expect((await admin.get('/api/design/substitutes/99999999')).statusCode).toBe(404);
    expect((await admin.get('/api/design/substitutes/abc')).statusCode).toBe(400);
  });
});

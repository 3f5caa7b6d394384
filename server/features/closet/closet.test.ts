import { sql as drizzleSql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOTS } from '../../../contracts/catalog';
import type {
  ClosetCategoryCount,
  ClosetOccasionCount,
  ClosetOccasionOutfitPage,
  ClosetOutfit,
  ClosetOutfitPage,
  ClosetPiecePage,
} from '../../../contracts/closet';
import type { Outfit } from '../../../contracts/outfit';
import { type Db, rowsOf } from '../../db/client';
import type { OutfitCards } from '../../lib/outfit-cards';
import { loadOutfits } from '../../lib/outfits';
import { followToEnd } from '../../test/pages';
import { type Agent, createTestApp, signUp, type TestApp } from '../../test/test-app';
import { getClosetOutfit, listClosetOutfits, listClosetOutfitsForOccasion } from './closet.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Piece {
  slot: string;
  itemId: number;
  productId: number;
  categoryId: number;
}

const sql = <T>(text: string, params: unknown[] = []) => t.db.database.sql.query<T>(text, params);

async function piecesOf(outfitId: number): Promise<Piece[]> {
  return sql<Piece>(
    `SELECT oi.slot, oi.item_id AS "itemId", i.product_id AS "productId", i.category_id AS "categoryId"
       FROM outfit_items oi JOIN items i ON i.id = oi.item_id
      WHERE oi.outfit_id = $1 ORDER BY oi.slot`,
    [outfitId],
  );
}

/** A variant of the product other than this item (another colour or size). */
async function siblingOf(itemId: number): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `SELECT s.id FROM items i JOIN items s ON s.product_id = i.product_id AND s.id <> i.id
      WHERE i.id = $1 ORDER BY s.color <> i.color DESC, s.id LIMIT 1`,
    [itemId],
  );
  if (!row) throw new Error(`item ${itemId} has no sibling variant`);
  return row.id;
}

/** What checkout does for a purchase, written directly. */
async function own(userId: number, itemId: number, quantity = 1, boughtAt?: string) {
  await sql(
    `INSERT INTO closet_items (user_id, item_id, product_id, quantity, first_bought_at, last_bought_at)
     SELECT $1, id, product_id, $3, coalesce($4::timestamptz, now()), coalesce($4::timestamptz, now())
       FROM items WHERE id = $2`,
    [userId, itemId, quantity, boughtAt ?? null],
  );
}

/** The closet rule, stated the slow and obvious way, to check the fast query against. */
async function expectedClosetOutfitIds(userId: number): Promise<number[]> {
  const rows = await sql<{ id: number }>(
    `SELECT o.id FROM outfits o
      WHERE NOT EXISTS (
        SELECT 1 FROM outfit_items oi JOIN items i ON i.id = oi.item_id
         WHERE oi.outfit_id = o.id
           AND NOT EXISTS (SELECT 1 FROM closet_items c WHERE c.user_id = $1 AND c.product_id = i.product_id))
      ORDER BY o.id`,
    [userId],
  );
  return rows.map((r) => r.id);
}

async function closetOutfitIds(agent: Agent): Promise<number[]> {
  const pages = await followToEnd<ClosetOutfit>(agent, '/api/closet/outfits');
  return pages
    .flat()
    .map((o) => o.id)
    .sort((a, b) => a - b);
}

/** An outfit of the occasion whose products appear in no other outfit, so counts are exact. */
async function loneOutfit(occasionId: number, skip: number[] = []): Promise<number> {
  const rows = await sql<{ id: number }>(
    `SELECT o.id FROM outfits o
      WHERE o.occasion_id = $1 AND NOT (o.id = ANY($2::int[]))
        AND NOT EXISTS (
          SELECT 1 FROM outfit_items a JOIN items ai ON ai.id = a.item_id
            JOIN items bi ON bi.product_id = ai.product_id
            JOIN outfit_items b ON b.item_id = bi.id AND b.outfit_id <> o.id
           WHERE a.outfit_id = o.id
             AND NOT EXISTS (
               SELECT 1 FROM outfit_items b2 JOIN items b2i ON b2i.id = b2.item_id
                WHERE b2.outfit_id = b.outfit_id
                  AND NOT EXISTS (
                    SELECT 1 FROM outfit_items a2 JOIN items a2i ON a2i.id = a2.item_id
                     WHERE a2.outfit_id = o.id AND a2i.product_id = b2i.product_id)))
      ORDER BY o.id LIMIT 1`,
    [occasionId, skip],
  );
  // Falls back to any outfit of the occasion; the tests compare with the slow rule anyway.
  if (rows[0]) return rows[0].id;
  const [any] = await sql<{ id: number }>(
    'SELECT id FROM outfits WHERE occasion_id = $1 AND NOT (id = ANY($2::int[])) ORDER BY id LIMIT 1',
    [occasionId, skip],
  );
  return any!.id;
}

describe('GET /api/closet/outfits', () => {
  it('is 401 for a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/closet/outfits' });
    expect(res.statusCode).toBe(401);
  });

  it('is empty for a new shopper', async () => {
    const { agent } = await signUp(t.app);
    const res = await agent.get('/api/closet/outfits');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], nextCursor: null });
  });

  it('holds an outfit exactly when all five of its products are owned, in any variant', async () => {
    const { agent, user } = await signUp(t.app);
    const outfitId = await loneOutfit(4);
    const pieces = await piecesOf(outfitId);
    expect(pieces).toHaveLength(5);

    // Four of five pieces, one of them in another colour: not yet.
    const [last, ...firstFour] = pieces;
    for (const p of firstFour) await own(user.id, p.itemId);
    expect(await closetOutfitIds(agent)).not.toContain(outfitId);
    expect(await closetOutfitIds(agent)).toEqual(await expectedClosetOutfitIds(user.id));
    expect((await agent.get(`/api/closet/outfits/${outfitId}`)).statusCode).toBe(404);
    const dateNight = (await agent.get('/api/closet/items/occasions/4')).json();
    expect(dateNight.items.map((o: ClosetOutfit) => o.id)).not.toContain(outfitId);

    // The fifth product, bought in a different colour or size: now it is a closet outfit.
    const sibling = await siblingOf(last!.itemId);
    await own(user.id, sibling, 2);
    const ids = await closetOutfitIds(agent);
    expect(ids).toContain(outfitId);
    expect(ids).toEqual(await expectedClosetOutfitIds(user.id));

    const [bought] = await sql<{ color: string; size: string; image: string }>(
      'SELECT color, size, image FROM items WHERE id = $1',
      [sibling],
    );

    // The list's summary shows each piece as the shopper owns it, and nothing more.
    const page = (await agent.get('/api/closet/outfits')).json() as ClosetOutfitPage;
    const summary = page.items.find((o) => o.id === outfitId)!;
    expect(summary.items.map((i) => i.slot)).toEqual(SLOTS);
    expect(summary.items.find((i) => i.slot === last!.slot)).toMatchObject({
      id: sibling,
      img: bought!.image,
      color: bought!.color,
    });
    expect(summary.items.map((i) => i.id).sort()).toEqual(
      pieces.map((p) => (p === last ? sibling : p.itemId)).sort(),
    );
    for (const piece of summary.items) {
      expect(Object.keys(piece).sort()).toEqual(['color', 'id', 'img', 'name', 'slot']);
    }
    expect(summary.completedAt).toMatch(/Z$/);

    // Its details show the outfit's own pieces, each paired with what the shopper owns of it.
    const outfit = (await agent.get(`/api/closet/outfits/${outfitId}`)).json() as ClosetOutfit;
    expect(outfit.items.map((i) => i.slot)).toEqual(SLOTS);
    expect(outfit.items.map((i) => i.id).sort()).toEqual(pieces.map((p) => p.itemId).sort());
    const swapped = outfit.items.find((i) => i.slot === last!.slot)!;
    expect(swapped.owned.id).toBe(sibling);
    // The owned variant says only what sets it apart: its colour, size and picture are its own.
    expect(swapped.owned).toMatchObject({
      color: bought!.color,
      size: bought!.size,
      img: bought!.image,
    });
    expect(Object.keys(swapped.owned).sort()).toEqual(
      [
        'colorHex',
        'color',
        'firstBoughtAt',
        'id',
        'img',
        'lastBoughtAt',
        'quantity',
        'size',
      ].sort(),
    );
    expect(swapped.owned.quantity).toBe(2);
    for (const item of outfit.items.filter((i) => i.slot !== last!.slot)) {
      expect(item.owned.id).toBe(item.id);
      expect(item.owned.quantity).toBe(1);
      // The very item owned looks as the piece does.
      expect(item.owned).toMatchObject({
        img: item.img,
        color: item.color,
        colorHex: item.colorHex,
        size: item.size,
      });
    }
    expect(outfit.items[0]!.owned.lastBoughtAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(outfit.completedAt).toMatch(/Z$/);
  });

  it('names every other colour and size owned of a piece, the latest bought first', async () => {
    const { agent, user } = await signUp(t.app);
    const outfitId = await loneOutfit(3);
    const [first, second, ...rest] = await piecesOf(outfitId);
    // The first piece itself, and before it another variant of its product.
    await own(user.id, first!.itemId, 1, '2026-02-01T10:00:00Z');
    const older = await siblingOf(first!.itemId);
    await own(user.id, older, 2, '2026-01-01T10:00:00Z');
    // The second only as two other variants: the one bought last stands for it.
    const [other, another] = await sql<{ id: number }>(
      `SELECT s.id FROM items i JOIN items s ON s.product_id = i.product_id AND s.id <> i.id
        WHERE i.id = $1 ORDER BY s.id LIMIT 2`,
      [second!.itemId],
    );
    await own(user.id, other!.id, 1, '2026-01-05T10:00:00Z');
    await own(user.id, another!.id, 1, '2026-01-06T10:00:00Z');
    for (const p of rest) await own(user.id, p.itemId);

    const outfit = (await agent.get(`/api/closet/outfits/${outfitId}`)).json() as ClosetOutfit;
    const bySlot = (slot: string) => outfit.items.find((i) => i.slot === slot)!;
    const [olderLook] = await sql<{ color: string; size: string }>(
      'SELECT color, size FROM items WHERE id = $1',
      [older],
    );
    expect(bySlot(first!.slot).owned.id).toBe(first!.itemId);
    expect(bySlot(first!.slot).alsoOwned).toEqual([
      expect.objectContaining({ id: older, quantity: 2, ...olderLook }),
    ]);
    expect(bySlot(second!.slot).owned.id).toBe(another!.id);
    expect(bySlot(second!.slot).alsoOwned.map((v) => v.id)).toEqual([other!.id]);
    for (const p of rest) expect(bySlot(p.slot).alsoOwned).toEqual([]);
    // The list's cards stay as they were: each piece by one variant.
    const page = (await agent.get('/api/closet/outfits')).json() as ClosetOutfitPage;
    const card = page.items.find((o) => o.id === outfitId)!;
    expect(card.items.find((i) => i.slot === second!.slot)!.id).toBe(another!.id);
  });

  it('matches the slow rule for a shopper who owns a scatter of pieces', async () => {
    const { agent, user } = await signUp(t.app);
    // Every product of three outfits, plus odd pieces: some outfits complete, some not.
    const chosen = await sql<{ id: number }>('SELECT id FROM outfits ORDER BY id LIMIT 3');
    for (const { id } of chosen) {
      for (const p of await piecesOf(id)) {
        await sql(
          `INSERT INTO closet_items (user_id, item_id, product_id, quantity)
           VALUES ($1, $2, $3, 1) ON CONFLICT DO NOTHING`,
          [user.id, p.itemId, p.productId],
        );
      }
    }
    await sql(
      `INSERT INTO closet_items (user_id, item_id, product_id, quantity)
       SELECT $1, id, product_id, 1 FROM items WHERE id % 37 = 0 ON CONFLICT DO NOTHING`,
      [user.id],
    );
    const expected = await expectedClosetOutfitIds(user.id);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(await closetOutfitIds(agent)).toEqual(expected);
  });

  it('lists the most recently completed first', async () => {
    const { agent, user } = await signUp(t.app);
    const older = await loneOutfit(1);
    const newer = await loneOutfit(2, [older]);
    for (const p of await piecesOf(older)) await own(user.id, p.itemId, 1, '2026-01-05T10:00:00Z');
    for (const p of await piecesOf(newer)) {
      await sql(
        `INSERT INTO closet_items (user_id, item_id, product_id, quantity, first_bought_at, last_bought_at)
         VALUES ($1, $2, $3, 1, '2026-02-01T10:00:00Z', '2026-02-01T10:00:00Z')
         ON CONFLICT DO NOTHING`,
        [user.id, p.itemId, p.productId],
      );
    }
    const first = (await agent.get('/api/closet/outfits')).json() as ClosetOutfitPage;
    expect(first.nextCursor).toBeNull();
    expect(first.items[0]!.id).toBe(newer);
    expect(first.items[0]!.completedAt).toBe('2026-02-01T10:00:00.000Z');
    expect(first.items.map((o) => o.id)).toContain(older);
    expect(first.items.map((o) => o.id).sort((a, b) => a - b)).toEqual(
      await expectedClosetOutfitIds(user.id),
    );
  });

  it('finds an outfit and a piece by a word typed with two letters swapped, as other searches do', async () => {
    const { agent, user } = await signUp(t.app);
    const outfitId = await loneOutfit(2);
    const pieces = await piecesOf(outfitId);
    for (const p of pieces) await own(user.id, p.itemId);
    const [outfit] = await sql<{ name: string }>('SELECT name FROM outfits WHERE id = $1', [
      outfitId,
    ]);
    const top = pieces.find((p) => p.slot === 'top')!;
    const [item] = await sql<{ name: string }>('SELECT name FROM items WHERE id = $1', [
      top.itemId,
    ]);
    // The first word of five letters or more, with two different neighbouring letters swapped.
    const typoOf = (text: string) => {
      const word = text.split(/[^A-Za-z]+/).find((w) => w.length >= 5)!;
      const at = [...word].findIndex((c, i) => i > 0 && word[i + 1] && c !== word[i + 1]);
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    };
    const outfits = await agent.get(`/api/closet/outfits?q=${typoOf(outfit!.name)}`);
    expect(outfits.statusCode).toBe(200);
    expect((outfits.json() as ClosetOutfitPage).items.map((o) => o.id)).toContain(outfitId);
    const tops = await agent.get(`/api/closet/items/category/Tops?q=${typoOf(item!.name)}`);
    expect(tops.statusCode).toBe(200);
    expect(tops.json().items.map((i: { id: number }) => i.id)).toContain(top.itemId);
    // A word found nowhere, nor one edit from any word of the shop, still finds nothing.
    expect((await agent.get('/api/closet/outfits?q=qxzvw')).json().items).toEqual([]);
  });

  it('searches name and description without regard to case, with % and _ taken literally', async () => {
    const { agent, user } = await signUp(t.app);
    const source = await loneOutfit(3);
    const pieces = await piecesOf(source);
    // A second outfit made of the same pieces, whose name holds the characters LIKE treats
    // as wildcards.
    await t.db.database.sql.exec(`
      BEGIN;
      INSERT INTO outfits (id, name, description, occasion_id)
        VALUES (9001, '100% Linen_Weekend', 'Breezy layers for a slow Sunday.', 3);
      INSERT INTO outfit_items (outfit_id, slot, item_id, category_id)
        SELECT 9001, slot, item_id, category_id FROM outfit_items WHERE outfit_id = ${source};
      COMMIT;`);
    for (const p of pieces) await own(user.id, p.itemId);

    const search = async (q: string) => {
      const res = await agent.get(`/api/closet/outfits?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      return (res.json() as ClosetOutfitPage).items.map((o) => o.id);
    };
    expect(await search('%')).toEqual([9001]);
    expect(await search('0% l')).toEqual([9001]);
    expect(await search('n_w')).toEqual([9001]);
    expect(await search('_')).toEqual([9001]);
    expect(await search('LINEN')).toEqual([9001]);
    expect(await search('slow sunday')).toEqual([9001]);
    expect(await search('1%0')).toEqual([]);
    expect(await search('\\')).toEqual([]);
    expect((await search('  ')).length).toBe((await expectedClosetOutfitIds(user.id)).length);
  });

  it.each(['cursor=', 'cursor=%21', `cursor=${'a'.repeat(201)}`, `q=${'a'.repeat(101)}`])(
    'rejects ?%s with 400',
    async (query) => {
      const { agent } = await signUp(t.app);
      const res = await agent.get(`/api/closet/outfits?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    },
  );
});

describe('GET /api/closet/outfits/:id', () => {
  it('shows a closet outfit to its owner only: another shopper gets 404 for it', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const outfitId = await loneOutfit(5);
    for (const p of await piecesOf(outfitId)) await own(a.user.id, p.itemId, 3);

    const mine = await a.agent.get(`/api/closet/outfits/${outfitId}`);
    expect(mine.statusCode).toBe(200);
    const outfit = mine.json() as ClosetOutfit;
    expect(outfit).toMatchObject({ id: outfitId, occasionId: 5, occasion: 'Work' });
    expect(outfit.items).toHaveLength(5);
    expect(outfit.items.every((i) => i.owned.quantity === 3)).toBe(true);

    const theirs = await b.agent.get(`/api/closet/outfits/${outfitId}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe('not_found');
    expect(await closetOutfitIds(b.agent)).toEqual([]);
    const counts = (
      await b.agent.get('/api/closet/items/occasions')
    ).json() as ClosetOccasionCount[];
    expect(counts).toHaveLength(5);
    expect(counts.every((c) => c.outfits === 0)).toBe(true);
    const cats = (await b.agent.get('/api/closet/items/category')).json() as ClosetCategoryCount[];
    expect(cats).toHaveLength(5);
    expect(cats.every((c) => c.pieces === 0 && c.units === 0 && c.cover === null)).toBe(true);
    const tops = (await b.agent.get('/api/closet/items/category/Tops')).json() as ClosetPiecePage;
    expect(tops.items).toEqual([]);
  });

  it('is 404 for an unknown outfit and 400 for a bad id', async () => {
    const { agent } = await signUp(t.app);
    expect((await agent.get('/api/closet/outfits/999999')).statusCode).toBe(404);
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await agent.get(`/api/closet/outfits/${id}`);
      expect(res.statusCode, id).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/closet/outfits/1' })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/closet/items/occasions', () => {
  it('lists all five occasions with the number of closet outfits in each', async () => {
    const { agent, user } = await signUp(t.app);
    const date = await loneOutfit(4);
    // One piece is owned in another colour or size: the cover shows the one owned.
    const [first, ...rest] = await piecesOf(date);
    const other = await siblingOf(first!.itemId);
    await own(user.id, other);
    for (const p of rest) await own(user.id, p.itemId);
    const res = await agent.get('/api/closet/items/occasions');
    expect(res.statusCode).toBe(200);
    const counts = res.json() as ClosetOccasionCount[];
    expect(counts.map((c) => c.name)).toEqual([
      'Airport',
      'Brunch',
      'Casual',
      'Date Night',
      'Work',
    ]);

    const expected = await sql<{ occasion_id: number; n: number }>(
      'SELECT occasion_id, count(*)::int AS n FROM outfits WHERE id = ANY($1::int[]) GROUP BY occasion_id',
      [await expectedClosetOutfitIds(user.id)],
    );
    for (const c of counts) {
      expect(c.outfits).toBe(expected.find((e) => e.occasion_id === c.id)?.n ?? 0);
      expect(c.cover.length).toBe(c.outfits > 0 ? 5 : 0);
    }
    expect(counts.find((c) => c.id === 4)!.outfits).toBeGreaterThanOrEqual(1);
    // The cover is the newest closet outfit's pieces as its card shows them: what is owned.
    const newest = (await agent.get('/api/closet/items/occasions/4')).json() as ClosetOutfitPage;
    const cover = counts.find((c) => c.id === 4)!.cover;
    expect(cover).toEqual(newest.items[0]!.items.map((piece) => piece.img));
    const images = await sql<{ id: number; image: string }>(
      'SELECT id, image FROM items WHERE id = ANY($1::int[])',
      [[other, first!.itemId]],
    );
    const imageOf = (id: number) => images.find((i) => i.id === id)!.image;
    // The variant owned looks unlike the piece designed, so the cover can only show it if owned.
    expect(imageOf(other)).not.toBe(imageOf(first!.itemId));
    expect(cover).toContain(imageOf(other));
  });
});

describe('GET /api/closet/items/occasions/:occasion', () => {
  it('finds the occasion by name (any case) or id, and lists only its closet outfits', async () => {
    const { agent, user } = await signUp(t.app);
    const date = await loneOutfit(4);
    const work = await loneOutfit(5);
    for (const id of [date, work]) for (const p of await piecesOf(id)) await own(user.id, p.itemId);

    for (const name of ['Date%20Night', 'date%20night', '4']) {
      const res = await agent.get(`/api/closet/items/occasions/${name}`);
      expect(res.statusCode, name).toBe(200);
      const page = res.json() as ClosetOccasionOutfitPage;
      expect(page.occasion).toEqual({ id: 4, name: 'Date Night' });
      expect(page.items.map((o) => o.id)).toContain(date);
      expect(page.items.map((o) => o.id)).not.toContain(work);
      expect(page.items.every((o) => o.occasionId === 4)).toBe(true);
    }
  });

  it('names the occasion of an empty page too, as asked by name or id', async () => {
    const { agent, user } = await signUp(t.app);
    for (const p of await piecesOf(await loneOutfit(5))) await own(user.id, p.itemId);
    for (const name of ['Date%20Night', 'DATE%20NIGHT', '4']) {
      const res = await agent.get(`/api/closet/items/occasions/${name}?q=zzzz`);
      expect(res.statusCode, name).toBe(200);
      expect(res.json(), name).toEqual({
        occasion: { id: 4, name: 'Date Night' },
        items: [],
        nextCursor: null,
      });
    }
  });

  it('is 404 for an unknown occasion and 400 for a malformed one', async () => {
    const { agent } = await signUp(t.app);
    for (const name of ['Gala', '99', '40000', '99999999999', 'Date%20Nights']) {
      expect((await agent.get(`/api/closet/items/occasions/${name}`)).statusCode, name).toBe(404);
    }
    for (const name of ['%25', 'a'.repeat(41), '%3Cscript%3E', '%20%20']) {
      expect((await agent.get(`/api/closet/items/occasions/${name}`)).statusCode, name).toBe(400);
    }
    expect((await agent.get('/api/closet/items/occasions/Work?cursor=%24')).statusCode).toBe(400);
  });
});

describe('GET /api/closet/items/category', () => {
  it('counts pieces and units owned per category, with the newest piece as cover', async () => {
    const { agent, user } = await signUp(t.app);
    const pieces = await piecesOf(await loneOutfit(2));
    const top = pieces.find((p) => p.slot === 'top')!;
    const shoe = pieces.find((p) => p.slot === 'footwear')!;
    await own(user.id, top.itemId, 2, '2026-01-01T09:00:00Z');
    const topSibling = await siblingOf(top.itemId);
    await own(user.id, topSibling, 1, '2026-03-01T09:00:00Z');
    await own(user.id, shoe.itemId, 1);

    const res = await agent.get('/api/closet/items/category');
    expect(res.statusCode).toBe(200);
    const counts = res.json() as ClosetCategoryCount[];
    expect(counts.map((c) => c.name)).toEqual([
      'Tops',
      'Bottoms',
      'Footwear',
      'Outerwear',
      'Accessories',
    ]);
    const [newest] = await sql<{ image: string }>('SELECT image FROM items WHERE id = $1', [
      topSibling,
    ]);
    expect(counts.find((c) => c.id === 1)).toMatchObject({
      pieces: 2,
      units: 3,
      cover: newest!.image,
    });
    expect(counts.find((c) => c.id === 3)).toMatchObject({ pieces: 1, units: 1 });
    expect(counts.find((c) => c.id === 2)).toMatchObject({ pieces: 0, units: 0, cover: null });
  });
});

describe('GET /api/closet/items/category/:category', () => {
  it('lists owned pieces by category name, slot or id, with quantity and purchase dates', async () => {
    const { agent, user } = await signUp(t.app);
    const pieces = await piecesOf(await loneOutfit(1));
    const top = pieces.find((p) => p.slot === 'top')!;
    await own(user.id, top.itemId, 4, '2026-02-14T18:30:00Z');
    await own(user.id, pieces.find((p) => p.slot === 'bottom')!.itemId);

    for (const name of ['Tops', 'tops', 'top', '1']) {
      const res = await agent.get(`/api/closet/items/category/${name}`);
      expect(res.statusCode, name).toBe(200);
      const page = res.json() as ClosetPiecePage;
      expect(page.category).toEqual({ id: 1, name: 'Tops', slot: 'top' });
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({
        id: top.itemId,
        productId: top.productId,
        categoryId: 1,
        quantity: 4,
        firstBoughtAt: '2026-02-14T18:30:00.000Z',
        lastBoughtAt: '2026-02-14T18:30:00.000Z',
      });
      expect(page.items[0]!.price).toMatch(/^\$\d+\.\d\d$/);
    }
  });

  it('searches name, colour and seller, with % and _ taken literally', async () => {
    const { agent, user } = await signUp(t.app);
    const tops = await sql<{ id: number; name: string; color: string; seller: string }>(
      'SELECT id, name, color, seller FROM items WHERE category_id = 1 ORDER BY id LIMIT 40',
    );
    for (const item of tops) await own(user.id, item.id);
    const search = async (q: string) => {
      const pages = await followToEnd<{ id: number }>(
        agent,
        `/api/closet/items/category/Tops?q=${encodeURIComponent(q)}`,
      );
      return pages
        .flat()
        .map((p) => p.id)
        .sort((a, b) => a - b);
    };
    const first = tops[0]!;
    const byColor = tops.filter((i) => i.color.toLowerCase().includes(first.color.toLowerCase()));
    expect(await search(first.color.toUpperCase())).toEqual(
      expect.arrayContaining(byColor.map((i) => i.id)),
    );
    const bySeller = tops.filter((i) =>
      `${i.name} ${i.color} ${i.seller}`.toLowerCase().includes(first.seller.toLowerCase()),
    );
    expect(await search(first.seller)).toEqual(bySeller.map((i) => i.id).sort((a, b) => a - b));
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('zzzz-nothing')).toEqual([]);
  });

  it('finds a piece by its new name once renamed, and the rename moves no closet outfit', async () => {
    const { agent, user } = await signUp(t.app);
    const outfitId = await loneOutfit(1);
    const pieces = await piecesOf(outfitId);
    for (const p of pieces) await own(user.id, p.itemId, 1, '2026-03-01T09:00:00Z');
    const top = pieces.find((p) => p.slot === 'top')!;
    const [{ name }] = (await sql<{ name: string }>('SELECT name FROM products WHERE id = $1', [
      top.productId,
    ])) as [{ name: string }];
    const search = async (q: string) =>
      (
        (await agent.get(`/api/closet/items/category/Tops?q=${q}`)).json() as ClosetPiecePage
      ).items.map((i) => i.id);
    const outfitsBefore = (await agent.get('/api/closet/outfits')).json() as ClosetOutfitPage;
    expect(outfitsBefore.items.map((o) => [o.id, o.completedAt])).toEqual([
      [outfitId, '2026-03-01T09:00:00.000Z'],
    ]);

    // A date no purchase gives, so that working the outfit out again would show.
    await sql(
      `UPDATE closet_outfits SET completed_at = '2020-01-01T00:00:00Z'
        WHERE user_id = $1 AND outfit_id = $2`,
      [user.id, outfitId],
    );
    // An item's name is its product's (0050); its closet rows carry the words (0076).
    await sql("UPDATE products SET name = 'Quintarelle Shirt' WHERE id = $1", [top.productId]);
    try {
      expect(await search('quintarelle')).toEqual([top.itemId]);
      expect(await search('quintarelel')).toEqual([top.itemId]);
      const oldWord = name
        .toLowerCase()
        .split(/[^a-z]+/)
        .find((w) => w.length > 3)!;
      expect(await search(oldWord)).not.toContain(top.itemId);
      const outfitsAfter = (await agent.get('/api/closet/outfits')).json() as ClosetOutfitPage;
      expect(outfitsAfter.items.map((o) => [o.id, o.completedAt])).toEqual([
        [outfitId, '2020-01-01T00:00:00.000Z'],
      ]);
    } finally {
      await sql('UPDATE products SET name = $2 WHERE id = $1', [top.productId, name]);
    }
  });

  it('works the closet outfits out again after an update only when it moves a first purchase or a product', async () => {
    const { agent, user } = await signUp(t.app);
    const outfitId = await loneOutfit(1);
    const pieces = await piecesOf(outfitId);
    for (const p of pieces) await own(user.id, p.itemId, 1, '2026-03-01T09:00:00Z');
    const completed = async () =>
      ((await agent.get('/api/closet/outfits')).json() as ClosetOutfitPage).items.map((o) => [
        o.id,
        o.completedAt,
      ]);
    // A date no purchase gives, so that working the outfit out again would show.
    await sql(
      `UPDATE closet_outfits SET completed_at = '2020-01-01T00:00:00Z'
        WHERE user_id = $1 AND outfit_id = $2`,
      [user.id, outfitId],
    );
    // Bought again: the pieces' quantity and last purchase move, and nothing the outfit follows.
    await sql(
      `UPDATE closet_items SET quantity = quantity + 1, last_bought_at = '2026-05-01T09:00:00Z'
        WHERE user_id = $1`,
      [user.id],
    );
    expect(await completed()).toEqual([[outfitId, '2020-01-01T00:00:00.000Z']]);

    await sql(
      `UPDATE closet_items SET first_bought_at = '2026-04-01T09:00:00Z'
        WHERE user_id = $1 AND item_id = $2`,
      [user.id, pieces[0]!.itemId],
    );
    expect(await completed()).toEqual([[outfitId, '2026-04-01T09:00:00.000Z']]);

    // A piece changed to an item of a product no outfit piece of this one is: the outfit is
    // no longer complete. The row's product is the item's whatever the update says (0076).
    const [other] = await sql<{ id: number }>(
      `SELECT i.id FROM items i
        WHERE i.product_id <> ALL($1::int[])
          AND NOT EXISTS (SELECT 1 FROM closet_items c WHERE c.user_id = $2 AND c.item_id = i.id)
        ORDER BY i.id LIMIT 1`,
      [pieces.map((p) => p.productId), user.id],
    );
    await sql('UPDATE closet_items SET item_id = $3 WHERE user_id = $1 AND item_id = $2', [
      user.id,
      pieces[1]!.itemId,
      other!.id,
    ]);
    expect(await completed()).toEqual([]);
    expect(await expectedClosetOutfitIds(user.id)).not.toContain(outfitId);
    // Gone from the rows the pages and the occasion tiles count, not only from the page.
    expect(await sql('SELECT outfit_id FROM closet_outfits WHERE user_id = $1', [user.id])).toEqual(
      [],
    );
    const [moved] = await sql<{ productId: number }>(
      'SELECT product_id AS "productId" FROM closet_items WHERE user_id = $1 AND item_id = $2',
      [user.id, other!.id],
    );
    const [item] = await sql<{ productId: number }>(
      'SELECT product_id AS "productId" FROM items WHERE id = $1',
      [other!.id],
    );
    expect(moved!.productId).toBe(item!.productId);
  });

  it('moves an outfit out of the closet with a piece moved by hand to another outfit, and that one in', async () => {
    const { user } = await signUp(t.app);
    const from = await loneOutfit(1);
    const to = await loneOutfit(2, [from]);
    // The first outfit owned whole; the second but for its top, which the move brings it.
    for (const p of await piecesOf(from)) await own(user.id, p.itemId);
    for (const p of await piecesOf(to)) if (p.slot !== 'top') await own(user.id, p.itemId);
    const closetOf = async (db: Db) =>
      (
        await rowsOf<{ id: number }>(
          db,
          drizzleSql`SELECT outfit_id AS id FROM closet_outfits WHERE user_id = ${user.id}`,
        )
      ).map((r) => r.id);
    expect(await closetOf(t.db.database.db)).toEqual([from]);

    // Rolled back: the outfit the piece left has four, which its deferred five-slot check refuses.
    class RolledBack extends Error {}
    let during: number[] = [];
    await expect(
      t.db.database.db.transaction(async (tx) => {
        await tx.execute(
          drizzleSql`DELETE FROM outfit_items WHERE outfit_id = ${to} AND slot = 'top'`,
        );
        // One update: only its rows before the change name the outfit the piece left.
        await tx.execute(
          drizzleSql`UPDATE outfit_items SET outfit_id = ${to} WHERE outfit_id = ${from} AND slot = 'top'`,
        );
        during = await closetOf(tx);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(during).toEqual([to]);
    expect(await closetOf(t.db.database.db)).toEqual([from]);
  });

  it('is 404 for an unknown category, 400 for bad input, 401 for a visitor', async () => {
    const { agent } = await signUp(t.app);
    for (const name of ['Hats', '4', '99']) {
      expect((await agent.get(`/api/closet/items/category/${name}`)).statusCode, name).toBe(404);
    }
    for (const url of [
      '/api/closet/items/category/%25',
      `/api/closet/items/category/${'x'.repeat(41)}`,
      `/api/closet/items/category/Tops?q=${'q'.repeat(101)}`,
      '/api/closet/items/category/Tops?cursor=abc',
    ]) {
      const res = await agent.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/closet/items/category' })).statusCode,
    ).toBe(401);
  });
});

describe('the closet after PUT /api/buy', () => {
  it('holds the bought outfit and its pieces, and counts a second purchase', async () => {
    const { agent } = await signUp(t.app);
    const [outfit] = await sql<{ id: number }>(
      `SELECT o.id FROM outfits o
        WHERE o.occasion_id = 4
          AND NOT EXISTS (SELECT 1 FROM outfit_items oi JOIN items i ON i.id = oi.item_id
                           WHERE oi.outfit_id = o.id AND i.stock < 3)
        ORDER BY o.id LIMIT 1`,
    );
    const outfitId = outfit!.id;
    const itemIds = (
      await sql<{ item_id: number }>('SELECT item_id FROM outfit_items WHERE outfit_id = $1', [
        outfitId,
      ])
    ).map((r) => r.item_id);
    const address = await agent.post('/api/shipping', {
      nickname: 'Home',
      recipient_name: 'Sam Rivera',
      phone: '(555) 010-0142',
      street_address: '12 Linden Row',
      city: 'Portland',
      state: 'OR',
      zip: '97205',
      preferred: true,
    });
    expect(address.statusCode, address.body).toBe(201);
    const buy = async (key: string) => {
      const cart = await agent.post('/api/cart/outfit', { outfitId, itemIds });
      expect(cart.statusCode, cart.body).toBe(200);
      const order = await agent.put('/api/buy', {
        addressId: address.json().id,
        paymentMethod: 'paypal',
        idempotencyKey: key,
      });
      expect(order.statusCode, order.body).toBe(201);
    };

    await buy('closet-test-order-1');
    const one = await agent.get(`/api/closet/outfits/${outfitId}`);
    expect(one.statusCode).toBe(200);
    const bought = one.json() as ClosetOutfit;
    expect(bought.items.map((i) => [i.owned.id, i.owned.quantity])).toEqual(
      bought.items.map((i) => [i.id, 1]),
    );
    expect(bought.items).toHaveLength(5);
    const night = (await agent.get('/api/closet/items/occasions/Date%20Night')).json();
    expect(night.items.map((o: ClosetOutfit) => o.id)).toContain(outfitId);
    const cats = (await agent.get('/api/closet/items/category')).json() as ClosetCategoryCount[];
    expect(cats.map((c) => c.pieces)).toEqual([1, 1, 1, 1, 1]);

    await buy('closet-test-order-2');
    const again = (await agent.get(`/api/closet/outfits/${outfitId}`)).json() as ClosetOutfit;
    expect(again.items.map((i) => i.owned.quantity)).toEqual([2, 2, 2, 2, 2]);
    // Bought again, it was complete all along: its day and its place in the list stay.
    expect(again.completedAt).toBe(bought.completedAt);
    const nightAgain = (await agent.get('/api/closet/items/occasions/Date%20Night')).json();
    expect(nightAgain.items.map((o: ClosetOutfit) => o.id)).toEqual(
      night.items.map((o: ClosetOutfit) => o.id),
    );
    const tops = (await agent.get('/api/closet/items/category/Tops')).json() as ClosetPiecePage;
    expect(tops.items).toHaveLength(1);
    expect(tops.items[0]!.quantity).toBe(2);
    expect(Date.parse(tops.items[0]!.lastBoughtAt)).toBeGreaterThanOrEqual(
      Date.parse(tops.items[0]!.firstBoughtAt),
    );
  });
});

describe('an outfit card kept from before a redesign', () => {
  it('is read afresh once when it does not fit what the closet read; one that still does not is left out', async () => {
    const { user } = await signUp(t.app);
    const outfitId = await loneOutfit(2);
    const [first, ...rest] = await piecesOf(outfitId);
    // The shopper owns the outfit: one piece in another colour or size, the rest as designed.
    const other = await siblingOf(first!.itemId);
    await own(user.id, other);
    for (const piece of rest) await own(user.id, piece.itemId);

    // A card kept from before a redesign shows a piece of a product the outfit no longer has.
    const [fresh] = await loadOutfits(t.db.database.sql, [outfitId]);
    const stale = {
      ...fresh!,
      items: fresh!.items.map((piece) =>
        piece.id === first!.itemId ? { ...piece, id: -1, productId: -1 } : piece,
      ),
    };
    const forgotten: number[] = [];
    const keptCards = (afterForget: Outfit) =>
      ({
        current: async (ids: readonly number[]) =>
          ids.map((id) => (forgotten.includes(id) ? afterForget : stale)),
        forget: (ids: readonly number[]) => forgotten.push(...ids),
      }) as unknown as OutfitCards;

    const page = await listClosetOutfits(t.db.database, keptCards(fresh!), user.id, {});
    expect(page.items.map((o) => o.id)).toEqual([outfitId]);
    expect(forgotten).toEqual([outfitId]);
    // The piece shows as the variant owned, from the fresh card.
    expect(page.items[0]!.items.map((piece) => piece.id)).toContain(other);
    expect((await getClosetOutfit(t.db.database, keptCards(fresh!), user.id, outfitId)).id).toBe(
      outfitId,
    );

    forgotten.length = 0;
    expect((await listClosetOutfits(t.db.database, keptCards(stale), user.id, {})).items).toEqual(
      [],
    );
  });

  it('is read afresh when it shows as the piece another variant the shopper owns of it, so that the piece is not lost', async () => {
    const { user } = await signUp(t.app);
    const outfitId = await loneOutfit(3);
    const pieces = await piecesOf(outfitId);
    for (const piece of pieces) await own(user.id, piece.itemId);
    const first = pieces[0]!;
    const sibling = await siblingOf(first.itemId);
    await own(user.id, sibling);

    // Before a redesign the outfit's piece was the other variant, which the shopper owns too.
    const [fresh] = await loadOutfits(t.db.database.sql, [outfitId]);
    const stale = {
      ...fresh!,
      items: fresh!.items.map((piece) =>
        piece.id === first.itemId ? { ...piece, id: sibling } : piece,
      ),
    };
    const forgotten: number[] = [];
    const read = async (ids: readonly number[]) =>
      ids.map((id) => (forgotten.includes(id) ? fresh! : stale));
    const keptCards = {
      current: read,
      forget: (ids: readonly number[]) => forgotten.push(...ids),
    } as unknown as OutfitCards;

    const outfit = await getClosetOutfit(t.db.database, keptCards, user.id, outfitId);
    expect(forgotten).toEqual([outfitId]);
    const piece = outfit.items.find((p) => p.slot === first.slot)!;
    expect(piece.id).toBe(first.itemId);
    expect(piece.owned.id).toBe(first.itemId);
    expect(piece.alsoOwned.map((v) => v.id)).toEqual([sibling]);
  });

  it('names the occasion asked for, not the one a card kept from before its outfit moved names', async () => {
    const { user } = await signUp(t.app);
    const outfitId = await loneOutfit(2);
    for (const piece of await piecesOf(outfitId)) await own(user.id, piece.itemId);
    // The outfit is a Brunch one; the kept card still says Date Night.
    const [fresh] = await loadOutfits(t.db.database.sql, [outfitId]);
    const moved = { ...fresh!, occasionId: 4, occasion: 'Date Night' };
    const keptCards = {
      current: async (ids: readonly number[]) => ids.map(() => moved),
      forget: () => {},
    } as unknown as OutfitCards;
    for (const asked of ['2', 'BRUNCH']) {
      const page = await listClosetOutfitsForOccasion(t.db.database, keptCards, user.id, asked, {});
      expect(
        page.items.map((o) => o.id),
        asked,
      ).toEqual([outfitId]);
      expect(page.occasion, asked).toEqual({ id: 2, name: 'Brunch' });
    }
  });
});

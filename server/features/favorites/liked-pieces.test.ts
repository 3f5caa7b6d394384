import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_ID_BY_SLOT, SLOTS, type Slot } from '../../../contracts/catalog';
import type { CategoryCount, FavoriteItem, FavoriteOutfit } from '../../../contracts/favorites';
import { type Agent, createTestApp, signUp, type TestApp } from '../../test/test-app';

// A like is its swipe row alone and its five pieces follow from it (favorite_pieces,
// 0015_liked_pieces_follow_the_like.sql) until the shopper changes one of them, when they are
// written out as rows of item_favorites (server/lib/liked-pieces.ts).

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  // The template holds no accounts, so the first admin registration is allowed.
  admin = (await signUp(t.app, { isAdmin: true })).agent;
});
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof signUp>>;

function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []) {
  return t.db.database.sql.query<T>(text, params);
}

// ---- what the database holds ----

interface Piece {
  slot: Slot;
  itemId: number;
  categoryId: number;
}

/** The outfit's own five pieces, in slot order. */
async function piecesOf(outfitId: number): Promise<Piece[]> {
  const rows = await sql<Piece>(
    `SELECT slot, item_id AS "itemId", category_id AS "categoryId"
       FROM outfit_items WHERE outfit_id = $1`,
    [outfitId],
  );
  return SLOTS.map((slot) => rows.find((r) => r.slot === slot)!);
}

async function swipesOf(userId: number) {
  return sql<{ outfit_id: number; direction: string; pieces_written: boolean }>(
    'SELECT outfit_id, direction, pieces_written FROM swipes WHERE user_id = $1 ORDER BY outfit_id',
    [userId],
  );
}

interface StoredPiece {
  item_id: number;
  outfit_id: number | null;
  source: string;
  quantity: number;
  /** Dated when the shopper liked its outfit. */
  at_like: boolean;
}

/** The shopper's pieces in a table or view of favourites, ordered by outfit and item. */
function piecesIn<T extends StoredPiece>(
  from: 'item_favorites' | 'favorite_pieces',
  userId: number,
) {
  const written = from === 'favorite_pieces' ? ', p.written' : '';
  return sql<T>(
    `SELECT p.item_id, p.outfit_id, p.source, p.quantity${written},
            coalesce(p.created_at = s.created_at, false) AS at_like
       FROM ${from} p
       LEFT JOIN swipes s ON s.user_id = p.user_id AND s.outfit_id = p.outfit_id
      WHERE p.user_id = $1
      ORDER BY p.outfit_id NULLS LAST, p.item_id`,
    [userId],
  );
}

/** The shopper's rows of item_favorites. */
const rowsOf = (userId: number) => piecesIn<StoredPiece>('item_favorites', userId);

/** The shopper's favourite pieces as favorite_pieces has them. */
const viewOf = (userId: number) =>
  piecesIn<StoredPiece & { written: boolean }>('favorite_pieces', userId);

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** The five rows a like written out holds: the given items, dated at the like. */
function writtenOut(outfitId: number, itemIds: number[], quantity: Record<number, number> = {}) {
  return sorted(itemIds).map((itemId) => ({
    item_id: itemId,
    outfit_id: outfitId,
    source: 'outfit',
    quantity: quantity[itemId] ?? 1,
    at_like: true,
  }));
}

/** The five pieces of a like that follow from it, as favorite_pieces has them. */
function followingFrom(outfitId: number, itemIds: number[]) {
  return sorted(itemIds).map((itemId) => ({
    item_id: itemId,
    outfit_id: outfitId,
    source: 'outfit',
    quantity: 1,
    written: false,
    at_like: true,
  }));
}

/** The shopper's one like, of this outfit, is its swipe alone, its pieces following from it. */
async function expectOnlyFollowing(s: Shopper, outfitId: number, pieces: Piece[]) {
  expect(await swipesOf(s.user.id)).toEqual([
    { outfit_id: outfitId, direction: 'like', pieces_written: false },
  ]);
  expect(await rowsOf(s.user.id)).toEqual([]);
  expect(await viewOf(s.user.id)).toEqual(
    followingFrom(
      outfitId,
      pieces.map((p) => p.itemId),
    ),
  );
}

// ---- catalogue choices ----

interface Variant {
  outfitId: number;
  slot: Slot;
  itemId: number;
  siblingId: number;
  siblingColor: string;
  siblingSize: string;
}

/** Per outfit, its first piece with another variant: same size in another colour, or vice versa. */
async function variantsOfOutfits(by: 'color' | 'size'): Promise<Variant[]> {
  const sibling =
    by === 'color'
      ? 's.size = i.size AND s.color <> i.color'
      : 's.color = i.color AND s.size <> i.size';
  return sql<Variant>(
    `SELECT DISTINCT ON (oi.outfit_id) oi.outfit_id AS "outfitId", oi.slot, oi.item_id AS "itemId",
            s.id AS "siblingId", s.color AS "siblingColor", s.size AS "siblingSize"
       FROM outfit_items oi
       JOIN items i ON i.id = oi.item_id
       JOIN LATERAL (
         SELECT s.id, s.color, s.size FROM items s
          WHERE s.product_id = i.product_id AND ${sibling}
          ORDER BY s.id LIMIT 1
       ) s ON true
      ORDER BY oi.outfit_id, oi.slot`,
  );
}

let colorChoices: Variant[];
let sizeChoices: Variant[];
const used = new Set<number>();

beforeAll(async () => {
  colorChoices = await variantsOfOutfits('color');
  sizeChoices = await variantsOfOutfits('size');
});

/** An outfit no other test here uses, with a piece that comes in another colour (or size). */
function freshOutfit(by: 'color' | 'size' = 'color'): Variant {
  const choice = (by === 'color' ? colorChoices : sizeChoices).find((c) => !used.has(c.outfitId));
  if (!choice) throw new Error(`no outfit left with a piece in another ${by}`);
  used.add(choice.outfitId);
  return choice;
}

// ---- the API ----

async function like(s: Shopper, outfitId: number) {
  const res = await s.agent.post('/api/outfit/favorite', { outfitId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function nope(s: Shopper, outfitId: number) {
  const res = await s.agent.post('/api/outfit/reject', { outfitId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** POST /api/outfit/search/unfavorite, answered 200. */
async function unfavorite(s: Shopper, outfitId: number) {
  const res = await s.agent.post('/api/outfit/search/unfavorite', { outfitId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function expectNoFavorites(s: Shopper) {
  expect(await swipesOf(s.user.id)).toEqual([]);
  expect(await viewOf(s.user.id)).toEqual([]);
}

async function favoriteOutfits(s: Shopper): Promise<FavoriteOutfit[]> {
  const res = await s.agent.get('/api/favorites/outfits');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

async function favoriteOutfit(s: Shopper, outfitId: number): Promise<FavoriteOutfit> {
  const outfit = (await favoriteOutfits(s)).find((o) => o.id === outfitId);
  expect(outfit, `outfit ${outfitId} among the favourites`).toBeDefined();
  return outfit!;
}

/** The outfit's slots as the favourites page shows them: which item, and its favourite. */
function slotsOf(outfit: FavoriteOutfit) {
  return outfit.items.map((i) => ({ slot: i.slot, id: i.id, favorite: i.favorite }));
}

async function categoryCounts(s: Shopper): Promise<Record<number, number>> {
  const res = await s.agent.get('/api/favorites/categories');
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries((res.json() as CategoryCount[]).map((c) => [c.id, c.count]));
}

async function inCategory(s: Shopper, categoryId: number): Promise<FavoriteItem[]> {
  const res = await s.agent.get(`/api/favorites/items/${categoryId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

/** Every category listing of the shopper, for "nothing else changed" checks. */
async function allListings(s: Shopper): Promise<Record<number, FavoriteItem[]>> {
  const ids = [6, 1, 7, 2, 3];
  const lists = await Promise.all(ids.map((id) => inCategory(s, id)));
  return Object.fromEntries(ids.map((id, i) => [id, lists[i]!]));
}

/** Per category, the count that the given pieces (one each) would make. */
function countsFor(pieces: Piece[]): Record<number, number> {
  const counts: Record<number, number> = { 1: 0, 2: 0, 3: 0, 6: 0, 7: 0 };
  for (const p of pieces) counts[p.categoryId] = (counts[p.categoryId] ?? 0) + 1;
  return counts;
}

async function increase(s: Shopper, itemId: number, outfitId: number, qty: number) {
  return s.agent.post('/api/favorites/items/increase', { itemId, outfitId, qty });
}

async function changeColor(s: Shopper, itemId: number, outfitId: number, newColor: string) {
  return s.agent.put('/api/item/changecolor', { itemId, outfitId, newColor });
}

/**
 * A like of a fresh outfit whose pieces the shopper wrote out: one piece's quantity raised by
 * `more`, another moved to another colour.
 */
async function likeWrittenOut(s: Shopper, more: number) {
  const choice = freshOutfit('color');
  const { outfitId } = choice;
  const pieces = await piecesOf(outfitId);
  const other = pieces.find((p) => p.slot !== choice.slot)!;
  await like(s, outfitId);
  expect((await increase(s, other.itemId, outfitId, more)).statusCode).toBe(200);
  expect((await changeColor(s, choice.itemId, outfitId, choice.siblingColor)).statusCode).toBe(200);
  return { outfitId, pieces };
}

/**
 * The liked outfit's card shows all five pieces as favourites, the counts have them, and `piece`'s
 * category lists it once, with that source.
 */
async function expectAllFiveListed(
  s: Shopper,
  outfitId: number,
  pieces: Piece[],
  piece: Piece,
  source: 'heart' | 'outfit',
) {
  expect(slotsOf(await favoriteOutfit(s, outfitId))).toEqual(
    pieces.map((p) => ({
      slot: p.slot,
      id: p.itemId,
      favorite: { quantity: 1, sizeChosen: false },
    })),
  );
  expect(await categoryCounts(s)).toEqual(countsFor(pieces));
  const listed = await inCategory(s, piece.categoryId);
  expect(listed).toHaveLength(1);
  expect(listed[0]).toMatchObject({ id: piece.itemId, outfitId, source });
}

async function unheart(s: Shopper, itemId: number, outfitId: number) {
  return s.agent.delete(`/api/item/unfavorite/${itemId}/${outfitId}`);
}

// ---- the tests ----

describe('POST /api/outfit/favorite', () => {
  it('stores the like alone, yet its five pieces are favourites everywhere', async () => {
    const s = await signUp(t.app);
    const { outfitId } = freshOutfit();
    const pieces = await piecesOf(outfitId);

    expect(await like(s, outfitId)).toEqual({ outfitId, direction: 'like', changed: true });

    await expectOnlyFollowing(s, outfitId, pieces);

    const [outfit, ...others] = await favoriteOutfits(s);
    expect(others).toEqual([]);
    expect(outfit!.id).toBe(outfitId);
    expect(slotsOf(outfit!)).toEqual(
      pieces.map((p) => ({
        slot: p.slot,
        id: p.itemId,
        favorite: { quantity: 1, sizeChosen: false },
      })),
    );

    expect(await categoryCounts(s)).toEqual(countsFor(pieces));
    for (const p of pieces) {
      const listed = await inCategory(s, p.categoryId);
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({
        id: p.itemId,
        outfitId,
        source: 'outfit',
        quantity: 1,
        favoritedAt: outfit!.favoritedAt,
      });
      const one = await s.agent.get(
        `/api/favorites/specific/favorite/item?itemid=${p.itemId}&outfitid=${outfitId}`,
      );
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json()).toMatchObject({ id: p.itemId, outfitId, quantity: 1 });
    }
  });
});

describe('changing a piece of a liked outfit writes its pieces out', () => {
  it('POST /api/favorites/items/increase: all five become rows, dated at the like', async () => {
    const s = await signUp(t.app);
    const { outfitId } = freshOutfit();
    const pieces = await piecesOf(outfitId);
    const top = pieces.find((p) => p.slot === 'top')!;
    await like(s, outfitId);
    const outfitBefore = await favoriteOutfit(s, outfitId);
    const listingsBefore = await allListings(s);
    const countsBefore = await categoryCounts(s);

    const res = await increase(s, top.itemId, outfitId, 2);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: top.itemId, outfitId, quantity: 3, source: 'outfit' });

    expect(await swipesOf(s.user.id)).toEqual([
      { outfit_id: outfitId, direction: 'like', pieces_written: true },
    ]);
    expect(await rowsOf(s.user.id)).toEqual(
      writtenOut(
        outfitId,
        pieces.map((p) => p.itemId),
        { [top.itemId]: 3 },
      ),
    );
    const view = await viewOf(s.user.id);
    expect(view).toHaveLength(5);
    expect(view.every((p) => p.written)).toBe(true);

    // Nothing else moved: the same outfit, the same listings, only the one quantity differs.
    expect(await favoriteOutfit(s, outfitId)).toEqual({
      ...outfitBefore,
      items: outfitBefore.items.map((i) =>
        i.id === top.itemId ? { ...i, favorite: { quantity: 3, sizeChosen: false } } : i,
      ),
    });
    expect(await allListings(s)).toEqual({
      ...listingsBefore,
      [top.categoryId]: listingsBefore[top.categoryId]!.map((i) => ({ ...i, quantity: 3 })),
    });
    expect(await categoryCounts(s)).toEqual(countsBefore);
  });

  it('DELETE /api/favorites/items/decrease: writes out too, down to a quantity of 0', async () => {
    const s = await signUp(t.app);
    const { outfitId } = freshOutfit();
    const pieces = await piecesOf(outfitId);
    const bottom = pieces.find((p) => p.slot === 'bottom')!;
    await like(s, outfitId);

    const res = await s.agent.delete(
      `/api/favorites/items/decrease/${bottom.itemId}/1?outfitId=${outfitId}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: bottom.itemId, outfitId, quantity: 0 });

    expect((await swipesOf(s.user.id))[0]!.pieces_written).toBe(true);
    expect(await rowsOf(s.user.id)).toEqual(
      writtenOut(
        outfitId,
        pieces.map((p) => p.itemId),
        { [bottom.itemId]: 0 },
      ),
    );
    // Below 0 is refused and changes nothing.
    const again = await s.agent.delete(
      `/api/favorites/items/decrease/${bottom.itemId}/1?outfitId=${outfitId}`,
    );
    expect(again.statusCode).toBe(400);
    expect(await rowsOf(s.user.id)).toEqual(
      writtenOut(
        outfitId,
        pieces.map((p) => p.itemId),
        { [bottom.itemId]: 0 },
      ),
    );
  });

  it('PUT /api/item/changecolor: all five written out, only that piece moves', async () => {
    const s = await signUp(t.app);
    const choice = freshOutfit('color');
    const { outfitId } = choice;
    const pieces = await piecesOf(outfitId);
    const changed = pieces.find((p) => p.slot === choice.slot)!;
    await like(s, outfitId);
    const outfitBefore = await favoriteOutfit(s, outfitId);
    const countsBefore = await categoryCounts(s);

    const res = await changeColor(s, choice.itemId, outfitId, choice.siblingColor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: choice.siblingId,
      color: choice.siblingColor,
      outfitId,
      quantity: 1,
      source: 'outfit',
      favoritedAt: outfitBefore.favoritedAt,
    });

    expect((await swipesOf(s.user.id))[0]!.pieces_written).toBe(true);
    const kept = pieces.map((p) => (p.itemId === choice.itemId ? choice.siblingId : p.itemId));
    expect(await rowsOf(s.user.id)).toEqual(writtenOut(outfitId, kept));

    const after = await favoriteOutfit(s, outfitId);
    expect(slotsOf(after)).toEqual(
      pieces.map((p) => ({
        slot: p.slot,
        id: p.itemId === choice.itemId ? choice.siblingId : p.itemId,
        favorite: { quantity: 1, sizeChosen: false },
      })),
    );
    expect(after.favoritedAt).toBe(outfitBefore.favoritedAt);
    expect(await categoryCounts(s)).toEqual(countsBefore);
    const listed = await inCategory(s, changed.categoryId);
    expect(listed.map((i) => i.id)).toEqual([choice.siblingId]);
    // The outfit itself is as it was.
    expect(await piecesOf(outfitId)).toEqual(pieces);
  });

  it('PUT /api/item/changesize: all five written out, only that piece moves', async () => {
    const s = await signUp(t.app);
    const choice = freshOutfit('size');
    const { outfitId } = choice;
    const pieces = await piecesOf(outfitId);
    await like(s, outfitId);

    const res = await s.agent.put('/api/item/changesize', {
      itemId: choice.itemId,
      outfitId,
      newSize: choice.siblingSize,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: choice.siblingId, size: choice.siblingSize, outfitId });

    expect((await swipesOf(s.user.id))[0]!.pieces_written).toBe(true);
    const kept = pieces.map((p) => (p.itemId === choice.itemId ? choice.siblingId : p.itemId));
    expect(await rowsOf(s.user.id)).toEqual(writtenOut(outfitId, kept));
    expect(slotsOf(await favoriteOutfit(s, outfitId)).map((p) => p.id)).toEqual(kept);
  });
  it('a change naming only the piece (no outfit) finds it and writes out too', async () => {
    const s = await signUp(t.app);
    const choice = freshOutfit('color');
    const { outfitId } = choice;
    const pieces = await piecesOf(outfitId);
    const other = pieces.find((p) => p.slot !== choice.slot)!;
    await like(s, outfitId);

    const more = await s.agent.post('/api/favorites/items/increase', {
      itemId: other.itemId,
      qty: 1,
    });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json()).toMatchObject({ id: other.itemId, outfitId, quantity: 2 });
    const moved = await s.agent.put('/api/item/changecolor', {
      item: choice.itemId,
      newColor: choice.siblingColor,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: choice.siblingId, outfitId, quantity: 1 });

    const kept = pieces.map((p) => (p.itemId === choice.itemId ? choice.siblingId : p.itemId));
    expect(await rowsOf(s.user.id)).toEqual(writtenOut(outfitId, kept, { [other.itemId]: 2 }));
  });
});

describe('DELETE /api/item/unfavorite/:itemId/:outfitId on a liked outfit', () => {
  it('for a piece the like does not have, writes nothing and takes nothing', async () => {
    const s = await signUp(t.app);
    const { outfitId, siblingId } = freshOutfit('color');
    const pieces = await piecesOf(outfitId);
    await like(s, outfitId);

    const res = await unheart(s, siblingId, outfitId);
    expect(res.statusCode, res.body).toBe(200);
    await expectOnlyFollowing(s, outfitId, pieces);
  });

  it('takes out only that piece; the other four stay', async () => {
    const s = await signUp(t.app);
    const { outfitId } = freshOutfit();
    const pieces = await piecesOf(outfitId);
    const accessory = pieces.find((p) => p.slot === 'accessory')!;
    await like(s, outfitId);

    const res = await unheart(s, accessory.itemId, outfitId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ itemId: accessory.itemId, outfitId, favorite: false });

    expect(await swipesOf(s.user.id)).toEqual([
      { outfit_id: outfitId, direction: 'like', pieces_written: true },
    ]);
    const others = pieces.filter((p) => p !== accessory);
    expect(await rowsOf(s.user.id)).toEqual(
      writtenOut(
        outfitId,
        others.map((p) => p.itemId),
      ),
    );
    expect(await viewOf(s.user.id)).toHaveLength(4);

    expect(slotsOf(await favoriteOutfit(s, outfitId))).toEqual(
      pieces.map((p) => ({
        slot: p.slot,
        id: p.itemId,
        favorite: p === accessory ? null : { quantity: 1, sizeChosen: false },
      })),
    );
    expect(await categoryCounts(s)).toEqual(countsFor(others));
    expect(await inCategory(s, accessory.categoryId)).toEqual([]);
  });

  it('then unfavouriting the outfit removes the four that are left', async () => {
    const s = await signUp(t.app);
    const { outfitId } = freshOutfit();
    const pieces = await piecesOf(outfitId);
    await like(s, outfitId);
    await unheart(s, pieces[0]!.itemId, outfitId);

    expect(await unfavorite(s, outfitId)).toEqual({ outfitId, removedItems: 4, changed: true });
    await expectNoFavorites(s);
  });
});

describe('a piece hearted on the card and the like', () => {
  it('keeps its heart, is not duplicated, and stays when the outfit is unfavourited', async () => {
    const s = await signUp(t.app);
    const { outfitId } = freshOutfit();
    const pieces = await piecesOf(outfitId);
    const top = pieces.find((p) => p.slot === 'top')!;

    const hearted = await s.agent.post('/api/item/favorite', { itemId: top.itemId, outfitId });
    expect(hearted.statusCode, hearted.body).toBe(200);
    await like(s, outfitId);

    const heartRow = {
      item_id: top.itemId,
      outfit_id: outfitId,
      source: 'heart',
      quantity: 1,
      at_like: false,
    };
    expect(await rowsOf(s.user.id)).toEqual([heartRow]);
    const view = await viewOf(s.user.id);
    expect(sorted(view.map((p) => p.item_id))).toEqual(sorted(pieces.map((p) => p.itemId)));
    expect(view.find((p) => p.item_id === top.itemId)).toMatchObject({
      source: 'heart',
      written: true,
    });
    expect(view.filter((p) => p.source === 'outfit' && !p.written)).toHaveLength(4);

    await expectAllFiveListed(s, outfitId, pieces, top, 'heart');

    expect(await unfavorite(s, outfitId)).toEqual({ outfitId, removedItems: 4, changed: true });
    expect(await swipesOf(s.user.id)).toEqual([]);
    expect(await rowsOf(s.user.id)).toEqual([heartRow]);
    expect(await viewOf(s.user.id)).toEqual([
      {
        item_id: top.itemId,
        outfit_id: outfitId,
        source: 'heart',
        quantity: 1,
        written: true,
        at_like: false,
      },
    ]);
    expect(await favoriteOutfits(s)).toEqual([]);
  });

  it('a change to another piece writes out the other four and leaves the heart as it is', async () => {
    const s = await signUp(t.app);
    const { outfitId } = freshOutfit();
    const pieces = await piecesOf(outfitId);
    const top = pieces.find((p) => p.slot === 'top')!;
    const bottom = pieces.find((p) => p.slot === 'bottom')!;
    await s.agent.post('/api/item/favorite', { itemId: top.itemId, outfitId });
    await like(s, outfitId);

    expect((await increase(s, bottom.itemId, outfitId, 1)).statusCode).toBe(200);

    const rows = await rowsOf(s.user.id);
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.item_id === top.itemId)).toMatchObject({
      source: 'heart',
      quantity: 1,
    });
    expect(rows.filter((r) => r.source === 'outfit')).toEqual(
      writtenOut(
        outfitId,
        pieces.filter((p) => p !== top).map((p) => p.itemId),
        { [bottom.itemId]: 2 },
      ),
    );
    expect(await viewOf(s.user.id)).toHaveLength(5);
  });

  it('a heart after the like makes that piece the shopper’s own, still dated at the like', async () => {
    const s = await signUp(t.app);
    const { outfitId } = freshOutfit();
    const pieces = await piecesOf(outfitId);
    const top = pieces.find((p) => p.slot === 'top')!;
    await like(s, outfitId);

    const hearted = await s.agent.post('/api/item/favorite', { itemId: top.itemId, outfitId });
    expect(hearted.statusCode, hearted.body).toBe(200);

    const rows = await rowsOf(s.user.id);
    expect(rows.find((r) => r.item_id === top.itemId)).toEqual({
      item_id: top.itemId,
      outfit_id: outfitId,
      source: 'heart',
      quantity: 1,
      at_like: true,
    });
    expect(await viewOf(s.user.id)).toHaveLength(5);
    const res = await s.agent.post('/api/outfit/search/unfavorite', { outfitId });
    expect(res.json()).toEqual({ outfitId, removedItems: 4, changed: true });
    expect((await viewOf(s.user.id)).map((p) => p.item_id)).toEqual([top.itemId]);
  });

  it.each(['before', 'after'] as const)(
    'hearted %s the like, then un-hearted on the card, the piece stays the like’s',
    async (when) => {
      const s = await signUp(t.app);
      const { outfitId } = freshOutfit();
      const pieces = await piecesOf(outfitId);
      const top = pieces.find((p) => p.slot === 'top')!;
      const heart = async () => {
        const res = await s.agent.post('/api/item/favorite', { itemId: top.itemId, outfitId });
        expect(res.statusCode, res.body).toBe(200);
      };
      if (when === 'before') await heart();
      await like(s, outfitId);
      if (when === 'after') await heart();

      const res = await unheart(s, top.itemId, outfitId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ itemId: top.itemId, outfitId, favorite: false });

      // The heart is gone; the like still has its five, the top among them as the like's piece.
      const view = await viewOf(s.user.id);
      expect(view.filter((p) => p.source === 'heart')).toEqual([]);
      expect(sorted(view.map((p) => p.item_id))).toEqual(sorted(pieces.map((p) => p.itemId)));
      await expectAllFiveListed(s, outfitId, pieces, top, 'outfit');

      // Unfavouriting the outfit then takes all five: none was the shopper's own any more.
      expect(await unfavorite(s, outfitId)).toEqual({ outfitId, removedItems: 5, changed: true });
      await expectNoFavorites(s);
    },
  );

  it.each([false, true])(
    'a heart given on its own, un-hearted on the card of a like (pieces written out: %s), goes; the like keeps the piece',
    async (written) => {
      const s = await signUp(t.app);
      const { outfitId } = freshOutfit();
      const pieces = await piecesOf(outfitId);
      const [top, bottom] = (['top', 'bottom'] as const).map((slot) =>
        pieces.find((p) => p.slot === slot),
      ) as [Piece, Piece];
      await like(s, outfitId);
      if (written) expect((await increase(s, bottom.itemId, outfitId, 1)).statusCode).toBe(200);
      const hearted = await s.agent.post('/api/item/search/favorite', { itemId: top.itemId });
      expect(hearted.statusCode, hearted.body).toBe(201);
      expect(await swipesOf(s.user.id)).toEqual([
        { outfit_id: outfitId, direction: 'like', pieces_written: written },
      ]);

      const res = await unheart(s, top.itemId, outfitId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ itemId: top.itemId, outfitId, favorite: false });

      // The heart given on its own is gone; the like still has its five, the top among them.
      const view = await viewOf(s.user.id);
      expect(view.filter((p) => p.source === 'heart' || p.outfit_id !== outfitId)).toEqual([]);
      expect(sorted(view.map((p) => p.item_id))).toEqual(sorted(pieces.map((p) => p.itemId)));
      expect(await categoryCounts(s)).toEqual(countsFor(pieces));
      const listed = await inCategory(s, top.categoryId);
      expect(listed.map(({ id, outfitId, source }) => ({ id, outfitId, source }))).toEqual([
        { id: top.itemId, outfitId, source: 'outfit' },
      ]);
    },
  );

  it.each(['before', 'after'] as const)(
    'changing the colour of a piece hearted %s the like moves it, and the outfit still has five',
    async (when) => {
      const s = await signUp(t.app);
      const choice = freshOutfit('color');
      const { outfitId } = choice;
      const pieces = await piecesOf(outfitId);
      const heart = () => s.agent.post('/api/item/favorite', { itemId: choice.itemId, outfitId });
      if (when === 'before') await heart();
      await like(s, outfitId);
      if (when === 'after') await heart();

      const res = await changeColor(s, choice.itemId, outfitId, choice.siblingColor);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: choice.siblingId, outfitId, source: 'heart' });

      // The hearted piece is now the other colour; the outfit's own piece must not come back
      // beside it as a piece that follows from the like.
      const kept = pieces.map((p) => (p.itemId === choice.itemId ? choice.siblingId : p.itemId));
      const view = await viewOf(s.user.id);
      expect.soft(sorted(view.map((p) => p.item_id))).toEqual(sorted(kept));
      expect.soft(slotsOf(await favoriteOutfit(s, outfitId))).toEqual(
        pieces.map((p, i) => ({
          slot: p.slot,
          id: kept[i],
          favorite: { quantity: 1, sizeChosen: false },
        })),
      );
      expect.soft(await categoryCounts(s)).toEqual(countsFor(pieces));
      expect.soft(await unfavorite(s, outfitId)).toEqual({
        outfitId,
        removedItems: 4,
        changed: true,
      });
    },
  );
});

describe("GET /api/favorites/search/item and a like's pieces", () => {
  /** The pieces a search of favourite pieces finds, as [item, outfit]. */
  async function found(s: Shopper, q: string) {
    const res = await s.agent.get(`/api/favorites/search/item?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as FavoriteItem[]).map((item) => [item.id, item.outfitId]);
  }

  it('finds a piece by the words of its item as they are now, after its product is renamed', async () => {
    const s = await signUp(t.app);
    const hearted = await signUp(t.app);
    const { outfitId } = freshOutfit();
    const top = (await piecesOf(outfitId)).find((p) => p.slot === 'top')!;
    await like(s, outfitId);
    // A heart carries its item's words too (0072).
    const heart = await hearted.agent.post('/api/item/search/favorite', { itemId: top.itemId });
    expect(heart.statusCode, heart.body).toBe(201);
    const [product] = await sql<{ id: number; name: string }>(
      'SELECT p.id, p.name FROM products p JOIN items i ON i.product_id = p.id WHERE i.id = $1',
      [top.itemId],
    );
    const rename = (name: string) =>
      sql('UPDATE products SET name = $2 WHERE id = $1', [product!.id, name]);
    expect(await found(s, 'zqvxrenamed')).toEqual([]);
    expect(await found(hearted, 'zqvxrenamed')).toEqual([]);

    // A catalogue edit: the product's items take its name (0050), the pieces and hearts their words.
    await rename('Zqvxrenamed Shirt');
    try {
      expect(await found(s, 'zqvxrenamed')).toEqual([[top.itemId, outfitId]]);
      expect(await found(hearted, 'zqvxrenamed')).toEqual([[top.itemId, null]]);
    } finally {
      await rename(product!.name);
    }
    expect(await found(s, 'zqvxrenamed')).toEqual([]);
    expect(await found(hearted, 'zqvxrenamed')).toEqual([]);
  });
});

describe('like, change, nope, like again', () => {
  it('brings back the outfit’s own five at quantity 1 and leaves no rows behind', async () => {
    const s = await signUp(t.app);
    const { outfitId, pieces } = await likeWrittenOut(s, 3);
    expect(await rowsOf(s.user.id)).toHaveLength(5);

    expect(await nope(s, outfitId)).toEqual({ outfitId, direction: 'nope', changed: true });
    expect(await swipesOf(s.user.id)).toEqual([
      { outfit_id: outfitId, direction: 'nope', pieces_written: false },
    ]);
    expect(await rowsOf(s.user.id)).toEqual([]);
    expect(await viewOf(s.user.id)).toEqual([]);
    expect(await favoriteOutfits(s)).toEqual([]);
    expect(Object.values(await categoryCounts(s))).toEqual([0, 0, 0, 0, 0]);

    expect(await like(s, outfitId)).toEqual({ outfitId, direction: 'like', changed: true });
    await expectOnlyFollowing(s, outfitId, pieces);
    expect(slotsOf(await favoriteOutfit(s, outfitId))).toEqual(
      pieces.map((p) => ({
        slot: p.slot,
        id: p.itemId,
        favorite: { quantity: 1, sizeChosen: false },
      })),
    );
  });

  it('a second like of a liked outfit changes nothing', async () => {
    const s = await signUp(t.app);
    const { outfitId } = freshOutfit();
    const pieces = await piecesOf(outfitId);
    const top = pieces.find((p) => p.slot === 'top')!;
    await like(s, outfitId);
    await increase(s, top.itemId, outfitId, 1);
    const before = await rowsOf(s.user.id);

    expect(await like(s, outfitId)).toEqual({ outfitId, direction: 'like', changed: false });
    expect(await swipesOf(s.user.id)).toEqual([
      { outfit_id: outfitId, direction: 'like', pieces_written: true },
    ]);
    expect(await rowsOf(s.user.id)).toEqual(before);
    expect(await viewOf(s.user.id)).toHaveLength(5);
  });
});

describe('PUT /api/design/outfit/edit/:id and the likes of the outfit', () => {
  /** In-stock items per slot, from the seeded catalogue, for outfits of our own. */
  const pool = {} as Record<Slot, number[]>;
  let names = 0;

  beforeAll(async () => {
    for (const slot of SLOTS) {
      const rows = await sql<{ id: number }>(
        'SELECT id FROM items WHERE category_id = $1 AND stock > 0 ORDER BY id LIMIT 3',
        [CATEGORY_ID_BY_SLOT[slot]],
      );
      pool[slot] = rows.map((r) => r.id);
    }
  });

  function bySlot(pick: Partial<Record<Slot, number>> = {}): Record<Slot, number> {
    return Object.fromEntries(SLOTS.map((slot) => [slot, pool[slot][pick[slot] ?? 0]!])) as Record<
      Slot,
      number
    >;
  }

  async function createOutfit(): Promise<{ id: number; name: string }> {
    names += 1;
    const res = await admin.post('/api/design/outfit/create', {
      name: `Liked look ${process.pid}-${names}`,
      description: 'For the liked pieces tests.',
      occasion: 3,
      item_ids: bySlot(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  async function edit(id: number, body: { name: string; item_ids: Record<Slot, number> }) {
    const res = await admin.put(`/api/design/outfit/edit/${id}`, {
      description: 'For the liked pieces tests.',
      occasion: 3,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it("each piece carries its item's words after an edit replaces it", async () => {
    const outfit = await createOutfit();
    // A top whose words differ from the one it replaces (another size of it would not).
    const [top] = await sql<{ id: number }>(
      `SELECT id FROM items WHERE category_id = $1 AND stock > 0
          AND search_text <> (SELECT search_text FROM items WHERE id = $2)
        ORDER BY id LIMIT 1`,
      [CATEGORY_ID_BY_SLOT.top, bySlot().top],
    );
    const itemIds = { ...bySlot(), top: top!.id };
    await edit(outfit.id, { name: outfit.name, item_ids: itemIds });

    const pieces = await sql<{ itemId: number; carried: string; words: string }>(
      `SELECT oi.item_id AS "itemId", oi.words AS carried, i.search_text AS words
         FROM outfit_items oi JOIN items i ON i.id = oi.item_id
        WHERE oi.outfit_id = $1 ORDER BY oi.slot`,
      [outfit.id],
    );
    expect(pieces.map((p) => p.itemId).sort()).toEqual(Object.values(itemIds).sort());
    for (const piece of pieces) expect(piece.carried).toBe(piece.words);
  });

  it('a shopper who liked before keeps the old pieces; one who likes afterwards gets the new', async () => {
    const outfit = await createOutfit();
    const before = await piecesOf(outfit.id);
    const early = await signUp(t.app);
    const written = await signUp(t.app);
    const noped = await signUp(t.app);
    await like(early, outfit.id);
    await like(written, outfit.id);
    await increase(written, bySlot().bottom, outfit.id, 1);
    await nope(noped, outfit.id);
    const writtenRows = await rowsOf(written.user.id);

    await edit(outfit.id, { name: outfit.name, item_ids: bySlot({ top: 1 }) });
    const after = await piecesOf(outfit.id);
    expect(after.map((p) => p.itemId)).toEqual(
      before.map((p) => (p.slot === 'top' ? pool.top[1] : p.itemId)),
    );

    // The early like has its pieces written out as they were when liked.
    expect(await swipesOf(early.user.id)).toEqual([
      { outfit_id: outfit.id, direction: 'like', pieces_written: true },
    ]);
    expect(await rowsOf(early.user.id)).toEqual(
      writtenOut(
        outfit.id,
        before.map((p) => p.itemId),
      ),
    );
    expect(slotsOf(await favoriteOutfit(early, outfit.id))).toEqual(
      before.map((p) => ({
        slot: p.slot,
        id: p.itemId,
        favorite: { quantity: 1, sizeChosen: false },
      })),
    );
    expect(await categoryCounts(early)).toEqual(countsFor(before));

    // A like already written out is left as it was; a nope gets nothing.
    expect(await rowsOf(written.user.id)).toEqual(writtenRows);
    expect(await rowsOf(noped.user.id)).toEqual([]);
    expect(await swipesOf(noped.user.id)).toEqual([
      { outfit_id: outfit.id, direction: 'nope', pieces_written: false },
    ]);

    const late = await signUp(t.app);
    await like(late, outfit.id);
    expect(await swipesOf(late.user.id)).toEqual([
      { outfit_id: outfit.id, direction: 'like', pieces_written: false },
    ]);
    expect(await rowsOf(late.user.id)).toEqual([]);
    expect(slotsOf(await favoriteOutfit(late, outfit.id))).toEqual(
      after.map((p) => ({
        slot: p.slot,
        id: p.itemId,
        favorite: { quantity: 1, sizeChosen: false },
      })),
    );
    const tops = await inCategory(late, CATEGORY_ID_BY_SLOT.top);
    expect(tops.map((i) => i.id)).toEqual([pool.top[1]]);

    // The early shopper, liking afresh, gets the outfit's new pieces.
    await nope(early, outfit.id);
    await like(early, outfit.id);
    expect(await rowsOf(early.user.id)).toEqual([]);
    expect(slotsOf(await favoriteOutfit(early, outfit.id)).map((p) => p.id)).toEqual(
      after.map((p) => p.itemId),
    );
  });

  it('a redesign that only renames writes nothing out', async () => {
    const outfit = await createOutfit();
    const s = await signUp(t.app);
    await like(s, outfit.id);

    const renamed = await edit(outfit.id, {
      name: `${outfit.name} renamed`,
      item_ids: bySlot(),
    });
    expect(renamed.name).toBe(`${outfit.name} renamed`);

    expect(await swipesOf(s.user.id)).toEqual([
      { outfit_id: outfit.id, direction: 'like', pieces_written: false },
    ]);
    expect(await rowsOf(s.user.id)).toEqual([]);
    const shown = await favoriteOutfit(s, outfit.id);
    expect(shown.name).toBe(`${outfit.name} renamed`);
    expect(shown.items.map((i) => i.favorite?.quantity)).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('one shopper’s likes and changes', () => {
  it('never show in or alter another shopper’s favourites', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const choice = freshOutfit('color');
    const { outfitId } = choice;
    const pieces = await piecesOf(outfitId);
    const { outfitId: bobsOwn } = freshOutfit();
    const others = pieces.filter((p) => p.slot !== choice.slot);

    await like(alice, outfitId);
    const aliceOutfits = await favoriteOutfits(alice);
    const aliceListings = await allListings(alice);
    const aliceCounts = await categoryCounts(alice);

    await like(bob, outfitId);
    await like(bob, bobsOwn);
    expect((await increase(bob, others[0]!.itemId, outfitId, 4)).statusCode).toBe(200);
    expect((await changeColor(bob, choice.itemId, outfitId, choice.siblingColor)).statusCode).toBe(
      200,
    );
    expect((await unheart(bob, others[1]!.itemId, outfitId)).statusCode).toBe(200);
    expect(
      (await bob.agent.post('/api/item/favorite', { itemId: others[2]!.itemId, outfitId }))
        .statusCode,
    ).toBe(200);
    expect(await rowsOf(bob.user.id)).toHaveLength(4);

    expect(await swipesOf(alice.user.id)).toEqual([
      { outfit_id: outfitId, direction: 'like', pieces_written: false },
    ]);
    expect(await rowsOf(alice.user.id)).toEqual([]);
    expect(await favoriteOutfits(alice)).toEqual(aliceOutfits);
    expect(await allListings(alice)).toEqual(aliceListings);
    expect(await categoryCounts(alice)).toEqual(aliceCounts);

    // Bob's nope and unfavourite take nothing of Alice's either.
    await nope(bob, outfitId);
    await bob.agent.post('/api/outfit/search/unfavorite', { outfitId: bobsOwn });
    expect(await favoriteOutfits(alice)).toEqual(aliceOutfits);
    expect(await viewOf(alice.user.id)).toHaveLength(5);

    // And Alice's changes leave Bob's heart as it is.
    expect((await increase(alice, others[0]!.itemId, outfitId, 1)).statusCode).toBe(200);
    expect(await rowsOf(bob.user.id)).toEqual([
      {
        item_id: others[2]!.itemId,
        outfit_id: outfitId,
        source: 'heart',
        quantity: 1,
        at_like: false,
      },
    ]);
    expect(await favoriteOutfits(bob)).toEqual([]);
  });
});

describe('POST /api/outfit/undo of a like', () => {
  it('whose pieces were written out leaves no rows behind', async () => {
    const s = await signUp(t.app);
    const { outfitId } = await likeWrittenOut(s, 2);
    expect(await rowsOf(s.user.id)).toHaveLength(5);

    const res = await s.agent.post('/api/outfit/undo');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ direction: 'like', outfit: { id: outfitId } });

    expect(await swipesOf(s.user.id)).toEqual([]);
    expect(await rowsOf(s.user.id)).toEqual([]);
    expect(await viewOf(s.user.id)).toEqual([]);
    expect(await favoriteOutfits(s)).toEqual([]);
  });

  it('whose pieces followed from it leaves nothing either', async () => {
    const s = await signUp(t.app);
    const { outfitId } = freshOutfit();
    await like(s, outfitId);

    const res = await s.agent.post('/api/outfit/undo');
    expect(res.statusCode, res.body).toBe(200);
    await expectNoFavorites(s);
  });
});

describe('POST /api/outfit/search/unfavorite of a like', () => {
  it('counts the five pieces that only followed from it', async () => {
    const s = await signUp(t.app);
    const { outfitId } = freshOutfit();
    await like(s, outfitId);

    expect(await unfavorite(s, outfitId)).toEqual({ outfitId, removedItems: 5, changed: true });
    await expectNoFavorites(s);

    const again = await s.agent.post('/api/outfit/search/unfavorite', { outfitId });
    expect(again.json()).toEqual({ outfitId, removedItems: 0, changed: false });
  });

  it('counts the five written out, whatever their variant', async () => {
    const s = await signUp(t.app);
    const choice = freshOutfit('color');
    const { outfitId } = choice;
    await like(s, outfitId);
    await changeColor(s, choice.itemId, outfitId, choice.siblingColor);

    const res = await s.agent.post('/api/outfit/search/unfavorite', { outfitId });
    expect(res.json()).toEqual({ outfitId, removedItems: 5, changed: true });
    expect(await rowsOf(s.user.id)).toEqual([]);
  });
});

describe('GET /api/favorites/categories over a mixed history', () => {
  it('counts what favorite_pieces holds, category by category', async () => {
    const s = await signUp(t.app);
    // A like left as it is; one hearted on the card first; one written out; a plain heart.
    const plain = freshOutfit();
    await like(s, plain.outfitId);
    const carded = freshOutfit();
    const cardedTop = (await piecesOf(carded.outfitId)).find((p) => p.slot === 'top')!;
    const heart = await s.agent.post('/api/item/favorite', {
      itemId: cardedTop.itemId,
      outfitId: carded.outfitId,
    });
    expect(heart.statusCode, heart.body).toBe(200);
    await like(s, carded.outfitId);
    await likeWrittenOut(s, 2);
    // Written out, turned down, then liked again: its pieces follow from the like once more.
    const again = await likeWrittenOut(s, 1);
    await nope(s, again.outfitId);
    await like(s, again.outfitId);
    const elsewhere = freshOutfit();
    const looseShoes = (await piecesOf(elsewhere.outfitId)).find((p) => p.slot === 'footwear')!;
    const loose = await s.agent.post('/api/item/search/favorite', { itemId: looseShoes.itemId });
    expect(loose.statusCode, loose.body).toBe(201);

    const fromView = await sql<{ category_id: number; n: number }>(
      `SELECT i.category_id, count(*)::int AS n FROM favorite_pieces f
         JOIN items i ON i.id = f.item_id WHERE f.user_id = $1 GROUP BY i.category_id`,
      [s.user.id],
    );
    const expected: Record<number, number> = { 1: 0, 2: 0, 3: 0, 6: 0, 7: 0 };
    for (const row of fromView) expected[row.category_id] = row.n;
    expect(expected[CATEGORY_ID_BY_SLOT.top]).toBe(4);
    expect(expected[CATEGORY_ID_BY_SLOT.footwear]).toBe(5);
    expect(await categoryCounts(s)).toEqual(expected);
  });
});

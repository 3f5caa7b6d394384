import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedOutfit, FeedPage } from '../../../contracts/feed';
import { type Agent, createTestApp, signUp, type TestApp } from '../../test/test-app';
import { POPULAR, reasonText } from './reasons';

// Why each card is in a shopper's feed, read through the API after a history built to provoke
// each kind of reason: the text must name what that history holds.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The test shop was made a moment ago: every outfit would be "New this week". Most are
  // older here, and one occasion's outfit is new.
  await query(`UPDATE outfits SET created_at = now() - interval '30 days'`);
});
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof signUp>>;

const query = <T extends Record<string, unknown>>(text: string, params?: unknown[]) =>
  t.db.database.sql.query<T>(text, params);

async function feed(agent: Agent, params = ''): Promise<FeedPage> {
  const res = await agent.get(`/api/outfit/home${params}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function swipe(s: Shopper, outfitId: number, way: 'favorite' | 'reject') {
  const res = await s.agent.post(`/api/outfit/${way}`, { outfitId });
  expect(res.statusCode, res.body).toBe(200);
}

/** The ids of the outfits of an occasion, by its name. */
async function outfitsOf(occasion: string): Promise<number[]> {
  const rows = await query<{ id: number }>(
    `SELECT o.id FROM outfits o JOIN occasions c ON c.id = o.occasion_id
      WHERE c.name = $1 ORDER BY o.id`,
    [occasion],
  );
  return rows.map((r) => r.id);
}

/** Waits for the queue written behind a page ranked on the spot. */
async function queued(userId: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = await query<{ n: number }>(
      'SELECT count(*)::int AS n FROM feed_queue WHERE user_id = $1',
      [userId],
    );
    if (row!.n > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('queue not written');
}

/** The first page, ranked on the spot, then the next one read from the queue written behind it. */
async function twoPages(s: Shopper): Promise<FeedOutfit[]> {
  const first = await feed(s.agent);
  await queued(s.user.id);
  const exclude = first.outfits.map((o) => o.id).join(',');
  const next = await feed(s.agent, `?exclude=${exclude}`);
  return [...first.outfits, ...next.outfits];
}

/** Every card the feed still offers, ranked on the spot with one seed, page by page. */
async function everyCard(agent: Agent, seed: number): Promise<FeedOutfit[]> {
  const seen: FeedOutfit[] = [];
  for (let guard = 0; guard < 10; guard++) {
    const exclude = seen.map((o) => o.id).join(',');
    const page = await feed(agent, `?seed=${seed}&limit=30${exclude ? `&exclude=${exclude}` : ''}`);
    seen.push(...page.outfits);
    if (!page.hasMore) return seen;
  }
  throw new Error('feed did not end');
}

const kinds = (cards: readonly FeedOutfit[]) => new Set(cards.map((c) => c.reason.kind));

describe('why this outfit', () => {
  it('names the occasion a shopper liked, and how many of its looks they liked', async () => {
    const s = await signUp(t.app);
    const dateNight = await outfitsOf('Date Night');
    const [work] = await outfitsOf('Work');
    for (const id of dateNight.slice(0, 3)) await swipe(s, id, 'favorite');
    await swipe(s, work!, 'reject');
    const cards = await twoPages(s);
    const byOccasion = cards.filter((c) => c.reason.kind === 'occasion');
    expect(byOccasion.length).toBeGreaterThan(0);
    for (const card of byOccasion) {
      expect(card.occasion).toBe('Date Night');
      expect(card.reason.text).toBe('You liked 3 Date Night looks');
    }
    // The same ranking on the spot says the same.
    const seeded = await feed(s.agent, '?seed=7&limit=20');
    for (const card of seeded.outfits.filter((c) => c.reason.kind === 'occasion')) {
      expect(card.reason.text).toBe('You liked 3 Date Night looks');
    }
  });

  it('names the piece a shopper hearted, on the cards it placed', async () => {
    const s = await signUp(t.app);
    const [outfitId] = await outfitsOf('Brunch');
    const [piece] = await query<{ item_id: number; product_id: number; name: string }>(
      `SELECT oi.item_id, i.product_id, i.name FROM outfit_items oi JOIN items i ON i.id = oi.item_id
        WHERE oi.outfit_id = $1 AND oi.slot = 'footwear'`,
      [outfitId],
    );
    const res = await s.agent.post('/api/item/favorite', { itemId: piece!.item_id, outfitId });
    expect(res.statusCode, res.body).toBe(200);
    const cards = await everyCard(s.agent, 3);
    const byHeart = cards.filter((c) => c.reason.kind === 'hearted-piece');
    expect(byHeart.length).toBeGreaterThan(0);
    for (const card of byHeart) {
      const named = card.items.find((i) =>
        [`${i.color} ${i.name}, `, `${i.name}, `].some((start) =>
          card.reason.text.startsWith(start),
        ),
      );
      expect(named, card.reason.text).toBeDefined();
      expect(named!.productId).toBe(piece!.product_id);
      expect(card.reason.text).toMatch(/, like the one you hearted$/);
    }
    // No likes: nothing claims an occasion they liked.
    expect(kinds(cards).has('occasion')).toBe(false);
  });

  it('gives a brand-new shopper only what is true of the outfits, never a taste', async () => {
    const [fresh] = await outfitsOf('Casual');
    await query(`UPDATE outfits SET created_at = now() - interval '2 days' WHERE id = $1`, [fresh]);
    // An Airport outfit liked by enough shoppers, and rejected by none.
    const [liked] = await outfitsOf('Airport');
    for (let i = 0; i < POPULAR.likes; i++) await swipe(await signUp(t.app), liked!, 'favorite');

    const s = await signUp(t.app);
    const all = await everyCard(s.agent, 5);
    // Two pages of the ranking new shoppers share, as the app asks for them.
    const first = await feed(s.agent);
    const next = await feed(s.agent, `?exclude=${first.outfits.map((o) => o.id).join(',')}`);
    const cards = [...first.outfits, ...next.outfits, ...all];
    for (const kind of kinds(cards)) expect(['new', 'popular', 'start']).toContain(kind);
    for (const card of cards) {
      if (card.reason.kind === 'new') {
        expect(card.id).toBe(fresh);
        expect(card.reason.text).toBe('New this week');
      } else if (card.reason.kind === 'popular') {
        expect(card.id).toBe(liked);
        expect(card.reason.text).toBe('Popular in Airport');
      } else {
        expect(card.reason.text).toBe(`A ${card.occasion} look to start your feed`);
      }
    }
    const reasonOf = (id: number) => all.find((c) => c.id === id)?.reason.kind;
    expect(reasonOf(fresh!)).toBe('new');
    expect(reasonOf(liked!)).toBe('popular');
  });

  it('says why an outfit came back after an undo', async () => {
    const s = await signUp(t.app);
    const [first] = (await feed(s.agent)).outfits;
    await swipe(s, first!.id, 'reject');
    const res = await s.agent.post('/api/outfit/undo', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outfit.reason).toEqual({ kind: 'undo', text: 'Back from your last swipe' });
  });

  it('keeps the queue after an undone pass, which gives no reason', async () => {
    const s = await signUp(t.app);
    const [first] = (await feed(s.agent)).outfits;
    await swipe(s, first!.id, 'reject');
    await twoPages(s);
    const queue = () =>
      t.db.database.sql.query<{ outfit_id: number; position: number }>(
        'SELECT outfit_id, position FROM feed_queue WHERE user_id = $1 ORDER BY position',
        [s.user.id],
      );
    // The pages may have asked for a ranking behind them: the queue as it stands once written.
    let before = await queue();
    for (let settled = false; !settled; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await queue();
      settled = JSON.stringify(again) === JSON.stringify(before);
      before = again;
    }
    expect(before.length).toBeGreaterThan(0);
    expect((await s.agent.post('/api/outfit/undo', {})).statusCode).toBe(200);
    expect(await queue()).toEqual(before);
  });

  it('gives no undone like as a reason: the queue ranked with it is ranked again', async () => {
    const s = await signUp(t.app);
    const [first] = (await feed(s.agent)).outfits;
    await swipe(s, first!.id, 'favorite');
    const fromLike = (cards: readonly FeedOutfit[]) =>
      cards.filter((c) => c.reason.kind === 'occasion' || c.reason.kind === 'liked-piece');
    // Ranked with the like, and queued.
    expect(fromLike(await twoPages(s)).length).toBeGreaterThan(0);
    const res = await s.agent.post('/api/outfit/undo', {});
    expect(res.statusCode, res.body).toBe(200);
    const after = await feed(s.agent);
    expect(after.outfits.length).toBeGreaterThan(0);
    expect(fromLike(after.outfits).map((c) => c.reason.text)).toEqual([]);
  });
});

describe('reasonText', () => {
  const look = {
    id: 1,
    name: 'Velvet Rope',
    description: '',
    occasionId: 4,
    occasion: 'Date Night',
    items: [
      { id: 7, productId: 3, name: 'Ankle Boots', color: 'Black', slot: 'footwear' },
      { id: 8, productId: 4, name: 'Black Tote', color: 'Black', slot: 'accessory' },
    ],
  } as unknown as Parameters<typeof reasonText>[1];
  const piece = (itemId: number, match: 'item' | 'product' | 'kind' | 'look' | 'color') =>
    reasonText({ kind: 'piece', itemId, match, hearted: false }, look).text;

  it('names the piece, its colour once, and what the shopper did', () => {
    expect(reasonText({ kind: 'piece', itemId: 7, match: 'color', hearted: true }, look)).toEqual({
      kind: 'hearted-piece',
      text: 'Black Ankle Boots, like the one you hearted',
    });
    expect(piece(8, 'item')).toBe('Black Tote, from a look you liked');
    expect(piece(7, 'product')).toBe('Ankle Boots, as in a look you liked');
    expect(piece(7, 'look')).toBe('Black Ankle Boots, like what you liked');
    expect(piece(7, 'color')).toBe('Black, a colour you liked');
    expect(reasonText({ kind: 'occasion', likes: 1 }, look).text).toBe(
      'You liked 1 Date Night look',
    );
  });

  it('says only the occasion for a piece the card no longer holds', () => {
    expect(piece(99, 'item')).toBe('From our Date Night looks');
    expect(reasonText({ kind: 'piece', itemId: 99, match: 'color', hearted: true }, look)).toEqual({
      kind: 'explore',
      text: 'From our Date Night looks',
    });
  });
});

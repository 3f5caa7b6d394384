import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedOutfit, FeedPage } from '../../../contracts/feed';
import { lockFeedQueue } from '../../lib/locks';
import { testDriver } from '../../test/databases';
import { until } from '../../test/lock-waits';
import { Agent, createTestApp, signUp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof signUp>>;

const like = (s: Shopper, outfitId: number) => s.agent.post('/api/outfit/favorite', { outfitId });
const nope = (s: Shopper, outfitId: number) => s.agent.post('/api/outfit/reject', { outfitId });
const reset = (agent: Agent) => agent.post('/api/outfit/rejected/reset');
const undo = (s: Shopper) => s.agent.post('/api/outfit/undo');

async function swipesOf(userId: number) {
  return t.db.database.sql.query<{ outfit_id: number; direction: string }>(
    'SELECT outfit_id, direction FROM swipes WHERE user_id = $1 ORDER BY outfit_id',
    [userId],
  );
}

/** Every outfit the shopper's feed still offers, page by page as the client would ask. */
async function wholeFeed(agent: Agent): Promise<number[]> {
  return (await wholeFeedCards(agent)).map((o) => o.id);
}

async function wholeFeedCards(agent: Agent): Promise<FeedOutfit[]> {
  const seen: FeedOutfit[] = [];
  for (let guard = 0; guard < 20; guard++) {
    const exclude = seen.map((o) => o.id).join(',');
    const res = await agent.get(`/api/outfit/home?limit=30${exclude ? `&exclude=${exclude}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const page: FeedPage = res.json();
    seen.push(...page.outfits);
    if (!page.hasMore) return seen;
  }
  throw new Error('feed did not end');
}

describe('POST /api/outfit/rejected/reset', () => {
  it('needs a signed-in shopper', async () => {
    expect((await reset(new Agent(t.app))).statusCode).toBe(401);
  });

  it('puts passed outfits back in the feed and keeps liked ones out', async () => {
    const s = await signUp(t.app);
    // The shopper's queue is ranked first, so the passed outfits must come back through it.
    const before = await wholeFeed(s.agent);
    const [liked, passedA, passedB] = before as [number, number, number];
    await like(s, liked);
    await nope(s, passedA);
    await nope(s, passedB);
    const during = await wholeFeed(s.agent);
    expect(during).not.toContain(passedA);
    expect(during).not.toContain(passedB);

    const res = await reset(s.agent);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ restored: 2 });

    const after = await wholeFeed(s.agent);
    expect(after).toContain(passedA);
    expect(after).toContain(passedB);
    expect(after).not.toContain(liked);
    expect(await swipesOf(s.user.id)).toEqual([{ outfit_id: liked, direction: 'like' }]);
  });

  it('changes nothing when nothing was passed, and never another shopper’s swipes', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await nope(a, 3);
    await like(b, 4);
    expect((await reset(b.agent)).json()).toEqual({ restored: 0 });
    expect(await swipesOf(b.user.id)).toEqual([{ outfit_id: 4, direction: 'like' }]);
    expect(await swipesOf(a.user.id)).toEqual([{ outfit_id: 3, direction: 'nope' }]);
    expect((await reset(a.agent)).json()).toEqual({ restored: 1 });
    expect(await swipesOf(a.user.id)).toEqual([]);
  });

  it('leaves the hearts given on a passed card: the card comes back with them', async () => {
    const s = await signUp(t.app);
    const [card] = (await s.agent.get('/api/outfit/home')).json<FeedPage>().outfits;
    const piece = card!.items[2]!.id;
    await s.agent.post('/api/item/favorite', { itemId: piece, outfitId: card!.id });
    await nope(s, card!.id);
    expect((await reset(s.agent)).json()).toEqual({ restored: 1 });

    const back = await wholeFeedCards(s.agent);
    expect(back.find((o) => o.id === card!.id)?.heartedItemIds).toEqual([piece]);
  });

  it('leaves undo nothing from before it: a like from then stays, with its pieces', async () => {
    const s = await signUp(t.app);
    const other = await signUp(t.app);
    await like(other, 11);
    await like(s, 7);
    await nope(s, 8);
    const pieces = async () =>
      (await s.agent.get('/api/favorites/categories')).json<{ count: number }[]>();
    const piecesBefore = await pieces();
    expect((await reset(s.agent)).json()).toEqual({ restored: 1 });

    const nothing = await undo(s);
    expect(nothing.statusCode, nothing.body).toBe(404);
    expect(nothing.json()).toMatchObject({
      error: { code: 'not_found', message: 'There is no swipe to undo.' },
    });

    // A swipe after it is taken back as usual; the one before is still out of reach.
    await like(s, 9);
    const undone = await undo(s);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ direction: 'like', outfit: { id: 9 } });
    expect((await undo(s)).statusCode).toBe(404);
    expect(await swipesOf(s.user.id)).toEqual([{ outfit_id: 7, direction: 'like' }]);
    expect(await pieces()).toEqual(piecesBefore);

    // Only this shopper's undo stops there: another's like from before it is theirs to take back.
    expect((await undo(other)).json()).toMatchObject({ direction: 'like', outfit: { id: 11 } });
  });

  it.runIf(testDriver() === 'postgres')(
    'empties a queue written while it waits, after that write commits (PostgreSQL: two connections)',
    async () => {
      const s = await signUp(t.app);
      await nope(s, 5);
      const queued = () =>
        t.db.database.sql.query('SELECT outfit_id FROM feed_queue WHERE user_id = $1', [s.user.id]);
      const waiting = async () =>
        (
          await t.db.database.sql.query(
            `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = $1
                AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
            [s.user.id],
          )
        ).length > 0;
      let answer: Promise<{ statusCode: number; body: string }> | undefined;
      // A queue being written holds the shopper's queue lock, as storeQueue does.
      await t.db.database.db.transaction(async (tx) => {
        await lockFeedQueue(tx, s.user.id);
        await tx.execute(
          sql`INSERT INTO feed_queue (user_id, outfit_id, position, reason)
              VALUES (${s.user.id}, 6, 1, '{"kind": "start"}')`,
        );
        answer = reset(s.agent);
        await until(
          async () => ((await waiting()) ? true : undefined),
          'the reset never waited for the queue lock',
        );
      });
      const res = await answer!;
      expect(res.statusCode, res.body).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ restored: 1 });
      expect(await queued()).toEqual([]);
      expect(await swipesOf(s.user.id)).toEqual([]);
    },
  );
});

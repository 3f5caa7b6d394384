import { describe, expect, it } from 'vitest';
import { appForThisFile, signUp } from '../server/test/test-app';
import { queueFeeds, SESSION_SHOPPERS, waitingCarts } from './generate';

const shop = appForThisFile();
const { query } = shop;

const queueOf = (userId: number) =>
  query<{ outfit_id: number; filled_at: Date }>(
    'SELECT outfit_id, filled_at FROM feed_queue WHERE user_id = $1 ORDER BY position',
    [userId],
  );

describe('queueFeeds', () => {
  it('ranks a queue afresh for each shopper: without what they swiped since, and dated now', async () => {
    const swiper = await signUp(shop.t.app);
    const newcomer = await signUp(shop.t.app);
    await queueFeeds(shop.t.db.database, [swiper.user.id]);
    const first = await queueOf(swiper.user.id);
    expect(first.length).toBeGreaterThan(10);

    // The shopper swipes the top of their queue, and the queue goes stale.
    const swiped = first.slice(0, 10).map((r) => r.outfit_id);
    for (const outfitId of swiped) {
      const answer = await swiper.agent.post('/api/outfit/reject', { outfitId });
      expect(answer.statusCode).toBe(200);
    }
    await query(`UPDATE feed_queue SET filled_at = now() - interval '2 hours' WHERE user_id = $1`, [
      swiper.user.id,
    ]);

    const before = Date.now();
    await queueFeeds(shop.t.db.database, [swiper.user.id, newcomer.user.id]);
    const again = await queueOf(swiper.user.id);
    expect(again.length).toBeGreaterThan(10);
    expect(again.map((r) => r.outfit_id).filter((id) => swiped.includes(id))).toEqual([]);
    // Ranked just now (the clock of PostgreSQL and of this process may differ by a little).
    for (const row of again) expect(row.filled_at.getTime()).toBeGreaterThan(before - 60_000);
    expect((await queueOf(newcomer.user.id)).length).toBeGreaterThan(10);
  });
});

describe('waitingCarts', () => {
  it("fills about a third of the other shoppers' bags with pieces in stock, none of the signed-in ones'", async () => {
    const crowd = 300;
    const [made] = await query<{ first: number }>(
      `INSERT INTO users (username, password_hash)
       SELECT 'bench' || g, 'not a hash' FROM generate_series(1, $1::int) g
       RETURNING id AS first`,
      [SESSION_SHOPPERS + crowd],
    );
    const first = made!.first;
    await waitingCarts(shop.t.db.database, first);
    const bags = await query<{ user_id: number; lines: number; sold_out: number }>(
      `SELECT l.user_id, count(*)::int AS lines, count(*) FILTER (WHERE i.stock = 0)::int AS sold_out
         FROM cart_lines l JOIN items i ON i.id = l.item_id JOIN users u ON u.id = l.user_id
        WHERE u.username LIKE 'bench%' GROUP BY l.user_id`,
    );
    expect(bags.filter((b) => b.user_id < first + SESSION_SHOPPERS)).toEqual([]);
    expect(bags.length).toBeGreaterThan(crowd / 5);
    expect(bags.length).toBeLessThan(crowd / 2);
    for (const bag of bags) {
      expect(bag.lines).toBeGreaterThanOrEqual(1);
      expect(bag.lines).toBeLessThanOrEqual(4);
      expect(bag.sold_out).toBe(0);
    }
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FeedPage } from '../../contracts/feed';
import type { ItemSearchPage } from '../../contracts/search';
import { storeQueue } from '../features/feed/feed.repository';
import { KEPT_SECONDS, untilAnnounced } from '../test/announcements';
import { testDriver } from '../test/databases';
import {
  type Agent,
  createTestApp,
  secondProcess,
  signUp,
  type TestApp,
  withStock,
} from '../test/test-app';

/** Outfits queued in this order, each as a new shopper's ranking places one. */
const queueOf = (ids: readonly number[]) =>
  ids.map((id) => ({ id, reason: { kind: 'start' } as const }));

// Stock levels, shoppers' hearts and queued feeds kept in memory (server/lib/stock-levels.ts,
// server/lib/shopper-hearts.ts, server/features/feed/queue.ts), trusted here for an hour:
// every change below must show on its announcement, not when the copy ages.
const TTL_SECONDS = KEPT_SECONDS;
const soon = untilAnnounced;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ cacheSeconds: TTL_SECONDS });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) =>
  t.db.database.sql.query<T>(text, params);

async function search(agent: Agent, qs: string): Promise<ItemSearchPage> {
  const res = await agent.get(`/api/item/search?${qs}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function feed(agent: Agent, limit = 5): Promise<number[]> {
  const res = await agent.get(`/api/outfit/home?limit=${limit}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as FeedPage).outfits.map((o) => o.id);
}

/** The lowest item id among an outfit's pieces. */
async function firstPieceOf(outfitId: number | undefined): Promise<number> {
  const [row] = await sql<{ item_id: number }>(
    'SELECT item_id FROM outfit_items WHERE outfit_id = $1 ORDER BY item_id LIMIT 1',
    [outfitId],
  );
  return row!.item_id;
}

/**
 * A shopper whose feed is queued and kept. The queue is written here, before their first visit:
 * a first visit would rank one on the spot and write it behind the page, and while that copy was
 * still unannounced the next visit could rank and write another, changing the order under the
 * test. Each shopper gets their own order of thirty outfits.
 */
async function queuedShopper(app: FastifyInstance = t.app) {
  const shopper = await signUp(app);
  // Outfits the feed may show: every piece in stock.
  const order = await sql<{ id: number }>(
    `SELECT o.id FROM outfits o
      WHERE NOT EXISTS (SELECT 1 FROM outfit_items oi JOIN items i ON i.id = oi.item_id
                         WHERE oi.outfit_id = o.id AND i.stock <= 0)
      ORDER BY md5(o.id::text || $1::text) LIMIT 30`,
    [shopper.user.id],
  );
  await storeQueue(t.db.database.db, shopper.user.id, queueOf(order.map((o) => o.id)));
  await vi.waitFor(async () => expect(await feed(shopper.agent)).toEqual(await queuedIds()), soon);
  async function queuedIds() {
    const rows = await sql<{ outfit_id: number }>(
      'SELECT outfit_id FROM feed_queue WHERE user_id = $1 ORDER BY position LIMIT 5',
      [shopper.user.id],
    );
    return rows.map((r) => r.outfit_id);
  }
  return shopper;
}

describe('hearts kept in memory', () => {
  it('shows a shopper’s own heart on their very next search', async () => {
    const { agent } = await signUp(t.app);
    const [first] = (await search(agent, 'q=jacket')).items;
    expect(first!.favorite).toBe(false);
    expect((await agent.post('/api/item/search/favorite', { itemId: first!.id })).statusCode).toBe(
      201,
    );
    expect((await search(agent, 'q=jacket')).items[0]).toMatchObject({
      id: first!.id,
      favorite: true,
    });
    expect((await agent.delete(`/api/item/search/unfavorite/${first!.id}`)).statusCode).toBe(200);
    expect((await search(agent, 'q=jacket')).items[0]!.favorite).toBe(false);
  });

  it('sees a heart removed behind the app’s back, and never shows one shopper another’s', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const [first] = (await search(a.agent, 'q=jacket')).items;
    await a.agent.post('/api/item/search/favorite', { itemId: first!.id });
    expect((await search(a.agent, 'q=jacket')).items[0]!.favorite).toBe(true);
    expect((await search(b.agent, 'q=jacket')).items[0]!.favorite).toBe(false);
    await sql('DELETE FROM item_favorites WHERE user_id = $1', [a.user.id]);
    await vi.waitFor(
      async () => expect((await search(a.agent, 'q=jacket')).items[0]!.favorite).toBe(false),
      soon,
    );
  });

  it('shows a heart on a feed card made behind the app’s back', async () => {
    const shopper = await queuedShopper();
    const [outfitId] = await feed(shopper.agent);
    const piece = await firstPieceOf(outfitId);
    await sql(
      `INSERT INTO item_favorites (user_id, item_id, outfit_id, source) VALUES ($1, $2, $3, 'heart')`,
      [shopper.user.id, piece, outfitId],
    );
    await vi.waitFor(async () => {
      const page = (await shopper.agent.get('/api/outfit/home?limit=5')).json() as FeedPage;
      expect(page.outfits[0]).toMatchObject({ id: outfitId, heartedItemIds: [piece] });
    }, soon);
  });
});

describe('stock kept in memory', () => {
  it('shows a search result’s stock as it changes', async () => {
    const { agent } = await signUp(t.app);
    const [first] = (await search(agent, 'q=jacket')).items;
    await search(agent, 'q=jacket');
    await withStock(t.db.database, first!.id, 7_777, async () => {
      await vi.waitFor(async () => {
        const shown = (await search(agent, 'q=jacket')).items[0]!;
        expect(shown).toMatchObject({ id: first!.id, stock: 7_777 });
      }, soon);
    });
  });

  it('shows a feed card’s pieces with their stock of the moment', async () => {
    const shopper = await queuedShopper();
    const [outfitId] = await feed(shopper.agent);
    const piece = await firstPieceOf(outfitId);
    await withStock(t.db.database, piece, 6_543, async () => {
      await vi.waitFor(async () => {
        const page = (await shopper.agent.get('/api/outfit/home?limit=5')).json() as FeedPage;
        // The same card first, so a failure says which of the two went wrong.
        expect(page.outfits[0]?.id).toBe(outfitId);
        const shown = page.outfits[0]!.items.find((item) => item.id === piece);
        expect(shown?.stock).toBe(6_543);
      }, soon);
    });
  });

  it('never offers a feed card whose piece sold out since it was kept', async () => {
    const shopper = await queuedShopper();
    const page = await feed(shopper.agent);
    const piece = await firstPieceOf(page[1]);
    await withStock(t.db.database, piece, 0, async () => {
      await vi.waitFor(async () => {
        const now = await feed(shopper.agent);
        expect(now).not.toContain(page[1]);
        expect(now).toHaveLength(5);
      }, soon);
    });
  });
});

describe('queued feeds kept in memory', () => {
  it('never shows again an outfit the shopper just swiped, and brings back one taken back', async () => {
    const shopper = await queuedShopper();
    const [swiped, ...rest] = await feed(shopper.agent);
    expect((await shopper.agent.post('/api/outfit/reject', { outfitId: swiped })).statusCode).toBe(
      200,
    );
    const after = await feed(shopper.agent);
    expect(after).not.toContain(swiped);
    expect(after.slice(0, 4)).toEqual(rest);
    expect((await shopper.agent.post('/api/outfit/undo')).statusCode).toBe(200);
    expect(await feed(shopper.agent)).toEqual([swiped, ...rest]);
  });

  it('drops an outfit swiped behind the app’s back, and follows a queue ranked again', async () => {
    const shopper = await queuedShopper();
    const [first, second] = await feed(shopper.agent);
    await sql(`INSERT INTO swipes (user_id, outfit_id, direction) VALUES ($1, $2, 'nope')`, [
      shopper.user.id,
      first,
    ]);
    await vi.waitFor(async () => expect((await feed(shopper.agent))[0]).toBe(second), soon);
    await sql('UPDATE feed_queue SET position = 1000 - position WHERE user_id = $1', [
      shopper.user.id,
    ]);
    const reversed = await sql<{ outfit_id: number }>(
      `SELECT q.outfit_id FROM feed_queue q
        WHERE q.user_id = $1
          AND NOT EXISTS (SELECT 1 FROM swipes s WHERE s.user_id = $1 AND s.outfit_id = q.outfit_id)
        ORDER BY q.position LIMIT 5`,
      [shopper.user.id],
    );
    await vi.waitFor(
      async () => expect(await feed(shopper.agent)).toEqual(reversed.map((r) => r.outfit_id)),
      soon,
    );
  });

  it('keeps each shopper’s queue to that shopper', async () => {
    const a = await queuedShopper();
    const b = await queuedShopper();
    await sql('UPDATE feed_queue SET position = 1000 - position WHERE user_id = $1', [a.user.id]);
    const bBefore = await feed(b.agent);
    await vi.waitFor(async () => expect(await feed(a.agent)).not.toEqual(bBefore), soon);
    expect(await feed(b.agent)).toEqual(bBefore);
  });
});

describe.runIf(testDriver() === 'postgres')(
  'copies kept by several processes (PostgreSQL only: PGlite serves one process)',
  () => {
    let second: FastifyInstance;
    let closeSecond: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ app: second, close: closeSecond } = await secondProcess(t, {
        cacheSeconds: TTL_SECONDS,
      }));
    });
    afterAll(() => closeSecond?.());

    /** The same shopper, signed in, talking to the second process. */
    const onSecond = (agent: Agent) => ({
      get: (url: string) =>
        second.inject({ method: 'GET', url, headers: { cookie: agent.cookie } }),
      post: (url: string, payload: object) =>
        second.inject({ method: 'POST', url, payload, headers: { cookie: agent.cookie } }),
    });

    it('drops, in every process, an outfit swiped in one', async () => {
      const shopper = await queuedShopper();
      const [swiped, next] = await feed(shopper.agent);
      const elsewhere = onSecond(shopper.agent);
      expect((await elsewhere.post('/api/outfit/favorite', { outfitId: swiped })).statusCode).toBe(
        200,
      );
      await vi.waitFor(async () => expect((await feed(shopper.agent))[0]).toBe(next), soon);
    });

    it('writes a shopper’s queue only once their swipe under way has committed', async () => {
      const shopper = await queuedShopper();
      const [outfitId, ...rest] = await feed(shopper.agent);
      await t.db.database.withConnection(async (client) => {
        await client.query('BEGIN');
        try {
          await client.query(
            `INSERT INTO swipes (user_id, outfit_id, direction) VALUES ($1, $2, 'nope')`,
            [shopper.user.id, outfitId],
          );
          let stored = false;
          const store = storeQueue(
            t.db.database.db,
            shopper.user.id,
            queueOf([outfitId!, ...rest]),
          ).then(() => {
            stored = true;
          });
          // The write waits on the swipe's lock (0013): wait until the database shows it
          // waiting, then it must not have written yet.
          await vi.waitFor(async () => {
            const [waiting] = await sql<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_locks
                WHERE locktype = 'advisory' AND NOT granted AND classid = 7301 AND objid = $1`,
              [shopper.user.id],
            );
            expect(waiting!.n).toBe(1);
          }, soon);
          expect(stored).toBe(false);
          await client.query('COMMIT');
          await store;
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
      });
      await vi.waitFor(async () => expect(await feed(shopper.agent)).not.toContain(outfitId), soon);
    });

    it('shows, in every process, a heart made in one', async () => {
      const { agent } = await signUp(t.app);
      const [first] = (await search(agent, 'q=jacket')).items;
      const elsewhere = onSecond(agent);
      expect(
        (await elsewhere.post('/api/item/search/favorite', { itemId: first!.id })).statusCode,
      ).toBe(201);
      await vi.waitFor(
        async () => expect((await search(agent, 'q=jacket')).items[0]!.favorite).toBe(true),
        soon,
      );
    });
  },
);

import { describe, expect, it, vi } from 'vitest';
import { CATEGORY_ID_BY_SLOT, SLOTS } from '../../../contracts/catalog';
import type { FeedPage } from '../../../contracts/feed';
import { type Agent, appForThisFile, signUp } from '../../test/test-app';
import { CatalogueShape, catalogueShape } from './catalogue-shape';

const shop = appForThisFile();
const { query } = shop;

async function version(): Promise<number> {
  const [row] = await query<{ version: string }>('SELECT version FROM catalogue_version');
  return Number(row!.version);
}

async function feedIds(agent: Agent): Promise<number[]> {
  const res = await agent.get('/api/outfit/home?limit=30');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as FeedPage).outfits.map((o) => o.id);
}

/** Five in-stock items, one per slot, none of them in an outfit of the tests' shop. */
async function unusedPieces(): Promise<number[]> {
  const ids: number[] = [];
  for (const slot of SLOTS) {
    const [row] = await query<{ id: number }>(
      `SELECT i.id FROM items i
        WHERE i.category_id = $1 AND i.stock > 0
          AND NOT EXISTS (SELECT 1 FROM outfit_items oi WHERE oi.item_id = i.id)
        ORDER BY i.id LIMIT 1`,
      [CATEGORY_ID_BY_SLOT[slot]],
    );
    ids.push(row!.id);
  }
  return ids;
}

describe('the catalogue shape the ranking keeps', () => {
  it('ranks an outfit the moment it is designed, and forgets it the moment it is deleted', async () => {
    // The template holds no accounts, so the first admin registration is allowed.
    const admin = (await signUp(shop.t.app, { isAdmin: true })).agent;
    const s = await signUp(shop.t.app);
    // The shopper has seen everything, so the ranking has been made with the shape as it stood.
    await query(
      `INSERT INTO swipes (user_id, outfit_id, direction)
       SELECT $1, id, 'nope' FROM outfits`,
      [s.user.id],
    );
    expect(await feedIds(s.agent)).toEqual([]);

    const created = await admin.post('/api/design/outfit/create', {
      name: `Shape check ${process.pid}`,
      description: 'New in.',
      occasion: 2,
      item_ids: await unusedPieces(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    expect(await feedIds(s.agent)).toEqual([id]);

    const deleted = await admin.delete(`/api/design/outfit/delete/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await feedIds(s.agent)).toEqual([]);
  });

  it('weighs an outfit by its pieces as redesigned, not as first read', async () => {
    const shape = await catalogueShape(shop.t.db.database.sql, await version());
    const [outfitId] = shape.outfitIds;
    const pieces = (s: CatalogueShape) => s.outfits.get(outfitId!)!.pieces.map((p) => p.itemId);
    const before = pieces(shape);
    const old = shape.outfits.get(outfitId!)!.pieces.find((p) => p.slot === 'top')!.itemId;
    const [replacement] = await query<{ id: number }>(
      `SELECT i.id FROM items i JOIN outfit_items oi ON oi.outfit_id = $1 AND oi.slot = 'top'
        WHERE i.category_id = oi.category_id AND i.id <> oi.item_id ORDER BY i.id LIMIT 1`,
      [outfitId],
    );
    await query(`UPDATE outfit_items SET item_id = $2 WHERE outfit_id = $1 AND slot = 'top'`, [
      outfitId,
      replacement!.id,
    ]);
    try {
      const after = await catalogueShape(shop.t.db.database.sql, await version());
      expect(pieces(after)).toEqual(before.map((id) => (id === old ? replacement!.id : id)));
      expect(after.outfitsWithItem(replacement!.id)).toContain(outfitId);
      expect(after.outfitsWithItem(old)).not.toContain(outfitId);
    } finally {
      await query(`UPDATE outfit_items SET item_id = $2 WHERE outfit_id = $1 AND slot = 'top'`, [
        outfitId,
        old,
      ]);
    }
  });

  it('is read once while the catalogue stands still, and once for rankings that find it stale together', async () => {
    const client = shop.t.db.database.sql;
    const first = await catalogueShape(client, await version());
    const read = vi.spyOn(CatalogueShape, 'read');
    try {
      expect(await catalogueShape(client, await version())).toBe(first);
      // A change to stock is not a change to the shape.
      await query('UPDATE items SET stock = stock WHERE id = $1', [
        first.outfits.get(first.outfitIds[0]!)!.pieces[0]!.itemId,
      ]);
      expect(await catalogueShape(client, await version())).toBe(first);
      expect(read).not.toHaveBeenCalled();

      await query('UPDATE outfits SET occasion_id = occasion_id WHERE id = $1', [
        first.outfitIds[0],
      ]);
      const now = await version();
      expect(now).toBeGreaterThan(first.version);
      const together = await Promise.all([1, 2, 3].map(() => catalogueShape(client, now)));
      expect(read).toHaveBeenCalledTimes(1);
      expect(new Set(together).size).toBe(1);
      expect(together[0]!.version).toBeGreaterThanOrEqual(now);
      expect(together[0]!.outfitIds).toEqual(first.outfitIds);
    } finally {
      read.mockRestore();
    }
  });
});

describe('a long swipe history', () => {
  it('keeps every outfit swiped out of the feed, not only the latest swipes the taste is read from', async () => {
    // 300 more outfits, each a copy of a demo outfit's pieces, so a shopper can swipe 357.
    await query(
      `WITH demo AS (SELECT array_agg(id ORDER BY id) AS ids FROM outfits),
            made AS (
              INSERT INTO outfits (name, occasion_id)
              SELECT 'History check ' || g, 1 + g % 5 FROM generate_series(1, 300) g
              RETURNING id
            ),
            numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM made)
       INSERT INTO outfit_items (outfit_id, slot, item_id, category_id)
       SELECT m.id, oi.slot, oi.item_id, oi.category_id
         FROM numbered m, demo
         JOIN outfit_items oi ON true
        WHERE oi.outfit_id = demo.ids[1 + m.n % array_length(demo.ids, 1)]`,
    );
    const s = await signUp(shop.t.app);
    const all = (await query<{ id: number }>('SELECT id FROM outfits ORDER BY id')).map(
      (r) => r.id,
    );
    const left = all.slice(-3);
    // The oldest swipes are the tests' shop's outfits, well past the latest 300.
    await query(
      `INSERT INTO swipes (user_id, outfit_id, direction, created_at)
       SELECT $1, o.id, 'nope', now() - (o.n || ' minutes')::interval
         FROM unnest($2::int[]) WITH ORDINALITY AS o(id, n)`,
      [s.user.id, `{${all.slice(0, -3).reverse().join(',')}}`],
    );
    const offered = new Set<number>();
    for (let page = 0; page < 5; page++) {
      for (const id of await feedIds(s.agent)) offered.add(id);
    }
    expect([...offered].sort()).toEqual([...left].sort());
  });
});

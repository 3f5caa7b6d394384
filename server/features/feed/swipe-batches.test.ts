import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SwipeBatches } from './swipe-batches';

let t: TestApp;
let outfits: number[];
beforeAll(async () => {
  t = await createTestApp();
  outfits = (await sql().query<{ id: number }>('SELECT id FROM outfits ORDER BY id LIMIT 4')).map(
    (o) => o.id,
  );
});
afterAll(() => t.close());

const sql = () => t.db.database.sql;

/** The database's client, counting the statements sent through it and noting their shoppers. */
function counting(): SqlClient & { statements: number; shoppers: unknown[] } {
  const inner = sql();
  const client = {
    statements: 0,
    shoppers: [] as unknown[],
    query<T>(text: string, params?: unknown[], options?: { name?: string }) {
      client.statements += 1;
      client.shoppers.push(params?.[0]);
      return inner.query<T>(text, params, options);
    },
    exec: (text: string) => inner.exec(text),
  };
  return client;
}

let shoppersMade = 0;
async function shoppers(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    shoppersMade += 1;
    const [row] = await sql().query<{ id: number }>(
      `INSERT INTO users (username, password_hash) VALUES ($1, 'x') RETURNING id`,
      [`batch-shopper-${shoppersMade}`],
    );
    ids.push(row!.id);
  }
  return ids;
}

async function swipesOf(userId: number) {
  return sql().query<{ outfitId: number; direction: string }>(
    `SELECT outfit_id AS "outfitId", direction FROM swipes WHERE user_id = $1
      ORDER BY created_at, outfit_id`,
    [userId],
  );
}

describe('SwipeBatches', () => {
  it('writes swipes that arrive together in fewer statements, each recorded as asked', async () => {
    const client = counting();
    const batches = new SwipeBatches(client);
    const ids = await shoppers(8);
    const outcomes = await Promise.all(
      ids.map((userId, i) =>
        batches.record({ userId, outfitId: outfits[0]!, direction: i % 2 ? 'like' : 'nope' }),
      ),
    );
    expect(outcomes).toEqual(ids.map(() => ({ exists: true, inserted: true })));
    // The first goes at once; the seven that arrived meanwhile share the next statement.
    expect(client.statements).toBe(2);
    for (const [i, userId] of ids.entries()) {
      expect(await swipesOf(userId)).toEqual([
        { outfitId: outfits[0], direction: i % 2 ? 'like' : 'nope' },
      ]);
    }
  });

  it("writes one shopper's swipes one statement after another, in the order they came", async () => {
    const client = counting();
    const batches = new SwipeBatches(client);
    const [ada, bo] = await shoppers(2);
    const outcomes = await Promise.all([
      batches.record({ userId: ada!, outfitId: outfits[1]!, direction: 'like' }),
      batches.record({ userId: ada!, outfitId: outfits[0]!, direction: 'nope' }),
      batches.record({ userId: ada!, outfitId: outfits[2]!, direction: 'nope' }),
      batches.record({ userId: bo!, outfitId: outfits[0]!, direction: 'like' }),
    ]);
    expect(outcomes.every((o) => o.inserted)).toBe(true);
    expect(client.statements).toBe(3);
    expect(await swipesOf(ada!)).toEqual([
      { outfitId: outfits[1], direction: 'like' },
      { outfitId: outfits[0], direction: 'nope' },
      { outfitId: outfits[2], direction: 'nope' },
    ]);
  });

  it('answers an unknown outfit and a swipe already made apart from the rest of their statement', async () => {
    const batches = new SwipeBatches(sql());
    const [ada, bo, cy] = await shoppers(3);
    await batches.record({ userId: bo!, outfitId: outfits[3]!, direction: 'like' });
    const outcomes = await Promise.all([
      batches.record({ userId: ada!, outfitId: outfits[3]!, direction: 'like' }),
      batches.record({ userId: bo!, outfitId: outfits[3]!, direction: 'nope' }),
      batches.record({ userId: cy!, outfitId: 2_000_000_000, direction: 'like' }),
    ]);
    expect(outcomes).toEqual([
      { exists: true, inserted: true },
      { exists: true, inserted: false },
      { exists: false, inserted: false },
    ]);
    // The swipe already there is left as it was, for the caller to settle.
    expect(await swipesOf(bo!)).toEqual([{ outfitId: outfits[3], direction: 'like' }]);
    expect(await swipesOf(cy!)).toEqual([]);
  });

  it('fails a swipe the database refuses alone, and writes the others of its statement', async () => {
    const batches = new SwipeBatches(sql());
    const [ada, bo] = await shoppers(2);
    const [gone] = await shoppers(1);
    await sql().query('DELETE FROM users WHERE id = $1', [gone]);
    const first = batches.record({ userId: ada!, outfitId: outfits[2]!, direction: 'like' });
    const together = [
      batches.record({ userId: gone!, outfitId: outfits[2]!, direction: 'like' }),
      batches.record({ userId: bo!, outfitId: outfits[2]!, direction: 'nope' }),
    ];
    const settled = await Promise.allSettled([first, ...together]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await swipesOf(ada!)).toEqual([{ outfitId: outfits[2], direction: 'like' }]);
    expect(await swipesOf(bo!)).toEqual([{ outfitId: outfits[2], direction: 'nope' }]);
    expect(await swipesOf(gone!)).toEqual([]);
  });
});

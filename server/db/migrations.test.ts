import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOW_STOCK } from '../../contracts/design';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import type { SqlClient } from './client';
import { listMigrations } from './migrate';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

/** Runs `body` in a transaction that is always rolled back, so each test starts from the seed. */
function rolledBack(body: (client: SqlClient) => Promise<void>) {
  return t.database.withConnection(async (client) => {
    await client.exec('BEGIN');
    try {
      await body(client);
    } finally {
      await client.exec('ROLLBACK');
    }
  });
}

const migration = (prefix: string) => {
  const found = listMigrations().find((m) => m.name.startsWith(prefix));
  if (!found) throw new Error(`no migration ${prefix}`);
  return found.sql;
};

describe('0056: every queued outfit has a reason', () => {
  it('drops whole the queues written before reasons were kept, and keeps the others', async () => {
    await rolledBack(async (client) => {
      // The table as it stood before 0056, with queues from before 0031 (a reason missing, or
      // a JSON null) and one after.
      await client.exec(`ALTER TABLE feed_queue ALTER COLUMN reason DROP NOT NULL,
                           DROP CONSTRAINT feed_queue_reason_object`);
      const users = await client.query<{ id: number }>(
        `INSERT INTO users (username, password_hash)
         VALUES ('queued-before-0031', 'x'), ('queued-null', 'x'), ('queued-since', 'x')
         RETURNING id`,
      );
      const [old, nulled, kept] = users.map((u) => u.id);
      await client.query(
        `INSERT INTO feed_queue (user_id, outfit_id, position, reason)
         VALUES ($1, 1, 1, NULL), ($1, 2, 2, '{"kind": "start"}'),
                ($2, 1, 1, 'null'::jsonb), ($2, 2, 2, '{"kind": "start"}'),
                ($3, 1, 1, '{"kind": "new"}'), ($3, 3, 2, '{"kind": "popular"}')`,
        [old, nulled, kept],
      );

      await client.exec(migration('0056_'));

      const left = await client.query<{ user_id: number; outfit_id: number }>(
        `SELECT user_id, outfit_id FROM feed_queue WHERE user_id IN ($1, $2, $3)
          ORDER BY user_id, position`,
        [old, nulled, kept],
      );
      expect(left).toEqual([
        { user_id: kept, outfit_id: 1 },
        { user_id: kept, outfit_id: 3 },
      ]);
      // Each refusal in a savepoint of its own, so the next runs in a live transaction.
      const refused = async (reason: string, why: RegExp) => {
        await client.exec('SAVEPOINT refused');
        await expect(
          client.query(
            `INSERT INTO feed_queue (user_id, outfit_id, position, reason) VALUES ($1, 4, 3, ${reason})`,
            [kept],
          ),
        ).rejects.toThrow(why);
        await client.exec('ROLLBACK TO SAVEPOINT refused');
      };
      await refused('NULL', /null value in column "reason"/);
      await refused("'null'::jsonb", /feed_queue_reason_object/);
    });
  });
});

describe('0065: a piece has one heart', () => {
  it('keeps one heart of each piece: the one given on its own, else the first', async () => {
    await rolledBack(async (client) => {
      // The indexes as they stood before 0065.
      await client.exec(`DROP INDEX item_favorites_one_heart_key;
        CREATE INDEX item_favorites_hearts_cover_idx ON item_favorites (user_id, item_id)
          INCLUDE (outfit_id, created_at) WHERE source = 'heart'`);
      const [{ id: shopper }] = (await client.query<{ id: number }>(
        `INSERT INTO users (username, password_hash) VALUES ('hearted-twice', 'x') RETURNING id`,
      )) as [{ id: number }];
      // Outfit 1 liked with its pieces written out; outfit 2 never liked.
      await client.query(
        `INSERT INTO swipes (user_id, outfit_id, direction, pieces_written) VALUES ($1, 1, 'like', true)`,
        [shopper],
      );
      // Item 10: on its own, on outfit 1 (wanting 3, its size chosen) and on outfit 2 (wanting
      // 2). Item 20: on outfit 2, then on outfit 1. Item 30: hearted once, beside the piece a like brought.
      await client.query(
        `INSERT INTO item_favorites (user_id, item_id, outfit_id, source, quantity, size_chosen,
                                     created_at)
         VALUES ($1, 10, 1, 'heart', 3, true, now() - interval '3 days'),
                ($1, 10, NULL, 'heart', 1, false, now() - interval '2 days'),
                ($1, 10, 2, 'heart', 2, false, now() - interval '1 day'),
                ($1, 20, 2, 'heart', 1, false, now() - interval '2 days'),
                ($1, 20, 1, 'heart', 1, false, now() - interval '1 day'),
                ($1, 30, 1, 'outfit', 1, false, now() - interval '2 days'),
                ($1, 30, NULL, 'heart', 2, false, now() - interval '1 day')`,
        [shopper],
      );

      await client.exec(migration('0065_'));

      const left = await client.query(
        `SELECT item_id, outfit_id, source, quantity, size_chosen FROM item_favorites
          WHERE user_id = $1 ORDER BY item_id, outfit_id NULLS FIRST`,
        [shopper],
      );
      const row = (
        item: number,
        outfit: number | null,
        source: string,
        quantity = 1,
        chosen = false,
      ) => ({
        item_id: item,
        outfit_id: outfit,
        source,
        quantity,
        size_chosen: chosen,
      });
      expect(left).toEqual([
        // The heart kept wants the most any heart that went wanted; a like's piece keeps its own.
        row(10, null, 'heart', 2),
        // A heart on the written-out like stays that like's piece; on outfit 2 it goes.
        row(10, 1, 'outfit', 3, true),
        row(20, 1, 'outfit'),
        row(20, 2, 'heart'),
        row(30, null, 'heart', 2),
        row(30, 1, 'outfit'),
      ]);
      const indexes = await client.query<{ name: string }>(
        `SELECT indexname AS name FROM pg_indexes
          WHERE tablename = 'item_favorites' AND indexname LIKE '%heart%' ORDER BY 1`,
      );
      expect(indexes.map((i) => i.name)).toEqual([
        'item_favorites_card_hearts_idx',
        'item_favorites_one_heart_key',
      ]);
      // Last: the refusal aborts the transaction.
      await expect(
        client.query(
          `INSERT INTO item_favorites (user_id, item_id, outfit_id, source) VALUES ($1, 30, 2, 'heart')`,
          [shopper],
        ),
      ).rejects.toThrow(/item_favorites_one_heart_key/);
    });
  });
});

describe('0067: the passes have an index of their own', () => {
  it("brings back a shopper's passes without reading their likes", async () => {
    await rolledBack(async (client) => {
      const [{ id: shopper }] = (await client.query<{ id: number }>(
        `INSERT INTO users (username, password_hash) VALUES ('liked-much', 'x') RETURNING id`,
      )) as [{ id: number }];
      // Every outfit but one liked, and that one passed.
      await client.query(
        `INSERT INTO swipes (user_id, outfit_id, direction)
         SELECT $1, o.id, CASE WHEN o.id = (SELECT min(id) FROM outfits) THEN 'nope' ELSE 'like' END
           FROM outfits o`,
        [shopper],
      );
      await client.exec('ANALYZE swipes');
      // The test shop is small enough to read whole: the plan asked is the one at any size.
      await client.exec('SET LOCAL enable_seqscan = off');
      type Node = Record<string, unknown> & { Plans?: Node[] };
      const [row] = await client.query<{ 'QUERY PLAN': [{ Plan: Node }] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) DELETE FROM swipes WHERE user_id = ${shopper} AND direction = 'nope'`,
      );
      const scan = row!['QUERY PLAN'][0].Plan.Plans?.[0];
      expect(scan?.['Index Name']).toBe('swipes_user_passes_idx');
      // The one pass is all it reads: no like read and then passed over.
      expect(scan?.['Actual Rows']).toBe(1);
      expect(scan?.['Rows Removed by Filter'] ?? 0).toBe(0);
    });
  });
});

describe('0068: a sale touches no index', () => {
  it('keeps stock out of every index of items, so a stock write stays on its page', async () => {
    await rolledBack(async (client) => {
      const indexes = await client.query<{ def: string }>(
        `SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index WHERE indrelid = 'items'::regclass`,
      );
      expect(indexes.length).toBeGreaterThan(10);
      // `\b` does not split `low_stock`: only the column itself is looked for.
      expect(indexes.map((i) => i.def).filter((def) => /\bstock\b/.test(def))).toEqual([]);

      const [item] = await client.query<{ id: number }>(
        'SELECT id FROM items WHERE stock > 5 ORDER BY id LIMIT 1',
      );
      const counts = () =>
        client.query<{ updates: number; hot: number }>(
          `SELECT n_tup_upd::int AS updates, n_tup_hot_upd::int AS hot
             FROM pg_stat_xact_user_tables WHERE relname = 'items'`,
        );
      const [before] = await counts();
      await client.query('UPDATE items SET stock = stock - 1 WHERE id = $1', [item!.id]);
      const [after] = await counts();
      // The write counted as a heap-only (HOT) update: no index took a new entry.
      expect(after!.updates - (before?.updates ?? 0)).toBe(1);
      expect(after!.hot - (before?.hot ?? 0)).toBe(1);
    });
  });

  it('flags a piece low at LOW_STOCK and sold out at none, as its stock moves', async () => {
    await rolledBack(async (client) => {
      const [item] = await client.query<{ id: number }>(
        'SELECT id FROM items WHERE stock > 5 ORDER BY id LIMIT 1',
      );
      const flagsAt = async (stock: number) => {
        const [row] = await client.query<{ soldOut: boolean; lowStock: boolean }>(
          `UPDATE items SET stock = $2 WHERE id = $1
           RETURNING sold_out AS "soldOut", low_stock AS "lowStock"`,
          [item!.id, stock],
        );
        return row;
      };
      expect(await flagsAt(LOW_STOCK + 1)).toEqual({ soldOut: false, lowStock: false });
      expect(await flagsAt(LOW_STOCK)).toEqual({ soldOut: false, lowStock: true });
      expect(await flagsAt(1)).toEqual({ soldOut: false, lowStock: true });
      expect(await flagsAt(0)).toEqual({ soldOut: true, lowStock: true });
    });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIfAvailable } from '../features/cart/cart.repository';
import {
  changeQuantity,
  heartOnOutfit,
  insertHeart,
  moveFavorite,
  takeHeartAway,
} from '../features/favorites/favorite.repository';
import {
  changeSwipe,
  deletePassedSwipes,
  deleteSwipe,
  recordFirstSwipes,
} from '../features/feed/feed.repository';
import { writeLikedPieces } from '../lib/liked-pieces';
import { createTestApp, signUp, type TestApp } from '../test/test-app';
import { type Db, queryPrepared, rowsOf, type SqlClient, withoutDiskWait } from './client';

// Which writes commit without waiting for the disk (`withoutDiskWait`, decision 006): read in
// the write's own transaction, before it commits, `synchronous_commit` says how it will commit.

let t: TestApp;
let userId: number;
/** Two outfits' pieces, and a piece of neither. */
let outfits: { id: number; items: number[] }[];
let otherItem: number;

beforeAll(async () => {
  t = await createTestApp();
  userId = (await signUp(t.app)).user.id;
  outfits = await query<{ id: number; items: number[] }>(
    `SELECT outfit_id AS id, array_agg(item_id ORDER BY item_id) AS items
       FROM outfit_items GROUP BY outfit_id ORDER BY outfit_id LIMIT 2`,
  );
  const [other] = await query<{ id: number }>(
    'SELECT id FROM items WHERE id <> ALL($1::int[]) AND stock > 0 ORDER BY id LIMIT 1',
    [outfits.flatMap((o) => o.items)],
  );
  otherItem = other!.id;
});
afterAll(() => t.close());

function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return t.db.database.sql.query<T>(text, params);
}

/** What `write` returned, and how the transaction that ran it is set to commit. */
async function committing<T>(write: (tx: Db) => Promise<T>): Promise<[T, string]> {
  return t.db.database.db.transaction(async (tx) => {
    const result = await write(tx as unknown as Db);
    const [row] = await rowsOf<{ setting: string }>(
      tx as unknown as Db,
      sql`SELECT current_setting('synchronous_commit') AS setting`,
    );
    return [result, row!.setting];
  });
}

async function setting(client: SqlClient, inTransaction: (client: SqlClient) => Promise<unknown>) {
  await client.exec('BEGIN');
  try {
    await inTransaction(client);
    const [row] = await client.query<{ setting: string }>(
      "SELECT current_setting('synchronous_commit') AS setting",
    );
    return row!.setting;
  } finally {
    await client.exec('COMMIT');
  }
}

const sourceOf = async (itemId: number, outfitId: number | null) =>
  (
    await query<{ source: string }>(
      `SELECT source FROM item_favorites
        WHERE user_id = $1 AND item_id = $2 AND outfit_id IS NOT DISTINCT FROM $3`,
      [userId, itemId, outfitId],
    )
  )[0]?.source;

describe("a shopper's taste commits without waiting for the disk", () => {
  it('hearts from search given, changed and taken away', async () => {
    const [loose] = outfits[0]!.items;
    const piece = { itemId: loose!, outfitId: null };
    expect(await committing((tx) => insertHeart(tx, userId, loose!, false))).toEqual([
      { itemExists: true, added: true },
      'off',
    ]);
    expect(
      await committing((tx) => changeQuantity(tx, userId, piece, 1, { min: 1, max: 9 })),
    ).toEqual([2, 'off']);
    const [moved, movedSetting] = await committing((tx) =>
      moveFavorite(tx, userId, piece, otherItem, false),
    );
    expect([moved?.id, movedSetting]).toEqual([otherItem, 'off']);
    expect(await committing((tx) => takeHeartAway(tx, userId, otherItem))).toEqual([true, 'off']);
    expect(await sourceOf(otherItem, null)).toBeUndefined();
  });

  it("hearts on an outfit's pieces, on a piece a like brought and on a like still to write", async () => {
    const [outfit, liked] = outfits;
    const [first, second] = outfit!.items;
    const given = await committing((tx) => heartOnOutfit(tx, userId, outfit!.id, first!, true));
    expect(given).toEqual([expect.objectContaining({ ofOutfit: true, written: true }), 'off']);
    expect(await sourceOf(first!, outfit!.id)).toBe('heart');
    // Taken away on an outfit the shopper has not liked, the heart goes in the same statement.
    const taken = await committing((tx) => heartOnOutfit(tx, userId, outfit!.id, first!, false));
    expect(taken).toEqual([expect.objectContaining({ heartLeft: false, written: true }), 'off']);
    expect(await sourceOf(first!, outfit!.id)).toBeUndefined();

    // A piece a like brought along becomes a heart: the insert's conflict path.
    await query(
      "INSERT INTO item_favorites (user_id, item_id, outfit_id, source) VALUES ($1, $2, $3, 'outfit')",
      [userId, second, outfit!.id],
    );
    const upgraded = await committing((tx) => heartOnOutfit(tx, userId, outfit!.id, second!, true));
    expect(upgraded[1]).toBe('off');
    expect(await sourceOf(second!, outfit!.id)).toBe('heart');

    // A like whose pieces still follow from it: the statement leaves the heart to the caller,
    // whose write-out commits as the heart does.
    await query("INSERT INTO swipes (user_id, outfit_id, direction) VALUES ($1, $2, 'like')", [
      userId,
      liked!.id,
    ]);
    const [left] = await committing((tx) =>
      heartOnOutfit(tx, userId, liked!.id, liked!.items[0]!, true),
    );
    expect(left.written).toBe(false);
    expect(await sourceOf(liked!.items[0]!, liked!.id)).toBeUndefined();
    expect(await committing((tx) => writeLikedPieces(tx, userId, liked!.id))).toEqual([
      undefined,
      'off',
    ]);
    expect(await sourceOf(liked!.items[0]!, liked!.id)).toBe('outfit');
  });

  it('swipes made, turned around, taken back and reset', async () => {
    const [outfit] = outfits;
    const swiped = await t.db.database.withConnection((client) =>
      setting(client, async (c) => {
        const firsts = await recordFirstSwipes(c, [
          { userId, outfitId: outfit!.id, direction: 'like' },
        ]);
        expect(firsts).toEqual([{ exists: true, inserted: true }]);
      }),
    );
    expect(swiped).toBe('off');
    expect(await committing((tx) => changeSwipe(tx, userId, outfit!.id, 'nope'))).toEqual([
      undefined,
      'off',
    ]);
    const reset = await t.db.database.withConnection((client) =>
      setting(client, async (c) => {
        expect(await deletePassedSwipes(c, userId)).toBe(1);
      }),
    );
    expect(reset).toBe('off');
    await query("INSERT INTO swipes (user_id, outfit_id, direction) VALUES ($1, $2, 'like')", [
      userId,
      outfit!.id,
    ]);
    expect(await committing((tx) => deleteSwipe(tx, userId, outfit!.id, 'like'))).toEqual([
      true,
      'off',
    ]);
  });

  it('leaves the rest to wait: a cart line, and the next transaction on the connection', async () => {
    await t.db.database.withConnection(async (client) => {
      const added = await setting(client, async (c) => {
        expect((await addIfAvailable(c, userId, otherItem, 1, 50)).outcome.added).toBe(true);
      });
      expect(added).toBe('on');
      const relaxed = await setting(client, (c) =>
        queryPrepared(c, 'taste_probe', sql`SELECT ${withoutDiskWait} AS relaxed`),
      );
      expect(relaxed).toBe('off');
      // The setting was that transaction's own.
      expect(await setting(client, async () => {})).toBe('on');
    });
  });
});

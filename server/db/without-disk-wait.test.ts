import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIfAvailable } from '../features/cart/cart.repository';
import {
  changeQuantity,
  deleteHeart,
  insertHeart,
  insertOutfitHeart,
  moveFavorite,
} from '../features/favorites/favorite.repository';
import { changeSwipe, deletePassedSwipes, deleteSwipe } from '../features/feed/feed.repository';
import { createTestApp, signUp, type TestApp } from '../test/test-app';
import { type Db, rowsOf, type SqlClient } from './client';

// Which writes commit without waiting for the disk (`withoutDiskWait`, decision 006): read in
// the write's own transaction, before it commits, `synchronous_commit` says how it will commit.

let t: TestApp;
let userId: number;
let outfit: { id: number; items: number[] };
let otherItem: number;

beforeAll(async () => {
  t = await createTestApp();
  userId = (await signUp(t.app)).user.id;
  const [first] = await t.db.database.sql.query<{ id: number; items: number[] }>(
    `SELECT outfit_id AS id, array_agg(item_id ORDER BY item_id) AS items
       FROM outfit_items GROUP BY outfit_id ORDER BY outfit_id LIMIT 1`,
  );
  outfit = first!;
  const [other] = await t.db.database.sql.query<{ id: number }>(
    'SELECT id FROM items WHERE id <> ALL($1::int[]) AND stock > 0 ORDER BY id LIMIT 1',
    [outfit.items],
  );
  otherItem = other!.id;
});
afterAll(() => t.close());

/** How the transaction that ran `write` is set to commit: 'off' means without waiting. */
async function commitOf(write: (tx: Db) => Promise<unknown>): Promise<string> {
  return t.db.database.db.transaction(async (tx) => {
    await write(tx as unknown as Db);
    const [row] = await rowsOf<{ setting: string }>(
      tx as unknown as Db,
      sql`SELECT current_setting('synchronous_commit') AS setting`,
    );
    return row!.setting;
  });
}

async function commitOfClient(write: (client: SqlClient) => Promise<unknown>): Promise<string> {
  return t.db.database.withConnection(async (client) => {
    await client.exec('BEGIN');
    try {
      await write(client);
      const [row] = await client.query<{ setting: string }>(
        "SELECT current_setting('synchronous_commit') AS setting",
      );
      return row!.setting;
    } finally {
      await client.exec('COMMIT');
    }
  });
}

describe("a shopper's taste commits without waiting for the disk", () => {
  it('hearts given, changed and taken away', async () => {
    const [loose] = outfit.items;
    expect(await commitOf((tx) => insertHeart(tx, userId, loose!))).toBe('off');
    expect(
      await commitOf((tx) =>
        changeQuantity(tx, userId, { itemId: loose!, outfitId: null }, 1, { min: 1, max: 9 }),
      ),
    ).toBe('off');
    expect(
      await commitOf((tx) =>
        moveFavorite(tx, userId, { itemId: loose!, outfitId: null }, otherItem),
      ),
    ).toBe('off');
    expect(await commitOf((tx) => deleteHeart(tx, userId, otherItem))).toBe('off');
    expect(await commitOf((tx) => insertOutfitHeart(tx, userId, outfit.items[1]!, outfit.id))).toBe(
      'off',
    );
  });

  it('swipes turned around, taken back and reset', async () => {
    await t.db.database.sql.query(
      "INSERT INTO swipes (user_id, outfit_id, direction) VALUES ($1, $2, 'like')",
      [userId, outfit.id],
    );
    expect(await commitOf((tx) => changeSwipe(tx, userId, outfit.id, 'nope'))).toBe('off');
    expect(await commitOf((tx) => deletePassedSwipes(tx, userId))).toBe('off');
    await t.db.database.sql.query(
      "INSERT INTO swipes (user_id, outfit_id, direction) VALUES ($1, $2, 'like')",
      [userId, outfit.id],
    );
    expect(await commitOf((tx) => deleteSwipe(tx, userId, outfit.id))).toBe('off');
  });

  it('leaves the rest to wait: a cart line, and the next transaction on the connection', async () => {
    expect(await commitOfClient((client) => addIfAvailable(client, userId, otherItem, 1, 50))).toBe(
      'on',
    );
    // The setting was the transaction's own.
    await commitOf((tx) => insertHeart(tx, userId, otherItem));
    expect(await commitOfClient(async () => {})).toBe('on');
  });
});

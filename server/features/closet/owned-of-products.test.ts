import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDriver } from '../../test/databases';
import { crowdOfShoppers, readOnKeptPlans } from '../../test/kept-plans';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findOwnedOfProducts } from './closet.repository';

describe.runIf(testDriver() === 'postgres')(
  "a closet card's owned variants at any history (PostgreSQL only: it reads the plan's statistics)",
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('reads the variants of the products asked about, whatever plan PostgreSQL keeps', async () => {
      const database = t.db.database;
      const { sql: client } = database;
      await crowdOfShoppers(
        database,
        400,
        `INSERT INTO closet_items (user_id, item_id, product_id, quantity)
         SELECT u.id, i.id, i.product_id, 1
           FROM users u, (SELECT id, product_id FROM items ORDER BY id LIMIT 1) i
          WHERE u.username LIKE 'crowd%'`,
      );
      // One shopper owns a variant of many products.
      const [heavy] = await client.query<{ id: number }>(
        "INSERT INTO users (username, password_hash) VALUES ('longhistory', 'not a hash') RETURNING id",
      );
      const owned = await client.query<{ item_id: number; product_id: number }>(
        `INSERT INTO closet_items (user_id, item_id, product_id, quantity)
         SELECT $1, min(id), product_id, 1 FROM items GROUP BY product_id ORDER BY product_id LIMIT 200
         RETURNING item_id, product_id`,
        [heavy!.id],
      );
      await client.exec('VACUUM (ANALYZE) closet_items');

      const asked = owned.slice(-3).map((row) => row.product_id);
      const { result: found, entriesRead } = await readOnKeptPlans(database, 'closet_items', (on) =>
        findOwnedOfProducts(on, heavy!.id, asked),
      );

      expect(owned.length).toBeGreaterThan(10 * asked.length);
      expect(found.map((row) => row.productId).sort()).toEqual([...asked].sort());
      // The variants found, never every one the shopper owns.
      expect(entriesRead).toBeLessThanOrEqual(asked.length);
    });
  },
);

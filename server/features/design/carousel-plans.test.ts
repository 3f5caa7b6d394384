import { describe, expect, it } from 'vitest';
import { testDriver } from '../../test/databases';
import { appForThisFile } from '../../test/test-app';
import { countItemsByCategory, listCategoryItems } from './design.repository';

describe.runIf(testDriver() === 'postgres')(
  'the design carousels on PostgreSQL (only there are statements prepared)',
  () => {
    const shop = appForThisFile();

    it('prepares a carousel without words, and plans a search by words for its words', async () => {
      const database = shop.t.db.database;
      const [category] = await database.sql.query<{ id: number }>(
        'SELECT category_id AS id FROM items GROUP BY category_id ORDER BY count(*) DESC LIMIT 1',
      );
      const page = { limit: 5, after: undefined };
      const kept = await database.withConnection(async (client) => {
        const all = await listCategoryItems(client, category!.id, {}, page);
        const word = all.rows[0]!.name.split(' ')[0]!;
        const found = await listCategoryItems(client, category!.id, { q: word }, page);
        const counted = await countItemsByCategory(client, [category!.id], { q: word });
        const totals = await countItemsByCategory(client, [category!.id], {});
        const [{ n }] = (await client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM items WHERE category_id = $1',
          [category!.id],
        )) as [{ n: number }];
        expect(totals.get(category!.id)).toBe(n);
        await countItemsByCategory(client, [category!.id], { color: all.rows[0]!.color });
        expect(all.rows).toHaveLength(5);
        expect(found.rows.length).toBeGreaterThan(0);
        // A search by words matches the name, the colour or the seller, in any case.
        const matches = (row: { name: string; color: string; seller: string }) =>
          `${row.name} ${row.color} ${row.seller}`.toLowerCase().includes(word.toLowerCase());
        expect(found.rows.every(matches)).toBe(true);
        expect(counted.get(category!.id)).toBeGreaterThanOrEqual(found.rows.length);
        return client.query<{ statement: string }>(
          `SELECT statement FROM pg_prepared_statements
            WHERE statement LIKE '%FROM items i%' OR statement LIKE '%FROM items_by_category%'`,
        );
      });
      const texts = kept.map((row) => row.statement);
      expect(texts.filter((text) => text.includes('"soldOut"'))).toHaveLength(1);
      expect(texts.filter((text) => text.includes('GROUP BY i.category_id'))).toHaveLength(1);
      // Unfiltered, the totals are the counts kept per category (0055), not a count of items.
      expect(texts.filter((text) => text.includes('FROM items_by_category'))).toHaveLength(1);
      expect(texts.filter((text) => text.includes('LIKE'))).toEqual([]);
    });
  },
);

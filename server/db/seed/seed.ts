import type { SqlClient } from '../client';
import { CATEGORIES, type Catalog, generateCatalog, OCCASIONS } from './catalog';

const CHUNK = 5_000;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** Inserts rows column-wise through unnest(): one round trip per few thousand rows. */
async function insertColumns(
  client: SqlClient,
  table: string,
  columns: [name: string, type: string][],
  rows: unknown[][],
  conflict = 'ON CONFLICT DO NOTHING',
) {
  for (const part of chunks(rows)) {
    const arrays = columns.map((_, c) => part.map((row) => row[c]));
    const names = columns.map(([name]) => name).join(', ');
    const params = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
    await client.query(
      `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${params}) ${conflict}`,
      arrays,
    );
  }
}

async function resetSequence(client: SqlClient, table: string) {
  await client.query(
    `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT max(id) FROM ${table}), 1))`,
  );
}

export async function catalogueIsEmpty(client: SqlClient): Promise<boolean> {
  const rows = await client.query<{ present: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM items) AS present',
  );
  return !rows[0]?.present;
}

/**
 * Writes the generated catalogue. Rows keep their generated ids and existing rows are left
 * alone, so running it twice changes nothing.
 */
export async function seedCatalogue(client: SqlClient, catalog: Catalog = generateCatalog()) {
  await insertColumns(
    client,
    'categories',
    [
      ['id', 'smallint'],
      ['name', 'text'],
      ['slot', 'text'],
    ],
    CATEGORIES.map((c) => [c.id, c.name, c.slot]),
  );
  await insertColumns(
    client,
    'occasions',
    [
      ['id', 'smallint'],
      ['name', 'text'],
    ],
    OCCASIONS.map((o) => [o.id, o.name]),
  );
  await insertColumns(
    client,
    'products',
    [
      ['id', 'int'],
      ['name', 'text'],
      ['slug', 'text'],
      ['category_id', 'smallint'],
      ['garment', 'text'],
      ['seller', 'text'],
      ['description', 'text'],
    ],
    catalog.products.map((p) => [
      p.id,
      p.name,
      p.slug,
      p.categoryId,
      p.garment,
      p.seller,
      p.description,
    ]),
  );
  const sellers = new Map(catalog.products.map((p) => [p.id, p.seller]));
  await insertColumns(
    client,
    'items',
    [
      ['id', 'int'],
      ['product_id', 'int'],
      ['category_id', 'smallint'],
      ['name', 'text'],
      ['seller', 'text'],
      ['color', 'text'],
      ['color_hex', 'text'],
      ['size', 'text'],
      ['price_cents', 'int'],
      ['stock', 'int'],
      ['image', 'text'],
    ],
    catalog.items.map((i) => [
      i.id,
      i.productId,
      i.categoryId,
      i.name,
      sellers.get(i.productId) ?? '',
      i.color,
      i.colorHex,
      i.size,
      i.priceCents,
      i.stock,
      i.image,
    ]),
  );
  const categoryOf = new Map(catalog.items.map((i) => [i.id, i.categoryId]));
  // Outfits and their five pieces go in together: the five-slot rule is checked at commit.
  for (const part of chunks(catalog.outfits)) {
    await client.exec('BEGIN');
    try {
      await insertColumns(
        client,
        'outfits',
        [
          ['id', 'int'],
          ['name', 'text'],
          ['description', 'text'],
          ['occasion_id', 'smallint'],
        ],
        part.map((o) => [o.id, o.name, o.description, o.occasionId]),
      );
      await insertColumns(
        client,
        'outfit_items',
        [
          ['outfit_id', 'int'],
          ['slot', 'text'],
          ['item_id', 'int'],
          ['category_id', 'smallint'],
        ],
        part.flatMap((o) =>
          Object.entries(o.items).map(([slot, itemId]) => [
            o.id,
            slot,
            itemId,
            categoryOf.get(itemId),
          ]),
        ),
      );
      await client.exec('COMMIT');
    } catch (error) {
      await client.exec('ROLLBACK');
      throw error;
    }
  }
  for (const table of ['products', 'items', 'outfits']) await resetSequence(client, table);
  return {
    products: catalog.products.length,
    items: catalog.items.length,
    outfits: catalog.outfits.length,
  };
}

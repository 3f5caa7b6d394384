import { type SQL, sql } from 'drizzle-orm';
import type { Item } from '../../contracts/catalog';
import { formatCents } from '../../contracts/money';
import { categories, items } from '../db/schema';

/**
 * The columns every feature selects to show an item, joined with `categories`:
 * `db.select(itemColumns).from(items).innerJoin(categories, eq(categories.id, items.categoryId))`.
 */
export const itemColumns = {
  id: items.id,
  productId: items.productId,
  name: items.name,
  image: items.image,
  categoryId: items.categoryId,
  category: categories.name,
  priceCents: items.priceCents,
  seller: items.seller,
  color: items.color,
  colorHex: items.colorHex,
  size: items.size,
  stock: items.stock,
};

/** The same columns for a statement written by hand, with items as `i` and categories as `c`. */
export const itemColumnsSql = sql.raw(
  `i.id, i.product_id AS "productId", i.name, i.image, i.category_id AS "categoryId",
   c.name AS category, i.price_cents AS "priceCents", i.seller, i.color,
   i.color_hex AS "colorHex", i.size, i.stock`,
);

export interface ItemRow {
  id: number;
  productId: number;
  name: string;
  image: string;
  categoryId: number;
  category: string;
  priceCents: number;
  seller: string;
  color: string;
  colorHex: string;
  size: string;
  stock: number;
}

export function toItem(row: ItemRow): Item {
  return {
    id: row.id,
    productId: row.productId,
    name: row.name,
    img: row.image,
    categoryId: row.categoryId,
    category: row.category,
    price: formatCents(row.priceCents),
    priceCents: row.priceCents,
    seller: row.seller,
    color: row.color,
    colorHex: row.colorHex,
    size: row.size,
    stock: row.stock,
  };
}

/** What a stock check needs to know of an item, and to name it, with items as `i`. */
export const stockColumnsSql = sql.raw(
  'i.id, i.product_id AS "productId", i.name, i.color, i.size, i.stock',
);

/** A colour and a size asked for, either left out to keep the item's own. */
export interface VariantWanted {
  color?: string | undefined;
  size?: string | undefined;
}

/**
 * Item `v` is the variant of item `i`'s product in the colour and size wanted (any case), each
 * `i`'s own when left out. `v` and `i` are the two items' aliases in the statement.
 */
export function variantOfSameProduct(v: string, i: string, want: VariantWanted): SQL {
  const [to, from] = [sql.raw(v), sql.raw(i)];
  return sql`${to}.product_id = ${from}.product_id
    AND lower(${to}.color) = lower(coalesce(${want.color ?? null}::text, ${from}.color))
    AND lower(${to}.size) = lower(coalesce(${want.size ?? null}::text, ${from}.size))`;
}

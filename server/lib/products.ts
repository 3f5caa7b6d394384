import { type SQL, sql } from 'drizzle-orm';
import {
  type Product,
  type ProductVariants,
  SLOTS,
  type Slot,
  type Variant,
} from '../../contracts/catalog';
import { formatCents } from '../../contracts/money';
import { queryPrepared, type SqlClient } from '../db/client';
import { compareSizes } from './sizes';

/** The columns of an item that make a variant. */
export interface VariantColumns {
  id: number;
  productId: number;
  color: string;
  colorHex: string;
  size: string;
  stock: number;
  priceCents: number;
  image: string;
}

export function toVariant(row: VariantColumns): Variant {
  return {
    itemId: row.id,
    productId: row.productId,
    color: row.color,
    colorHex: row.colorHex,
    size: row.size,
    stock: row.stock,
    price: formatCents(row.priceCents),
    priceCents: row.priceCents,
    img: row.image,
  };
}

/** A product as one row: its own columns, with every variant of it as one JSON array. */
interface ProductRow {
  id: number;
  name: string;
  seller: string;
  description: string;
  categoryId: number;
  category: string;
  slot: Slot;
  /** The size remembered for this shopper for the product (`rememberedSizeOf`). */
  rememberedSize: string | null;
  /** In id order, the order the shop added its colours in. */
  variants: VariantColumns[];
}

/**
 * A ProductRow's columns, of a product `p` and its category `c`, but `rememberedSize`. One row a
 * product rather than one a variant: the product's text is sent once, not with each variant.
 * `extra` adds columns to each variant, of the item `v`.
 */
const productColumns = (extra: SQL = sql``) =>
  sql`p.id, p.name, p.seller, p.description, p.category_id AS "categoryId",
               c.name AS category, c.slot,
               (SELECT json_agg(v ORDER BY v.id) FROM (
                  SELECT v.id, v.product_id AS "productId", v.color, v.color_hex AS "colorHex",
                         v.size, v.stock, v.price_cents AS "priceCents", v.image${extra}
                    FROM items v WHERE v.product_id = p.id) v) AS variants`;

/** The shopper's cart lines with their items' sizes, read once: `rememberedSizeOf` reads them. */
const cartSizes = (userId: number | null) =>
  sql`cart AS MATERIALIZED (
          SELECT i.size, i.category_id, cl.chosen_at AS at, cl.item_id
            FROM cart_lines cl JOIN items i ON i.id = cl.item_id
           WHERE cl.user_id = ${userId})`;

/**
 * `remembered.size`: for product `p`, the size this shopper chose last in its category that the
 * product is made in: of such cart lines the one chosen latest (`chosen_at`, 0075), of such
 * closet pieces the one bought latest, the later of the two. The cart is read once
 * (`cartSizes`, at most `MAX_CART_LINES` lines), so how many lines PostgreSQL guesses a cart
 * holds cannot turn the read into a scan of a whole category. The closet is read per product
 * from closet_items_user_category_recent_idx, newest first, stopping at the first piece that
 * fits, so a long closet costs nothing more.
 */
const rememberedSizeOf = (userId: number | null) =>
  sql`LEFT JOIN LATERAL (
          SELECT latest.size FROM (
              (SELECT cart.size, cart.at FROM cart
                WHERE cart.category_id = p.category_id
                  AND cart.size IN (SELECT size FROM items WHERE product_id = p.id)
                ORDER BY cart.at DESC, cart.item_id DESC LIMIT 1)
              UNION ALL
              (SELECT i.size, ci.last_bought_at
                 FROM closet_items ci JOIN items i ON i.id = ci.item_id
                WHERE ci.user_id = ${userId} AND ci.category_id = p.category_id
                  AND i.size IN (SELECT size FROM items WHERE product_id = p.id)
                ORDER BY ci.last_bought_at DESC, ci.item_id DESC LIMIT 1)) latest
           ORDER BY latest.at DESC
           LIMIT 1) remembered ON true`;

/** A product row as shown, with the size remembered for it, if any. */
function toProduct(row: ProductRow): ProductVariants {
  // Colours in the order the shop leads with them (their first item), sizes in size order.
  const colourRank = new Map<string, number>();
  for (const v of row.variants)
    if (!colourRank.has(v.color)) colourRank.set(v.color, colourRank.size);
  const variants = row.variants
    .map(toVariant)
    .sort(
      (a, b) => colourRank.get(a.color)! - colourRank.get(b.color)! || compareSizes(a.size, b.size),
    );
  const sizes = [...new Set(variants.map((v) => v.size))].sort(compareSizes);
  return {
    id: row.id,
    name: row.name,
    seller: row.seller,
    description: row.description,
    categoryId: row.categoryId,
    category: row.category,
    slot: row.slot,
    sizes,
    variants,
    rememberedSize: sizes.length === 1 ? sizes[0]! : row.rememberedSize,
  };
}

/**
 * The product an item is a variant of, with its variants; undefined for an unknown item. One
 * statement: the product with the size remembered for the shopper (none for a visitor) and
 * every variant of it, each saying whether the shopper hearted it.
 */
export async function loadProductOfItem(
  client: SqlClient,
  itemId: number,
  userId: number | null,
): Promise<Product | undefined> {
  type HeartedRow = Omit<ProductRow, 'variants'> & {
    variants: (ProductRow['variants'][number] & { hearted: boolean })[];
  };
  const [row] = await queryPrepared<HeartedRow>(
    client,
    'product_variants_of_item',
    sql`WITH ${cartSizes(userId)}
        SELECT ${productColumns(
          // The shopper's heart of the piece, on its own or on a card. A scalar subquery, so one
          // probe of their key per variant: an EXISTS may be planned as a hash of all their hearts.
          sql`, coalesce((SELECT true FROM item_favorites f
                           WHERE f.user_id = ${userId}::int AND f.item_id = v.id
                             AND f.source = 'heart' LIMIT 1), false) AS hearted`,
        )}, remembered.size AS "rememberedSize"
          FROM products p
          JOIN categories c ON c.id = p.category_id
          ${rememberedSizeOf(userId)}
         WHERE p.id = (SELECT product_id FROM items WHERE id = ${itemId})`,
  );
  if (!row) return undefined;
  const heartedItemIds = row.variants.filter((v) => v.hearted).map((v) => v.id);
  return { ...toProduct(row), heartedItemIds };
}

/** An outfit's pieces, each the product it is a variant of with every variant of it. */
export interface OutfitProducts {
  name: string;
  pieces: { slot: Slot; itemId: number; product: ProductVariants }[];
}

/**
 * An outfit's name and pieces, each with its product and every variant of it, in slot order;
 * undefined for an unknown outfit. One statement, one row a piece: the outfit's name, the piece,
 * its product with the size remembered for it, and every variant of the product.
 */
export async function loadOutfitProducts(
  client: SqlClient,
  outfitId: number,
  userId: number,
): Promise<OutfitProducts | undefined> {
  type Row = ProductRow & { outfitName: string; pieceSlot: Slot; pieceItemId: number };
  const rows = await queryPrepared<Row>(
    client,
    'outfit_pieces_variants',
    sql`WITH ${cartSizes(userId)}
        SELECT ${productColumns()}, remembered.size AS "rememberedSize",
               o.name AS "outfitName", oi.slot AS "pieceSlot", oi.item_id AS "pieceItemId"
          FROM outfits o
          JOIN outfit_items oi ON oi.outfit_id = o.id
          JOIN items piece ON piece.id = oi.item_id
          JOIN products p ON p.id = piece.product_id
          JOIN categories c ON c.id = p.category_id
          ${rememberedSizeOf(userId)}
         WHERE o.id = ${outfitId}`,
  );
  const [first] = rows;
  if (!first) return undefined;
  const pieces = rows
    .map((row) => ({ slot: row.pieceSlot, itemId: row.pieceItemId, product: toProduct(row) }))
    .sort((a, b) => SLOTS.indexOf(a.slot) - SLOTS.indexOf(b.slot));
  return { name: first.outfitName, pieces };
}

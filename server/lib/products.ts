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
import { groupBy } from './group-by';
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

/** A variant as one row, beside its product's own columns. */
interface VariantRow extends VariantColumns {
  name: string;
  seller: string;
  description: string;
  categoryId: number;
  category: string;
  slot: Slot;
  /** The size remembered for this shopper for the variant's product (`rememberedSizeOf`). */
  rememberedSize: string | null;
}

/** A VariantRow's columns, of a variant `v`, its product `p` and category `c`. */
const variantColumns = sql`v.id, v.product_id AS "productId", v.color, v.color_hex AS "colorHex",
               v.size, v.stock, v.price_cents AS "priceCents", v.image,
               p.name, p.seller, p.description, p.category_id AS "categoryId",
               c.name AS category, c.slot`;

/** `heart`: the shopper's heart of the variant `v` (on its own or on a card), if any. */
const heartOfVariant = (userId: number | null) =>
  // One probe of the shopper's key per variant (LIMIT keeps it one), not all their hearts.
  sql`LEFT JOIN LATERAL (
                SELECT f.item_id FROM item_favorites f
                 WHERE f.user_id = ${userId}::int AND f.item_id = v.id AND f.source = 'heart'
                 LIMIT 1) heart ON true`;

/** Every variant `v` of the product whose id is `product`, with `p` and `c` (variantColumns). */
const variantsOf = (product: SQL) =>
  sql`JOIN products p ON p.id = ${product}
          JOIN categories c ON c.id = p.category_id
          JOIN items v ON v.product_id = p.id`;

/** The shopper's cart lines with their items' sizes, read once: `rememberedSizeOf` reads them. */
const cartSizes = (userId: number | null) =>
  sql`cart AS MATERIALIZED (
          SELECT i.size, i.category_id, cl.added_at AS at, cl.item_id
            FROM cart_lines cl JOIN items i ON i.id = cl.item_id
           WHERE cl.user_id = ${userId})`;

/**
 * `remembered.size`: for product `p`, the size this shopper chose last in its category that the
 * product is made in: the latest such cart line and the latest such closet piece, the later of
 * the two. The cart is read once (`cartSizes`, at most `MAX_CART_LINES` lines), so how many lines
 * PostgreSQL guesses a cart holds cannot turn the read into a scan of a whole category. The
 * closet is read per product from closet_items_user_category_recent_idx, newest first, stopping
 * at the first piece that fits, so a long closet costs nothing more.
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

/** Variant rows grouped into products, each with the size remembered for it, if any. */
function productsOf(rows: readonly VariantRow[]): Map<number, ProductVariants> {
  const found = new Map<number, ProductVariants>();
  for (const [productId, productRows] of groupBy(rows, (row) => row.productId)) {
    // Colours in the order the shop leads with them (their first item), sizes in size order.
    const colourRank = new Map<string, number>();
    for (const r of productRows)
      if (!colourRank.has(r.color)) colourRank.set(r.color, colourRank.size);
    productRows.sort(
      (a, b) => colourRank.get(a.color)! - colourRank.get(b.color)! || compareSizes(a.size, b.size),
    );
    const variants = productRows.map(toVariant);
    const sizes = [...new Set(variants.map((v) => v.size))].sort(compareSizes);
    const { name, seller, description, categoryId, category, slot, rememberedSize } =
      productRows[0]!;
    found.set(productId, {
      id: productId,
      name,
      seller,
      description,
      categoryId,
      category,
      slot,
      sizes,
      variants,
      rememberedSize: sizes.length === 1 ? sizes[0]! : rememberedSize,
    });
  }
  return found;
}

/**
 * The product an item is a variant of, with its variants; undefined for an unknown item. One
 * statement: the product with the size remembered for the shopper (none for a visitor), then
 * every variant of it.
 */
export async function loadProductOfItem(
  client: SqlClient,
  itemId: number,
  userId: number | null,
): Promise<Product | undefined> {
  const rows = await queryPrepared<VariantRow & { hearted: boolean }>(
    client,
    'product_variants_of_item',
    sql`WITH ${cartSizes(userId)},
        wanted AS MATERIALIZED (
          SELECT p.id, remembered.size
            FROM products p ${rememberedSizeOf(userId)}
           WHERE p.id = (SELECT product_id FROM items WHERE id = ${itemId}))
        SELECT ${variantColumns}, wanted.size AS "rememberedSize",
               heart.item_id IS NOT NULL AS hearted
          FROM wanted ${variantsOf(sql`wanted.id`)} ${heartOfVariant(userId)}
         ORDER BY v.id`,
  );
  const [product] = productsOf(rows).values();
  if (!product) return undefined;
  return { ...product, heartedItemIds: rows.filter((r) => r.hearted).map((r) => r.id) };
}

/** An outfit's pieces, each the product it is a variant of with every variant of it. */
export interface OutfitProducts {
  name: string;
  pieces: { slot: Slot; itemId: number; product: ProductVariants }[];
}

/**
 * An outfit's name and pieces, each with its product and every variant of it, in slot order;
 * undefined for an unknown outfit. One statement: the outfit's row and pieces, with the size
 * remembered for each piece's product (read once a product, not once a variant), then every
 * variant of those products.
 */
export async function loadOutfitProducts(
  client: SqlClient,
  outfitId: number,
  userId: number,
): Promise<OutfitProducts | undefined> {
  type Row = VariantRow & { outfitName: string; pieceSlot: Slot; pieceItemId: number };
  const rows = await queryPrepared<Row>(
    client,
    'outfit_pieces_variants',
    sql`WITH ${cartSizes(userId)},
        pieces AS MATERIALIZED (
          SELECT o.name AS outfit_name, oi.slot, oi.item_id, p.id AS product_id,
                 remembered.size AS remembered
            FROM outfits o
            JOIN outfit_items oi ON oi.outfit_id = o.id
            JOIN items piece ON piece.id = oi.item_id
            JOIN products p ON p.id = piece.product_id
            ${rememberedSizeOf(userId)}
           WHERE o.id = ${outfitId})
        SELECT ${variantColumns}, pieces.outfit_name AS "outfitName", pieces.slot AS "pieceSlot",
               pieces.item_id AS "pieceItemId", pieces.remembered AS "rememberedSize"
          FROM pieces ${variantsOf(sql`pieces.product_id`)}
         ORDER BY v.id`,
  );
  const [first] = rows;
  if (!first) return undefined;
  // Every variant's row carries its product's piece of the outfit (one piece a product).
  const pieceOf = new Map(rows.map((row) => [row.productId, row]));
  const pieces = [...productsOf(rows).values()]
    .map((product) => {
      const piece = pieceOf.get(product.id)!;
      return { slot: piece.pieceSlot, itemId: piece.pieceItemId, product };
    })
    .sort((a, b) => SLOTS.indexOf(a.slot) - SLOTS.indexOf(b.slot));
  return { name: first.outfitName, pieces };
}

import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Product, Variant } from '../../contracts/catalog';
import { formatCents } from '../../contracts/money';
import { type Db, rowsOf } from '../db/client';
import { categories, itemFavorites, items, products } from '../db/schema';
import { compareSizes } from './sizes';

/**
 * The sizes a shopper chose before, latest first, per category: the sizes of their cart's lines
 * and of what they bought (the closet). Outfits' design sizes never count: nothing enters the
 * cart or the closet without a size the shopper picked.
 */
async function chosenSizes(
  db: Db,
  userId: number,
  categoryIds: readonly number[],
): Promise<Map<number, string[]>> {
  const bySize = new Map<number, string[]>();
  if (categoryIds.length === 0) return bySize;
  const rows = await rowsOf<{ category_id: number; size: string }>(
    db,
    sql`SELECT i.category_id, i.size
          FROM (SELECT item_id, added_at AS at FROM cart_lines WHERE user_id = ${userId}
                UNION ALL
                SELECT item_id, last_bought_at FROM closet_items WHERE user_id = ${userId}) chosen
          JOIN items i ON i.id = chosen.item_id
         WHERE i.category_id IN (${sql.join(
           categoryIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         GROUP BY i.category_id, i.size
         ORDER BY max(chosen.at) DESC, i.size`,
  );
  for (const row of rows) {
    const sizes = bySize.get(Number(row.category_id)) ?? [];
    sizes.push(row.size);
    bySize.set(Number(row.category_id), sizes);
  }
  return bySize;
}

/**
 * Products with all their variants, keyed by product id, and for a shopper the size to offer
 * first (Product.rememberedSize). Unknown ids are left out.
 */
export async function loadProducts(
  db: Db,
  productIds: readonly number[],
  userId: number | null,
): Promise<Map<number, Product>> {
  const found = new Map<number, Product>();
  if (productIds.length === 0) return found;
  const ids = [...new Set(productIds)];
  const [productRows, variantRows] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        seller: products.seller,
        description: products.description,
        categoryId: products.categoryId,
        category: categories.name,
        slot: categories.slot,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(inArray(products.id, ids)),
    db
      .select({
        itemId: items.id,
        productId: items.productId,
        color: items.color,
        colorHex: items.colorHex,
        size: items.size,
        stock: items.stock,
        priceCents: items.priceCents,
        img: items.image,
      })
      .from(items)
      .where(inArray(items.productId, ids))
      .orderBy(asc(items.id)),
  ]);
  const remembered =
    userId === null
      ? new Map<number, string[]>()
      : await chosenSizes(
          db,
          userId,
          [...new Set(productRows.map((p) => p.categoryId))].sort((a, b) => a - b),
        );
  const hearted =
    userId === null || variantRows.length === 0
      ? new Set<number>()
      : new Set(
          (
            await db
              .select({ itemId: itemFavorites.itemId })
              .from(itemFavorites)
              .where(
                and(
                  eq(itemFavorites.userId, userId),
                  isNull(itemFavorites.outfitId),
                  inArray(
                    itemFavorites.itemId,
                    variantRows.map((v) => v.itemId),
                  ),
                ),
              )
          ).map((r) => r.itemId),
        );

  const variantsOf = new Map<number, Variant[]>();
  for (const row of variantRows) {
    const list = variantsOf.get(row.productId) ?? [];
    list.push({ ...row, price: formatCents(row.priceCents) });
    variantsOf.set(row.productId, list);
  }
  for (const product of productRows) {
    // Colours in the order the shop leads with them (their first item), sizes in size order.
    const variants = variantsOf.get(product.id) ?? [];
    const colourRank = new Map<string, number>();
    for (const v of variants)
      if (!colourRank.has(v.color)) colourRank.set(v.color, colourRank.size);
    variants.sort(
      (a, b) => colourRank.get(a.color)! - colourRank.get(b.color)! || compareSizes(a.size, b.size),
    );
    const sizes = [...new Set(variants.map((v) => v.size))].sort(compareSizes);
    const rememberedSize =
      sizes.length === 1
        ? sizes[0]!
        : (remembered.get(product.categoryId)?.find((s) => sizes.includes(s)) ?? null);
    found.set(product.id, {
      ...product,
      sizes,
      variants,
      rememberedSize,
      heartedItemIds: variants.filter((v) => hearted.has(v.itemId)).map((v) => v.itemId),
    });
  }
  return found;
}

/** The product an item is a variant of, with its variants; undefined for an unknown item. */
export async function loadProductOfItem(
  db: Db,
  itemId: number,
  userId: number | null,
): Promise<Product | undefined> {
  const [row] = await db
    .select({ productId: items.productId })
    .from(items)
    .where(eq(items.id, itemId))
    .limit(1);
  if (!row) return undefined;
  return (await loadProducts(db, [row.productId], userId)).get(row.productId);
}

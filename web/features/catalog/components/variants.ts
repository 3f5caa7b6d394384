import type { ProductVariants, Variant } from '../../../../contracts/catalog';

/** The variant of this colour and size, if the product is made in it. */
export function variantOf(
  product: ProductVariants,
  color: string,
  size: string | null,
): Variant | undefined {
  return size === null
    ? undefined
    : product.variants.find((v) => v.color === color && v.size === size);
}

/** The product's colours in the shop's order, each with its swatch and picture. */
export function coloursOf(product: ProductVariants): Variant[] {
  const seen = new Set<string>();
  return product.variants.filter((v) => !seen.has(v.color) && seen.add(v.color));
}

/**
 * Where a product view starts: the colour of the item the shopper tapped, and a size they chose,
 * when it is in stock in that colour: the one they typed in a search (`chosenSize`; sold out,
 * none is chosen), or, when the colour is not made in it or none was typed, the one they chose
 * before in this category. The tapped item's own size is never taken: on an outfit card it is
 * the size the outfit was designed in.
 */
export function initialChoice(
  product: ProductVariants,
  itemId: number,
  chosenSize: string | null = null,
) {
  const tapped = product.variants.find((v) => v.itemId === itemId) ?? product.variants[0];
  const color = tapped?.color ?? '';
  const chosen =
    variantOf(product, color, chosenSize) ?? variantOf(product, color, product.rememberedSize);
  return { color, size: chosen && chosen.stock > 0 ? chosen.size : null };
}

/** A new colour keeps the size when the product is made in it in that colour. */
export function sizeAfterColourChange(
  product: ProductVariants,
  color: string,
  size: string | null,
): string | null {
  return variantOf(product, color, size) ? size : null;
}

/** What the stock says about a variant, in the shop's words. */
export function stockText(variant: Variant | undefined): string | null {
  if (!variant) return null;
  if (variant.stock <= 0) return 'Sold out';
  if (variant.stock <= 3) return `Only ${variant.stock} left`;
  return 'In stock';
}

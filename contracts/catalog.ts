import { z } from 'zod';
import { IdSchema } from './common';

export const SLOTS = ['outerwear', 'top', 'accessory', 'bottom', 'footwear'] as const;
export const SlotSchema = z.enum(SLOTS);
export type Slot = z.infer<typeof SlotSchema>;

/** SPEC's category ids: the slot an item can fill follows from its category. */
export const CATEGORY_ID_BY_SLOT: Record<Slot, number> = {
  top: 1,
  bottom: 2,
  footwear: 3,
  outerwear: 6,
  accessory: 7,
};

export const CategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slot: SlotSchema,
});
export type Category = z.infer<typeof CategorySchema>;

export const OccasionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
});
export type Occasion = z.infer<typeof OccasionSchema>;

export const ItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  img: z.string(),
  categoryId: z.number().int(),
  category: z.string(),
  /** Display price, e.g. "$12.00"; priceCents is the number to compute with. */
  price: z.string(),
  priceCents: z.number().int(),
  seller: z.string(),
  color: z.string(),
  colorHex: z.string(),
  size: z.string(),
  stock: z.number().int(),
});
export type Item = z.infer<typeof ItemSchema>;

/** One variant of a product (an item): its colour, size, stock, price and picture. */
export const VariantSchema = z.object({
  itemId: z.number().int(),
  productId: z.number().int(),
  color: z.string(),
  colorHex: z.string(),
  size: z.string(),
  stock: z.number().int(),
  price: z.string(),
  priceCents: z.number().int(),
  img: z.string(),
});
export type Variant = z.infer<typeof VariantSchema>;

/**
 * A product with every variant it is made in (by colour, then size), for the product sheet and
 * the size choices. `sizes` is the product's whole size run in order, so a picker can show the
 * sizes a colour is not made in as unavailable rather than leaving gaps.
 */
export const ProductVariantsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  seller: z.string(),
  description: z.string(),
  categoryId: z.number().int(),
  category: z.string(),
  slot: SlotSchema,
  sizes: z.array(z.string()),
  variants: z.array(VariantSchema),
  /**
   * The size this shopper chose before in this category (cart or closet, latest first) that the
   * product is made in; the only size of a one-size product; otherwise null. Never a size an
   * outfit was designed with.
   */
  rememberedSize: z.string().nullable(),
});
export type ProductVariants = z.infer<typeof ProductVariantsSchema>;

/** A product as its sheet shows it: with the variants this shopper hearted. */
export const ProductSchema = ProductVariantsSchema.extend({
  /** The variants this shopper hearted, on their own or on a swipe card: a piece has one heart. */
  heartedItemIds: z.array(z.number().int()),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductParamsSchema = z.object({ itemId: IdSchema });

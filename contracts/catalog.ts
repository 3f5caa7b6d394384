import { z } from 'zod';

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

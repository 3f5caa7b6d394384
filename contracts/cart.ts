import { z } from 'zod';
import { IdSchema } from './common';
import { MAX_QUANTITY } from './money';

/**
 * A quantity a shopper can put in the cart: 1 to 9 of one piece, as a number or its digits (never
 * `true` or `[2]`, which JavaScript would happily turn into one).
 */
export const CartQuantitySchema = z
  .union([z.number(), z.string().regex(/^[0-9]+$/)], { error: 'Quantity must be a number' })
  .transform(Number)
  .pipe(
    z
      .number({ error: 'Quantity must be a number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`),
  );

export const AddToCartBodySchema = z.object({
  itemId: IdSchema,
  /** How many to add; added to what is already in the cart, never above 9 in all. */
  quantity: CartQuantitySchema.optional().default(1),
});
export type AddToCartBody = z.input<typeof AddToCartBodySchema>;

export const SetCartQuantityBodySchema = z.object({ quantity: CartQuantitySchema });
export type SetCartQuantityBody = z.input<typeof SetCartQuantityBodySchema>;

export const AddOutfitToCartBodySchema = z.object({ outfitId: IdSchema });
export type AddOutfitToCartBody = z.input<typeof AddOutfitToCartBodySchema>;

export const CartItemParamsSchema = z.object({ itemId: IdSchema });

/** When an order placed now should arrive: order day + 3 to 5 business days. */
export const ArrivalSchema = z.object({
  /** ISO dates, e.g. 2026-11-21. */
  from: z.string(),
  to: z.string(),
  /** SPEC's wording: "Arrives: Nov 21-23", or "Arrives: Nov 28-Dec 2" across months. */
  text: z.string(),
});
export type Arrival = z.infer<typeof ArrivalSchema>;

/** One cart line, keyed by the item id. Money in cents and as display text. */
export const CartLineSchema = z.object({
  itemId: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  img: z.string(),
  category: z.string(),
  seller: z.string(),
  color: z.string(),
  colorHex: z.string(),
  size: z.string(),
  /** Units still in stock; a line above it cannot be bought until it is lowered. */
  stock: z.number().int(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  unitPrice: z.string(),
  lineTotalCents: z.number().int(),
  lineTotal: z.string(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

export const CartSchema = z.object({
  lines: z.array(CartLineSchema),
  /** The sum of the quantities: what the cart badge counts. */
  units: z.number().int(),
  subtotalCents: z.number().int(),
  subtotal: z.string(),
  /** $19.99 while the cart holds anything, else 0. */
  shippingCents: z.number().int(),
  shipping: z.string(),
  totalCents: z.number().int(),
  total: z.string(),
  arrival: ArrivalSchema,
});
export type Cart = z.infer<typeof CartSchema>;

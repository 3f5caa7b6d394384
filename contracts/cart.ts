import { z } from 'zod';
import { ProductVariantsSchema, SlotSchema } from './catalog';
import { IdSchema, singleLineText } from './common';
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

/** An item id in a JSON body: a real number, not text that happens to coerce to one. */
const BodyItemIdSchema = z
  .number({ error: 'must be an item id' })
  .int('must be a whole number')
  .positive('must be positive')
  .max(2_147_483_647, 'is too large');

/**
 * Purchase Outfit with the sizes the shopper chose: `itemIds` are the variants picked for the
 * outfit's pieces (any colour and size of each piece's product, one per piece, 1 to 5 of them).
 */
export const AddOutfitToCartBodySchema = z.object({
  outfitId: IdSchema,
  itemIds: z
    .array(BodyItemIdSchema, { error: 'Choose a size for each piece' })
    .min(1, 'Choose a size for at least one piece')
    .max(5, 'An outfit has five pieces')
    .refine((ids) => new Set(ids).size === ids.length, 'Each piece can be chosen once'),
});
export type AddOutfitToCartBody = z.input<typeof AddOutfitToCartBodySchema>;

export const CartItemParamsSchema = z.object({ itemId: IdSchema });

const VariantTextSchema = singleLineText().trim().min(1, 'is required').max(40, 'is too long');

/** Moves a cart line to another colour or size of the same product (at least one of the two). */
export const ChangeCartLineBodySchema = z
  .object({ size: VariantTextSchema.optional(), color: VariantTextSchema.optional() })
  .refine((b) => b.size !== undefined || b.color !== undefined, {
    message: 'Give a size or a colour',
    path: ['size'],
  });
export type ChangeCartLineBody = z.input<typeof ChangeCartLineBodySchema>;

export const LookParamsSchema = z.object({ outfitId: IdSchema });

/** One piece of a look as the shop-the-look sheet shows it. */
export const LookPieceSchema = z.object({
  slot: SlotSchema,
  /** The item the outfit was designed with: its colour is the one to show first. */
  itemId: z.number().int(),
  /** Hearts are the product sheet's, not the look's: none here. */
  product: ProductVariantsSchema,
});
export type LookPiece = z.infer<typeof LookPieceSchema>;

/** What Purchase Outfit offers: the outfit's five pieces with every size and colour. */
export const LookSchema = z.object({
  outfitId: z.number().int(),
  name: z.string(),
  pieces: z.array(LookPieceSchema),
});
export type Look = z.infer<typeof LookSchema>;

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

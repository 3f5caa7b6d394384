import { z } from 'zod';
import { CategorySchema, ItemSchema, OccasionSchema, type Variant, VariantSchema } from './catalog';
import { CursorQuerySchema, IdSchema, pageOf, singleLineText } from './common';
import { MAX_QUANTITY } from './money';
import { OutfitItemSchema, OutfitSchema } from './outfit';
import { CategoryFilterSchema, SearchTextSchema } from './search';

/**
 * A favourite piece: the item (the variant the shopper picked), how many they want, and the
 * outfit it is tagged with. `source` tells a piece the shopper hearted from one that a right
 * swipe brought along; `outfitId` is null for a piece hearted from search. A shopper has one
 * favourite per item and outfit, so the two name it.
 */
export const FavoriteItemSchema = ItemSchema.extend({
  outfitId: z.number().int().nullable(),
  outfitName: z.string().nullable(),
  occasionId: z.number().int().nullable(),
  source: z.enum(['heart', 'outfit']),
  quantity: z.number().int().min(0).max(MAX_QUANTITY),
  /** The shopper chose this size; false while it is the size the piece came in, so Buy asks. */
  sizeChosen: z.boolean(),
  favoritedAt: z.string(),
});
export type FavoriteItem = z.infer<typeof FavoriteItemSchema>;

/**
 * A piece of a favourite outfit as its card shows it, the variant this shopper keeps: when they
 * changed its colour or size, the variant they chose. `favorite` is null once the piece is no
 * longer among their favourites. The piece's page (`GET /api/favorites/specific/favorite/item`)
 * has the rest: its product, seller, stock.
 */
export const FavoriteOutfitPieceSchema = OutfitItemSchema.pick({
  id: true,
  slot: true,
  name: true,
  img: true,
  color: true,
  size: true,
  price: true,
  priceCents: true,
}).extend({
  /** `sizeChosen`: the shopper chose this size (FavoriteItem's); Purchase Outfit offers it. */
  favorite: z.object({ quantity: z.number().int(), sizeChosen: z.boolean() }).nullable(),
});
export type FavoriteOutfitPiece = z.infer<typeof FavoriteOutfitPieceSchema>;

export const FavoriteOutfitSchema = OutfitSchema.extend({
  items: z.array(FavoriteOutfitPieceSchema),
  favoritedAt: z.string(),
});
export type FavoriteOutfit = z.infer<typeof FavoriteOutfitSchema>;

/** A page of favourite outfits, newest like first; `nextCursor` asks for the next. */
export const FavoriteOutfitPageSchema = pageOf(FavoriteOutfitSchema);
export type FavoriteOutfitPage = z.infer<typeof FavoriteOutfitPageSchema>;

/** A page of favourite pieces, newest first; `nextCursor` asks for the next. */
export const FavoriteItemPageSchema = pageOf(FavoriteItemSchema);
export type FavoriteItemPage = z.infer<typeof FavoriteItemPageSchema>;

export const OccasionCountSchema = OccasionSchema.extend({ count: z.number().int() });
export type OccasionCount = z.infer<typeof OccasionCountSchema>;

export const CategoryCountSchema = CategorySchema.extend({ count: z.number().int() });
export type CategoryCount = z.infer<typeof CategoryCountSchema>;

/** One variant of a product, for the colour and size selectors (the catalogue's shape). */
export const VariantOptionSchema = VariantSchema;
export type VariantOption = Variant;

// ---- requests ----

/** An empty query value or the word `null` means "the piece hearted without an outfit". */
/** An id in a JSON body: a real number, not text or a list that happens to coerce to one. */
const BodyIdSchema = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be positive')
  .max(2_147_483_647, 'is too large');

const NullableIdSchema = z.preprocess(
  (v) => (v === '' || v === 'null' || v === 'none' ? null : v),
  IdSchema.nullable(),
);

export const OccasionParamsSchema = z.object({ occasionId: IdSchema });

export const CategoryParamsSchema = z.object({
  category: singleLineText().trim().min(1, 'is required').max(40, 'is too long'),
});

export const SpecificItemQuerySchema = z.object({
  itemid: IdSchema,
  /** Optional: without it the shopper's one favourite row for the item is meant. */
  outfitid: NullableIdSchema.optional(),
});
export type SpecificItemQuery = z.input<typeof SpecificItemQuerySchema>;

const ShortText = singleLineText().trim().min(1, 'is required').max(80, 'is too long');

/**
 * Which product's variants: `productId` (preferred) or SPEC's product `name`. `color` narrows the
 * sizes to those made in that colour; `size` narrows the colours to those made in that size.
 */
export const VariantsQuerySchema = z
  .object({
    productId: IdSchema.optional(),
    name: ShortText.optional(),
    color: ShortText.optional(),
    size: singleLineText().trim().min(1, 'is required').max(20, 'is too long').optional(),
  })
  .refine((q) => q.productId !== undefined || q.name !== undefined, {
    message: 'give productId or name',
    path: ['productId'],
  });
export type VariantsQuery = z.input<typeof VariantsQuerySchema>;

const qtyRules = (n: z.ZodNumber) =>
  n
    .int('must be a whole number')
    .min(1, `must be between 1 and ${MAX_QUANTITY}`)
    .max(MAX_QUANTITY, `must be between 1 and ${MAX_QUANTITY}`);
const QtySchema = qtyRules(z.number({ error: 'must be a number' }));
const QtyParamSchema = qtyRules(z.coerce.number({ error: 'must be a number' }));

/**
 * `outfitId` says which favourite row is meant when the same piece is a favourite more than once
 * (a number for the outfit it is tagged with, null for the one hearted on its own). Without it
 * the shopper's only favourite row for the item is meant.
 */
export const IncreaseQuantityBodySchema = z.object({
  itemId: BodyIdSchema,
  qty: QtySchema,
  outfitId: BodyIdSchema.nullable().optional(),
});
export type IncreaseQuantityBody = z.input<typeof IncreaseQuantityBodySchema>;

export const DecreaseQuantityParamsSchema = z.object({ id: IdSchema, qty: QtyParamSchema });
export const DecreaseQuantityQuerySchema = z.object({ outfitId: NullableIdSchema.optional() });

/**
 * SPEC sends `{ item, newColor }` where item is the item (or its id); Drape's client sends
 * `{ itemId, outfitId, newColor }` so the favourite row is unambiguous. Both are accepted.
 */
const ItemRefSchema = z.union([
  BodyIdSchema,
  z.object({ id: BodyIdSchema, outfitId: BodyIdSchema.nullable().optional() }),
]);

const ChangeTargetShape = {
  itemId: BodyIdSchema.optional(),
  item: ItemRefSchema.optional(),
  outfitId: BodyIdSchema.nullable().optional(),
};
const namesItem = (b: { itemId?: number | undefined; item?: unknown }) =>
  b.itemId !== undefined || b.item !== undefined;
const itemRequired = { message: 'is required', path: ['itemId'] };

export const ChangeColorBodySchema = z
  .object({ ...ChangeTargetShape, newColor: ShortText })
  .refine(namesItem, itemRequired);
export type ChangeColorBody = z.input<typeof ChangeColorBodySchema>;

export const ChangeSizeBodySchema = z
  .object({
    ...ChangeTargetShape,
    newSize: singleLineText().trim().min(1, 'is required').max(20, 'is too long'),
  })
  .refine(namesItem, itemRequired);
export type ChangeSizeBody = z.input<typeof ChangeSizeBodySchema>;

export const HeartItemBodySchema = z.object({
  itemId: BodyIdSchema,
  /** The shopper picked this item's size before hearting it, so Buy need not ask again. */
  sizeChosen: z.boolean().default(false),
});
export type HeartItemBody = z.input<typeof HeartItemBodySchema>;

export const ItemIdParamsSchema = z.object({ itemId: IdSchema });

/** The search bar on the favourites pages: the shopper's own outfits, optionally one occasion. */
export const FavoriteOutfitSearchQuerySchema = CursorQuerySchema.extend({
  q: SearchTextSchema,
  occasion: IdSchema.optional(),
});

export const FavoriteItemSearchQuerySchema = CursorQuerySchema.extend({
  q: SearchTextSchema,
  cat: CategoryFilterSchema,
});

export const HeartResultSchema = z.object({ ok: z.literal(true), favorite: z.boolean() });
export type HeartResult = z.infer<typeof HeartResultSchema>;

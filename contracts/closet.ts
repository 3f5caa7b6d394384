import { z } from 'zod';
import { CategorySchema, ItemSchema, OccasionSchema } from './catalog';
import { CursorQuerySchema, pageOf, singleLineText } from './common';
import { OutfitItemSchema, OutfitSchema } from './outfit';

/**
 * The closet is what the shopper bought. A closet outfit is an outfit all five of whose
 * products the shopper owns, in any colour or size.
 */

/**
 * Free-text search: case-insensitive, every word anywhere in the text, a word with one typo
 * forgiven; `%` and `_` are plain characters.
 */
export const ClosetSearchSchema = singleLineText('Search', { error: 'Search must be text' })
  .trim()
  .max(100, 'Search must be at most 100 characters')
  .optional();

/** A closet list: a page after `cursor` (none for the first), optionally searched. */
export const ClosetListQuerySchema = CursorQuerySchema.extend({ q: ClosetSearchSchema });
export type ClosetListQuery = z.input<typeof ClosetListQuerySchema>;

/** An occasion or a category, named (`Date Night`, `Tops`, case-insensitive) or by id. */
const NameOrIdSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(40, 'must be at most 40 characters')
  .regex(/^[\p{L}\p{N} &'-]+$/u, 'may use letters, digits, spaces, dashes and apostrophes');

export const ClosetOccasionParamsSchema = z.object({ occasion: NameOrIdSchema });
export const ClosetCategoryParamsSchema = z.object({ category: NameOrIdSchema });

/** A piece the shopper owns: the variant bought, how many, and when. */
export const ClosetPieceSchema = ItemSchema.extend({
  quantity: z.number().int(),
  /** ISO timestamps. */
  firstBoughtAt: z.string(),
  lastBoughtAt: z.string(),
});
export type ClosetPiece = z.infer<typeof ClosetPieceSchema>;

/**
 * The variant of a closet outfit's piece that the shopper owns: what sets it apart from the
 * piece (its own item, colour, size and picture; its product, name, price and seller are the
 * piece's) and what they bought of it.
 */
export const ClosetOwnedSchema = ClosetPieceSchema.pick({
  id: true,
  img: true,
  color: true,
  colorHex: true,
  size: true,
  quantity: true,
  firstBoughtAt: true,
  lastBoughtAt: true,
});
export type ClosetOwned = z.infer<typeof ClosetOwnedSchema>;

/**
 * A piece of a closet outfit: the outfit's own variant, plus the variant the shopper owns of
 * the same product (the same item when they bought exactly that colour and size, else the one
 * bought last), and any other colours and sizes of it they own, the latest bought first.
 */
export const ClosetOutfitItemSchema = OutfitItemSchema.extend({
  owned: ClosetOwnedSchema,
  alsoOwned: z.array(ClosetOwnedSchema).meta({
    description: 'Other colours and sizes of the same product the shopper owns, latest first',
  }),
});
export type ClosetOutfitItem = z.infer<typeof ClosetOutfitItemSchema>;

export const ClosetOutfitSchema = OutfitSchema.extend({
  items: z.array(ClosetOutfitItemSchema),
  /**
   * When the last of its five products came into the closet (each product's first purchase of a
   * variant still owned): the day the outfit came together. Buying a piece again leaves it.
   */
  completedAt: z.string(),
});
export type ClosetOutfit = z.infer<typeof ClosetOutfitSchema>;

/** A piece in a closet outfit's summary: its name, and the variant the shopper owns as it looks. */
export const ClosetSummaryPieceSchema = OutfitItemSchema.pick({
  id: true,
  slot: true,
  name: true,
  img: true,
  color: true,
});
export type ClosetSummaryPiece = z.infer<typeof ClosetSummaryPieceSchema>;

/**
 * A closet outfit as a list shows it: each piece by the variant owned (`id`, `img` and `color`
 * are that variant's). The outfit's details, prices and both variants of a piece come from
 * `GET /api/closet/outfits/{id}`.
 */
export const ClosetOutfitSummarySchema = ClosetOutfitSchema.omit({ items: true }).extend({
  items: z.array(ClosetSummaryPieceSchema),
});
export type ClosetOutfitSummary = z.infer<typeof ClosetOutfitSummarySchema>;

/**
 * One page of closet outfits' cards, the most recently completed first (decision 008). Counts
 * come from `GET /api/closet/items/occasions`.
 */
export const ClosetOutfitPageSchema = pageOf(ClosetOutfitSummarySchema);
export type ClosetOutfitPage = z.infer<typeof ClosetOutfitPageSchema>;

/** A page of one occasion's closet outfits, with the occasion its name or id was read as. */
export const ClosetOccasionOutfitPageSchema = ClosetOutfitPageSchema.extend({
  occasion: OccasionSchema,
});
export type ClosetOccasionOutfitPage = z.infer<typeof ClosetOccasionOutfitPageSchema>;

export const ClosetOccasionCountSchema = OccasionSchema.extend({
  /** Closet outfits for this occasion. */
  outfits: z.number().int(),
  /** Pictures of the pieces of its most recently completed closet outfit (empty when none). */
  cover: z.array(z.string()),
});
export type ClosetOccasionCount = z.infer<typeof ClosetOccasionCountSchema>;

export const ClosetCategoryCountSchema = CategorySchema.extend({
  /** Different pieces (variants) owned in this category. */
  pieces: z.number().int(),
  /** Units owned, counting every copy bought. */
  units: z.number().int(),
  /** Picture of the piece bought most recently, for the category tile. */
  cover: z.string().nullable(),
});
export type ClosetCategoryCount = z.infer<typeof ClosetCategoryCountSchema>;

/**
 * A page of the pieces owned in a category, the most recently bought first, with the category
 * its name or id was read as. Counts come from `GET /api/closet/items/category`.
 */
export const ClosetPiecePageSchema = pageOf(ClosetPieceSchema).extend({ category: CategorySchema });
export type ClosetPiecePage = z.infer<typeof ClosetPiecePageSchema>;

import { z } from 'zod';
import { ItemSchema } from './catalog';
import { CursorSchema, pageOf, singleLineText } from './common';
import { OutfitSchema } from './outfit';

/** What the shopper typed. Empty means "no text": pieces then list the most hearted lately, then the newest; outfits the newest. */
export const SearchTextSchema = singleLineText(undefined, { error: 'must be text' })
  .trim()
  .max(100, 'is too long')
  .default('');

/**
 * Categories to search in, by id (`6`), name (`Outerwear`) or slot (`outerwear`): `cat` repeated,
 * or one value holding several separated by commas. Missing means every category.
 */
export const CategoryFilterSchema = z.preprocess(
  (v) => {
    if (v === undefined || v === '') return [];
    const values = Array.isArray(v) ? v : [v];
    return values.flatMap((x) =>
      typeof x === 'string'
        ? x
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [x],
    );
  },
  z
    .array(singleLineText().max(40, 'is too long'), { error: 'must be category ids or names' })
    .max(10, 'has too many categories'),
);

/** No cursor for the first page, then the `nextCursor` the last page gave (decision 008). */
export const ItemSearchQuerySchema = z.object({
  q: SearchTextSchema,
  cat: CategoryFilterSchema,
  cursor: CursorSchema.optional(),
});
export type ItemSearchQuery = z.input<typeof ItemSearchQuerySchema>;

export const OutfitSearchQuerySchema = z.object({
  q: SearchTextSchema,
  cursor: CursorSchema.optional(),
});
export type OutfitSearchQuery = z.input<typeof OutfitSearchQuerySchema>;

/**
 * What separates words in a search besides their letters ("EU-40", "size:M", "32/32"): how the
 * server reads the text, and how a removed chip's words are found in it again.
 */
export const WORD_BREAKS = /[\s\-‐–—.,;:!?()"/]+/;

/**
 * What the search took some of the words typed to mean, for chips the shopper can remove:
 * `words`, the words as typed (removing the chip removes them from the text); `kind` and
 * `label`, what they were read as ("Colour: Black", "Brand: Corvo Calzature", "Size: EU 40",
 * or a spelling read as a word the shop has: "jakcet" as "jacket"). A size keeps the pieces
 * made in it, shown in that size; outfit search does not read sizes.
 */
export const UnderstoodSchema = z.object({
  words: z.string(),
  kind: z.enum(['colour', 'category', 'brand', 'size', 'spelling']),
  label: z.string(),
});
export type Understood = z.infer<typeof UnderstoodSchema>;

/**
 * What every search page says besides its entries: the words understood, and, when the text
 * matches nothing, the closest search the shop can answer (`suggestion`, null otherwise).
 */
const SearchMetaSchema = z.object({
  understood: z.array(UnderstoodSchema),
  suggestion: z.string().nullable(),
});

/**
 * One product colour. The item is the size typed ("jeans 32"; the smallest of them when several
 * were, even sold out), else the size the shopper hearted, else the first in stock;
 * `favorite`: the shopper has hearted it, here or on a swipe card (a piece has one heart);
 * `sizes`: every size this colour is made in.
 */
export const ItemSearchResultSchema = ItemSchema.extend({
  favorite: z.boolean(),
  sizes: z.array(z.string()),
});
export type ItemSearchResult = z.infer<typeof ItemSearchResultSchema>;

/** `favorite`: the shopper swiped right on this outfit. */
export const OutfitSearchResultSchema = OutfitSchema.extend({ favorite: z.boolean() });
export type OutfitSearchResult = z.infer<typeof OutfitSearchResultSchema>;

/** A page of results, best first; `nextCursor` is null on the last page. */
export const ItemSearchPageSchema = pageOf(ItemSearchResultSchema).extend(SearchMetaSchema.shape);
export type ItemSearchPage = z.infer<typeof ItemSearchPageSchema>;

export const OutfitSearchPageSchema = pageOf(OutfitSearchResultSchema).extend(
  SearchMetaSchema.shape,
);
export type OutfitSearchPage = z.infer<typeof OutfitSearchPageSchema>;

import { z } from 'zod';
import { ItemSchema } from './catalog';
import { singleLineText } from './common';
import { OutfitSchema } from './outfit';

/** What the shopper typed. Empty means "no text": the search then lists the newest. */
export const SearchTextSchema = singleLineText(undefined, { error: 'must be text' })
  .trim()
  .max(100, 'is too long')
  .default('');

/**
 * Categories to search in, by id (`6`) or name (`Outerwear`): `cat` repeated, or one value
 * holding several separated by commas. Missing means every category.
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

/**
 * Paging. `offset` is opaque: 0 for the first page, then the `nextOffset` the last page gave
 * (it marks where that page ended, so pages never overlap).
 */
const SearchPageSchema = z.object({
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 50')
    .max(50, 'must be between 1 and 50')
    .default(20),
  offset: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(2 ** 40, 'is not an offset this search gave')
    .default(0),
});

export const ItemSearchQuerySchema = SearchPageSchema.extend({
  q: SearchTextSchema,
  cat: CategoryFilterSchema,
});
export type ItemSearchQuery = z.input<typeof ItemSearchQuerySchema>;

export const OutfitSearchQuerySchema = SearchPageSchema.extend({ q: SearchTextSchema });
export type OutfitSearchQuery = z.input<typeof OutfitSearchQuerySchema>;

/**
 * One product colour. The item is the size the shopper hearted, else the first in stock;
 * `favorite`: the shopper has hearted it on its own (what the search heart toggles);
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

/** A page of results; `nextOffset` is null on the last page. */
export const ItemSearchPageSchema = z.object({
  results: z.array(ItemSearchResultSchema),
  nextOffset: z.number().int().nullable(),
});
export type ItemSearchPage = z.infer<typeof ItemSearchPageSchema>;

export const OutfitSearchPageSchema = z.object({
  results: z.array(OutfitSearchResultSchema),
  nextOffset: z.number().int().nullable(),
});
export type OutfitSearchPage = z.infer<typeof OutfitSearchPageSchema>;

import { FAVORITES_KEY } from '../../../lib/query-keys';

/**
 * Query keys of the favorites. Everything sits under `['favorites']`, the key the feed
 * invalidates after a swipe or a heart, so one invalidation refreshes every favorites page.
 */
export const favoritesKeys = {
  all: FAVORITES_KEY,
  occasions: () => ['favorites', 'occasions'] as const,
  categories: () => ['favorites', 'categories'] as const,
  occasion: (occasionId: number, q: string) => ['favorites', 'occasion', occasionId, q] as const,
  category: (name: string) => ['favorites', 'category', name.toLowerCase()] as const,
  item: (itemId: number, outfitId: number | null) =>
    ['favorites', 'item', itemId, outfitId ?? 'none'] as const,
  variants: (productId: number) => ['favorites', 'variants', productId] as const,
};

/** Search's results and the product sheet show a favourite's heart on its colour and size. */
export { PRODUCT_KEY, SEARCH_KEY } from '../../../lib/query-keys';

/**
 * Query keys of the favorites. Everything sits under `['favorites']`, the key the feed
 * invalidates after a swipe or a heart, so one invalidation refreshes every favorites page.
 */
export const favoritesKeys = {
  all: ['favorites'] as const,
  occasions: () => ['favorites', 'occasions'] as const,
  categories: () => ['favorites', 'categories'] as const,
  occasion: (occasionId: number, q: string) => ['favorites', 'occasion', occasionId, q] as const,
  category: (name: string) => ['favorites', 'category', name.toLowerCase()] as const,
  item: (itemId: number, outfitId: number | null) =>
    ['favorites', 'item', itemId, outfitId ?? 'none'] as const,
  variants: (productId: number) => ['favorites', 'variants', productId] as const,
};

/**
 * Search results carry heart states; they live in the search feature, which keeps its queries
 * under this key.
 */
export const SEARCH_KEY = ['search'] as const;
/** The catalogue's product sheet shows a favourite's heart on its colour and size. */
export const PRODUCT_KEY = ['product'] as const;

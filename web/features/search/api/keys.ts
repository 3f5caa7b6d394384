/**
 * Query keys of the global search. Everything sits under `['search']`; the favorites pages
 * invalidate that key when a favorite changes there, so hearts here stay true.
 */
export const searchKeys = {
  all: ['search'] as const,
  items: (q: string, categories: readonly number[]) =>
    ['search', 'items', q, [...categories].sort((a, b) => a - b).join(',')] as const,
  outfits: (q: string) => ['search', 'outfits', q] as const,
  categories: () => ['search', 'categories'] as const,
};

/** Favorites (their pages' queries) and the swipe feed change when a heart changes here. */
export const FAVORITES_KEY = ['favorites'] as const;
export const FEED_KEY = ['feed'] as const;
/** The catalogue's product sheet shows the pieces hearted here. */
export const PRODUCT_KEY = ['product'] as const;

import { SEARCH_KEY } from '../../../lib/query-keys';

/**
 * Query keys of the global search. Everything sits under `['search']`; the favorites pages
 * invalidate that key when a favorite changes there, so hearts here stay true.
 */
export const searchKeys = {
  all: SEARCH_KEY,
  items: (q: string, categories: readonly number[]) =>
    ['search', 'items', q, [...categories].sort((a, b) => a - b).join(',')] as const,
  outfits: (q: string) => ['search', 'outfits', q] as const,
  categories: () => ['search', 'categories'] as const,
};

/** Favorites, the swipe feed and the product sheet show the hearts given here. */
export { FAVORITES_KEY, FEED_KEY, PRODUCT_KEY } from '../../../lib/query-keys';

import { FEED_PAGE_DEFAULT } from '../../../../contracts/feed-limits';
import { FEED_KEY } from '../../../lib/query-keys';

/** Query keys of the swipe feed. */
export const feedKeys = {
  all: FEED_KEY,
  home: () => ['feed', 'home'] as const,
};

/** Swipes and hearts change the favourites, and the hearts of search and the product sheet. */
export { FAVORITES_KEY, PRODUCT_KEY, SEARCH_KEY } from '../../../lib/query-keys';

/** The page the server sends when not asked for another size (it preloads this one too). */
export const FEED_PAGE_SIZE = FEED_PAGE_DEFAULT;

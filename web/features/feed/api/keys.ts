import { FEED_PAGE_DEFAULT } from '../../../../contracts/feed-limits';

/** Query keys of the swipe feed. */
export const feedKeys = {
  all: ['feed'] as const,
  home: () => ['feed', 'home'] as const,
};

/**
 * Swipes and hearts change the shopper's favorites, which the favourites and search features
 * show (search as its hearts); they keep their queries under these keys, so the feed
 * invalidates them without importing those features.
 */
export const FAVORITES_KEY = ['favorites'] as const;
export const SEARCH_KEY = ['search'] as const;

/** The page the server sends when not asked for another size (it preloads this one too). */
export const FEED_PAGE_SIZE = FEED_PAGE_DEFAULT;

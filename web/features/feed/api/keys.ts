import { FEED_PAGE_DEFAULT } from '../../../../contracts/feed-limits';

/** Query keys of the swipe feed. */
export const feedKeys = {
  all: ['feed'] as const,
  home: () => ['feed', 'home'] as const,
};

/**
 * Swipes and hearts change the shopper's favorites, which another feature shows; it keeps its
 * queries under this key, so the feed invalidates it without importing that feature.
 */
export const FAVORITES_KEY = ['favorites'] as const;

/** The page the server sends when not asked for another size (it preloads this one too). */
export const FEED_PAGE_SIZE = FEED_PAGE_DEFAULT;

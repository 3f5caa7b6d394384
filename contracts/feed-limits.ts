// The feed's page limits, apart from its schemas: the swipe screen is in the web app's first
// download, and importing them from feed.ts would bring zod along with it.

export const FEED_PAGE_DEFAULT = 10;
export const FEED_PAGE_MAX = 30;
/** How many outfits the client may ask the feed to skip (the cards it already holds). */
export const FEED_EXCLUDE_MAX = 300;

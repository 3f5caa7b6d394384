import { z } from 'zod';

/**
 * What the database announces when rows that app processes keep copies of change: one entry per
 * NOTIFY channel, with the trigger function that encodes and sends the payload and the one
 * decoder of it. Every kept copy listens through `AnnouncedCache` (server/lib/announced-cache.ts)
 * with one of these (decision 006):
 *
 * | copy | kept by | forgotten on |
 * |---|---|---|
 * | sessions | `plugins/auth.ts` | `session` |
 * | outfit cards | `lib/outfit-cards.ts` | `outfit`, everything on `catalogue` |
 * | stock levels | `lib/stock-levels.ts` | `stock` |
 * | shoppers' hearts | `lib/shopper-hearts.ts` | `hearts` |
 * | shoppers' queues | `features/feed/queue.ts` | `feed` (a swipe takes one outfit out) |
 * | item search pages | `features/search/search-pages.ts` | everything on `catalogue` |
 * | outfit search pages | `features/search/search-pages.ts` | everything on `outfit`, `catalogue` |
 *
 * The catalogue's shape (`features/feed/catalogue-shape.ts`) is the one copy not told by a
 * channel: every ranking reads the `catalogue_version` counter (0020) with the shopper's history
 * anyway, and reads the shape again once the counter has moved. Two more copies follow neither a
 * channel nor `CACHE_SECONDS`: the five categories (`lib/categories.ts`, a minute: migrations
 * alone change them) and the first rankings new shoppers share (`features/feed/openings.ts`,
 * made again when the catalogue's counter moves or after `OPENINGS.maxAgeSeconds`).
 */
export interface Announcement<P> {
  channel: string;
  /** The migration and trigger function that encode the payload and send it. */
  sentBy: string;
  decode(payload: string): P;
}

/** The payload naming every key of a channel at once. */
export const EVERYTHING = '*';
export type Everything = typeof EVERYTHING;

const numberOrEverything = (payload: string): number | Everything =>
  payload === EVERYTHING ? EVERYTHING : Number(payload);

/** A shopper's queue changed: one outfit left it (swiped), or, without an outfit, all of it. */
const FeedChangeSchema = z.object({
  userId: z.number().int(),
  outfitId: z.number().int().optional(),
});
export type FeedChange = z.infer<typeof FeedChangeSchema>;

export const ANNOUNCED = {
  /** A session ended or cut short, or its user renamed or made (un)admin: its token hash. */
  session: {
    channel: 'drape_session_changed',
    sentBy: '0009: notify_session_change, notify_user_sessions',
    decode: (payload: string): string => payload,
  },
  /** An outfit made, or it or one of its slots updated or deleted: the outfit id. */
  outfit: {
    channel: 'drape_outfit_changed',
    sentBy: '0009, 0040: notify_outfit_change',
    decode: Number,
  },
  /** Items added, removed, renamed, repriced or moved: always everything. */
  catalogue: {
    channel: 'drape_catalogue_changed',
    sentBy: '0010: notify_catalogue_change',
    decode: (): Everything => EVERYTHING,
  },
  /** An item's stock changed: its id; items deleted: everything. */
  stock: {
    channel: 'drape_stock_changed',
    sentBy: '0011: notify_stock_change',
    decode: numberOrEverything,
  },
  /** A shopper's hearts changed: the shopper's id. */
  hearts: {
    channel: 'drape_hearts_changed',
    sentBy: '0011: notify_heart_change',
    decode: Number,
  },
  /** A swipe on an outfit waiting in the shopper's queue, or the queue written or undone. */
  feed: {
    channel: 'drape_feed_changed',
    sentBy: '0025: announce_feed_change (json), called by notify_swipe_change, notify_queue_change',
    decode: (payload: string): FeedChange => FeedChangeSchema.parse(JSON.parse(payload)),
  },
} as const satisfies Record<string, Announcement<unknown>>;

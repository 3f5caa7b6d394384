import { z } from 'zod';
import { IdSchema } from './common';
import { FEED_EXCLUDE_MAX, FEED_PAGE_DEFAULT, FEED_PAGE_MAX } from './feed-limits';
import { OutfitSchema } from './outfit';

export const SWIPE_DIRECTIONS = ['like', 'nope'] as const;
export const SwipeDirectionSchema = z.enum(SWIPE_DIRECTIONS);
export type SwipeDirection = z.infer<typeof SwipeDirectionSchema>;

export { FEED_EXCLUDE_MAX, FEED_PAGE_DEFAULT, FEED_PAGE_MAX } from './feed-limits';

/**
 * Why a card is in the shopper's feed, from the signal that placed it in their ranking:
 * `occasion` (they liked looks of its occasion), `liked-piece` (a piece shares something with
 * pieces of looks they liked), `hearted-piece` (a piece of a product they hearted), `new` (the
 * outfit was added in the last 7 days), `popular` (liked by many shoppers who saw it),
 * `explore` (kept for exploring beside their taste), `start` (a shopper with no signal yet),
 * `undo` (back after they took their swipe back).
 */
export const FEED_REASON_KINDS = [
  'occasion',
  'liked-piece',
  'hearted-piece',
  'new',
  'popular',
  'explore',
  'start',
  'undo',
] as const;
export const FeedReasonSchema = z.object({
  kind: z.enum(FEED_REASON_KINDS),
  /** One short line, e.g. "You liked 3 Date Night looks". */
  text: z.string(),
});
export type FeedReason = z.infer<typeof FeedReasonSchema>;

/**
 * An outfit on a swipe card, with its pieces this shopper has hearted (on this card or anywhere
 * else: a piece has one heart) and why it is there.
 */
export const FeedOutfitSchema = OutfitSchema.extend({
  heartedItemIds: z.array(z.number().int()),
  reason: FeedReasonSchema,
});
export type FeedOutfit = z.infer<typeof FeedOutfitSchema>;

/** `exclude` arrives as `1,2,3` or as a repeated parameter. */
const IdListSchema = z.preprocess(
  (v) => {
    if (v === undefined || v === '') return [];
    const parts = Array.isArray(v) ? v : [v];
    return parts.flatMap((p) => (typeof p === 'string' ? p.split(',').filter(Boolean) : [p]));
  },
  z.array(IdSchema).max(FEED_EXCLUDE_MAX, `at most ${FEED_EXCLUDE_MAX} ids`),
);

export const FeedQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, `must be between 1 and ${FEED_PAGE_MAX}`)
    .max(FEED_PAGE_MAX, `must be between 1 and ${FEED_PAGE_MAX}`)
    .default(FEED_PAGE_DEFAULT),
  /** Outfits the client already shows or still has to send a swipe for. */
  exclude: IdListSchema.optional(),
  /**
   * Ranks the page on the spot with this seed for the small random variety: the same seed gives
   * the same order, and `0` turns the variety off. Left out (as the app does), the page comes
   * from the shopper's feed as ranked ahead of time.
   */
  seed: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});
export type FeedQuery = z.input<typeof FeedQuerySchema>;

export const FeedPageSchema = z.object({
  outfits: z.array(FeedOutfitSchema),
  /** True when at least one more unswiped outfit is waiting after this page. */
  hasMore: z.boolean(),
});
export type FeedPage = z.infer<typeof FeedPageSchema>;

/** An id in a JSON body: a real number, not text or anything else that happens to coerce. */
const BodyIdSchema = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be positive')
  .max(2_147_483_647, 'is too large');

export const OutfitRefBodySchema = z.object({ outfitId: BodyIdSchema });
export type OutfitRefBody = z.input<typeof OutfitRefBodySchema>;

export const SwipeResultSchema = z.object({
  outfitId: z.number().int(),
  direction: SwipeDirectionSchema,
  /** False when the shopper had already swiped this outfit the same way: nothing changed. */
  changed: z.boolean(),
});
export type SwipeResult = z.infer<typeof SwipeResultSchema>;

export const UndoResultSchema = z.object({
  direction: SwipeDirectionSchema,
  outfit: FeedOutfitSchema,
});
export type UndoResult = z.infer<typeof UndoResultSchema>;

/** Passed outfits put back in the feed. */
export const PassedResetResultSchema = z.object({
  /** How many outfits came back: those passed on, and those liked and then unfavourited. */
  restored: z.number().int(),
});
export type PassedResetResult = z.infer<typeof PassedResetResultSchema>;

export const OutfitUnfavoriteResultSchema = z.object({
  outfitId: z.number().int(),
  /** How many pieces that came with the outfit were removed from the favourites. */
  removedItems: z.number().int(),
  changed: z.boolean(),
});
export type OutfitUnfavoriteResult = z.infer<typeof OutfitUnfavoriteResultSchema>;

export const ItemHeartBodySchema = z.object({ itemId: BodyIdSchema, outfitId: BodyIdSchema });
export type ItemHeartBody = z.input<typeof ItemHeartBodySchema>;

export const ItemHeartParamsSchema = z.object({ itemId: IdSchema, outfitId: IdSchema });

export const ItemHeartResultSchema = z.object({
  itemId: z.number().int(),
  outfitId: z.number().int(),
  favorite: z.boolean(),
});
export type ItemHeartResult = z.infer<typeof ItemHeartResultSchema>;

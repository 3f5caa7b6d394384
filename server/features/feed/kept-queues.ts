import { FEED_PAGE_DEFAULT } from '../../../contracts/feed-limits';
import type { Database, SqlClient } from '../../db/client';
import { AnnouncedCache, KeptReads } from '../../lib/announced-cache';
import type { ShopperHearts } from '../../lib/shopper-hearts';
import { type QueuedOutfit, readQueue } from './feed.repository';
import type { OutfitCards } from './outfit-cards';

/** Cards read with a queue: a page of the usual size, and the one after it that tells of more. */
const CARDS_AHEAD = FEED_PAGE_DEFAULT + 1;

/** Announced by the database when what waits in a shopper's queue changes (0012). */
const FEED_CHANNEL = 'drape_feed_changed';

/** What waits in one shopper's queue: unswiped outfits, best first, and the first and last places. */
export interface Waiting {
  outfits: readonly QueuedOutfit[];
  firstPlace: number | null;
  last: number | null;
}

const without = (waiting: Waiting, outfitId: number): Waiting => ({
  ...waiting,
  outfits: waiting.outfits.filter((outfit) => outfit.id !== outfitId),
});

/**
 * Each shopper's queued feed as it was last read, less what they swiped since. A shopper asks
 * for a page after every few swipes, and the queue changes only when it is ranked again; a
 * swipe, wherever it was made, is announced with its outfit, which is taken out of the copy,
 * so the copy need not be read again. Anything else (a swipe taken back, a fresh ranking)
 * forgets the copy.
 */
export class KeptQueues extends KeptReads<Waiting> {
  private constructor(
    client: SqlClient,
    cache: AnnouncedCache<Waiting, number>,
    /** Where the cards of a queue's first outfits, read with it, are kept. */
    private readonly cards: OutfitCards,
    /** Where the shopper's hearts, read with the queue, are kept (when given). */
    private readonly hearts: ShopperHearts | undefined,
  ) {
    super(client, cache);
  }

  static async open(
    database: Database,
    options: { ttlMs: number; cards: OutfitCards; hearts?: ShopperHearts },
  ): Promise<KeptQueues> {
    const cache = await AnnouncedCache.open<Waiting, number>(database, {
      channel: FEED_CHANNEL,
      ttlMs: options.ttlMs,
      // Up to a hundred outfits each: about 5 MB per thousand shoppers.
      maxEntries: 10_000,
      message(payload, kept) {
        const [userId, outfitId] = payload.split(':');
        if (outfitId === undefined) kept.forget(Number(userId));
        else kept.change(Number(userId), (waiting) => without(waiting, Number(outfitId)));
      },
    });
    return new KeptQueues(database.sql, cache, options.cards, options.hearts);
  }

  async read(userId: number): Promise<Waiting> {
    const kept = this.cache.get(userId);
    if (kept) return kept;
    const since = this.cache.changes;
    const cardsSince = this.cards.changes;
    const heartsSince = this.hearts?.changes ?? 0;
    const { waiting, firstPlace, last, cards, hearts } = await readQueue(
      this.client,
      userId,
      CARDS_AHEAD,
    );
    this.cards.keep(cards, cardsSince);
    if (hearts) this.hearts?.keep(userId, hearts, heartsSince);
    const read = { outfits: waiting, firstPlace, last };
    this.cache.set(userId, read, since);
    return read;
  }

  /**
   * A swipe this process just recorded: its outfit leaves the copy at once, before the
   * announcement comes back, so the shopper's next page cannot show it again.
   */
  swiped(userId: number, outfitId: number): void {
    this.cache.change(userId, (waiting) => without(waiting, outfitId));
  }

  /** A swipe this process just took back, or a queue it just wrote. */
  forget(userId: number): void {
    this.cache.forget(userId);
  }
}

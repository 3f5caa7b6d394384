import type { SqlClient } from '../../db/client';
import { type FirstSwipe, type FirstSwipeOutcome, recordFirstSwipes } from './feed.repository';

/** The most swipes one statement writes. */
const MAX_BATCH = 64;
/**
 * Statements under way at once. One: under the benchmark's swipes (ten connections) statements
 * then carry four or five swipes each, and PostgreSQL spends about 280 µs a swipe against 450.
 */
const MAX_IN_FLIGHT = 1;

interface Waiting {
  swipe: FirstSwipe;
  resolve(outcome: FirstSwipeOutcome): void;
  reject(error: unknown): void;
}

/**
 * Writes shoppers' first swipes together. A swipe arriving while the statements allowed are under
 * way waits, and the swipes that waited go in the next statement, so a quiet shop writes each
 * swipe at once and a busy one writes many per statement: PostgreSQL spends about half as much
 * per swipe on a statement of five as on five statements, and the server makes one round trip
 * for them. A statement holds one swipe per shopper; another of the same shopper waits for a
 * later one, so a shopper's swipes are written in the order they came. If a statement fails, its
 * swipes are written one at a time, so that one bad swipe (a shopper deleted meanwhile) fails
 * alone.
 */
export class SwipeBatches {
  private readonly waiting: Waiting[] = [];
  /** Shoppers with a swipe in a statement under way. */
  private readonly writing = new Set<number>();
  private inFlight = 0;

  constructor(
    private readonly client: SqlClient,
    private readonly limits = { maxBatch: MAX_BATCH, maxInFlight: MAX_IN_FLIGHT },
  ) {}

  record(swipe: FirstSwipe): Promise<FirstSwipeOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ swipe, resolve, reject });
      this.next();
    });
  }

  /** Starts statements while some may start and swipes wait. */
  private next(): void {
    while (this.inFlight < this.limits.maxInFlight && this.waiting.length > 0) {
      const batch = this.takeBatch();
      if (batch.length === 0) return; // each waits for its shopper's swipe under way
      this.inFlight += 1;
      for (const w of batch) this.writing.add(w.swipe.userId);
      void this.write(batch).finally(() => {
        for (const w of batch) this.writing.delete(w.swipe.userId);
        this.inFlight -= 1;
        this.next();
      });
    }
  }

  /**
   * The oldest waiting swipes, one per shopper, in the order they came; none of a shopper whose
   * earlier swipe is still being written.
   */
  private takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const shoppers = new Set<number>();
    for (let i = 0; i < this.waiting.length && batch.length < this.limits.maxBatch; ) {
      const waiting = this.waiting[i]!;
      if (shoppers.has(waiting.swipe.userId) || this.writing.has(waiting.swipe.userId)) {
        i += 1;
        continue;
      }
      shoppers.add(waiting.swipe.userId);
      batch.push(waiting);
      this.waiting.splice(i, 1);
    }
    return batch;
  }

  private async write(batch: Waiting[]): Promise<void> {
    try {
      const outcomes = await recordFirstSwipes(
        this.client,
        batch.map((w) => w.swipe),
      );
      for (const [i, w] of batch.entries()) w.resolve(outcomes[i]!);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const w of batch) {
        try {
          const [outcome] = await recordFirstSwipes(this.client, [w.swipe]);
          w.resolve(outcome!);
        } catch (alone) {
          w.reject(alone);
        }
      }
    }
  }
}

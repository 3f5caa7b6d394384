import type { SqlClient } from '../../db/client';
import { type FirstSwipe, type FirstSwipeOutcome, recordFirstSwipes } from './feed.repository';

/** The most swipes one statement writes. */
const MAX_BATCH = 64;

interface PendingSwipe {
  swipe: FirstSwipe;
  resolve(outcome: FirstSwipeOutcome): void;
  reject(error: unknown): void;
}

/**
 * First swipes written together: one statement at a time, the swipes that arrive meanwhile in the
 * next; one per shopper each, so a shopper's swipes keep their order. A failed statement's swipes
 * are written one by one, so a bad one (a shopper deleted meanwhile) fails alone.
 */
export class SwipeBatches {
  private waiting: PendingSwipe[] = [];
  private writing = false;

  constructor(private readonly client: SqlClient) {}

  record(swipe: FirstSwipe): Promise<FirstSwipeOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ swipe, resolve, reject });
      void this.next();
    });
  }

  /** Writes the oldest waiting swipes, one per shopper, unless a statement is under way. */
  private async next(): Promise<void> {
    if (this.writing || this.waiting.length === 0) return;
    this.writing = true;
    const batch: PendingSwipe[] = [];
    const shoppers = new Set<number>();
    this.waiting = this.waiting.filter((w) => {
      if (batch.length === MAX_BATCH || shoppers.has(w.swipe.userId)) return true;
      shoppers.add(w.swipe.userId);
      batch.push(w);
      return false;
    });
    await this.write(batch);
    this.writing = false;
    void this.next();
  }

  private async write(batch: PendingSwipe[]): Promise<void> {
    try {
      const outcomes = await recordFirstSwipes(
        this.client,
        batch.map((w) => w.swipe),
      );
      for (const [i, w] of batch.entries()) w.resolve(outcomes[i]!);
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else for (const w of batch) await this.write([w]);
    }
  }
}

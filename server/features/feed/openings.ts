import type { SqlClient } from '../../db/client';
import type { RankedOutfit } from './feed.repository';
import * as repo from './feed.repository';
import { QUEUE } from './queue';

/** How many first rankings new shoppers share, and how long one serves before it is made again. */
export const OPENINGS = { rankings: 8, maxAgeSeconds: 5 * 60 } as const;

interface Opening {
  version: number;
  madeAt: number;
  ranked: Promise<RankedOutfit[]>;
}

/**
 * First pages for shoppers with no swipe or heart: with no taste, rankings differ only by seed, so
 * a few are shared, taken by shopper id, and made again when the catalogue changes or they age.
 */
export class Openings {
  readonly #kept = new Map<number, Opening>();

  constructor(private readonly client: SqlClient) {}

  /** The shared ranking for this shopper, made for the catalogue at `version` or later. */
  get(userId: number, version: number): Promise<RankedOutfit[]> {
    const slot = userId % OPENINGS.rankings;
    const kept = this.#kept.get(slot);
    const now = Date.now();
    if (kept && kept.version >= version && now - kept.madeAt < OPENINGS.maxAgeSeconds * 1000) {
      return kept.ranked;
    }
    const ranked = repo.rankFeed(
      this.client,
      { version, history: repo.NO_HISTORY },
      { limit: QUEUE.size },
    );
    const made: Opening = { version, madeAt: now, ranked };
    this.#kept.set(slot, made);
    // A ranking that failed is made again by the next first visit.
    ranked.catch(() => {
      if (this.#kept.get(slot) === made) this.#kept.delete(slot);
    });
    return ranked;
  }
}

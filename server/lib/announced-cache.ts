import type { Database, Listener } from '../db/client';

/** The announcement that everything on a channel changed (a catalogue change, for searches). */
export const EVERYTHING = '*';

interface Entry<V> {
  value: V;
  /** Until when this copy may answer without asking the database (ms since epoch). */
  trustUntil: number;
}

/**
 * Copies of rows every app process reads far more often than anyone changes them (sessions,
 * outfits). The rows live in the database, shared by every process; a copy here is trusted for
 * `ttlMs` at most, and is dropped the moment the database announces a change to it on `channel`
 * (triggers in 0009_change_notices.sql and 0010_catalogue_notices.sql send the key, or `*` when
 * every copy is affected). While the announcements cannot be heard
 * (the listening connection is being re-established), nothing is trusted: every read asks the
 * database, as if there were no cache.
 */
export class AnnouncedCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  #listener: Listener | null = null;
  #changes = 0;

  private constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** A cache that trusts nothing (`ttlMs` 0) keeps nothing and needs no subscription. */
  static async open<V>(
    database: Database,
    options: { channel: string; ttlMs: number; maxEntries: number },
  ): Promise<AnnouncedCache<V>> {
    const cache = new AnnouncedCache<V>(options.ttlMs, options.maxEntries);
    if (options.ttlMs > 0) {
      cache.#listener = await database.listen(options.channel, {
        message: (key) => (key === EVERYTHING ? cache.forgetAll() : cache.forget(key)),
        gap: () => cache.forgetAll(),
      });
    }
    return cache;
  }

  /** The copy, if it may still be trusted. */
  get(key: string, now = Date.now()): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.trustUntil <= now || !this.#listener?.live) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Counts the announcements heard. A read notes it before asking the database and hands it to
   * `set`: a row that changed while the answer was on its way is then not kept.
   */
  get changes(): number {
    return this.#changes;
  }

  set(key: string, value: V, since: number, now = Date.now()): void {
    if (!this.#listener?.live || since !== this.#changes) return;
    // Re-inserted, so the map's order is the order of last write and the oldest go first.
    this.#entries.delete(key);
    this.#entries.set(key, { value, trustUntil: now + this.ttlMs });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  forget(key: string): void {
    this.#changes += 1;
    this.#entries.delete(key);
  }

  forgetAll(): void {
    this.#changes += 1;
    this.#entries.clear();
  }

  async close(): Promise<void> {
    this.#entries.clear();
    await this.#listener?.close();
    this.#listener = null;
  }
}

import { type Announcement, EVERYTHING, type Everything } from '../db/announcements';
import type { Database, Listener } from '../db/client';

export { EVERYTHING };

interface Entry<V> {
  value: V;
  /** Until when this copy may answer without asking the database (ms since epoch). */
  trustUntil: number;
}

/**
 * Copies of rows every app process reads far more often than anyone changes them (sessions,
 * outfits). The rows live in the database, shared by every process; a copy here is trusted for
 * `ttlMs` at most, and is dropped the moment the database announces a change to it (`on`, one of
 * `ANNOUNCED` in server/db/announcements.ts). While the announcements cannot be heard
 * (the listening connection is being re-established), nothing is trusted: every read asks the
 * database, as if there were no cache.
 */
export class AnnouncedCache<V, K extends string | number = string> {
  readonly #entries = new Map<K, Entry<V>>();
  #listeners: Listener[] = [];
  /** Announcements heard so far. */
  #changes = 0;
  /** The count of announcements when everything was last forgotten. */
  #clearedAt = 0;
  /** The count when each key was last forgotten, oldest first (at most `maxEntries`). */
  readonly #forgotten = new Map<K, number>();

  private constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /**
   * A cache that trusts nothing (`ttlMs` 0) keeps nothing and needs no subscription. Any
   * announcement on one of `forgetAllOn` forgets every copy (a change to something every copy
   * may hold).
   */
  static async open<V, K extends string | number = string, P = K | Everything>(
    database: Database,
    options: {
      on: Announcement<P>;
      ttlMs: number;
      maxEntries: number;
      forgetAllOn?: Announcement<unknown>[];
      /** What an announcement does; by default it forgets the key it names, or everything. */
      message?: (payload: P, cache: AnnouncedCache<V, K>) => void;
    },
  ): Promise<AnnouncedCache<V, K>> {
    const cache = new AnnouncedCache<V, K>(options.ttlMs, options.maxEntries);
    if (options.ttlMs > 0) {
      const gap = () => cache.forgetAll();
      const message =
        options.message ??
        ((payload: P) =>
          payload === EVERYTHING ? cache.forgetAll() : cache.forget(payload as unknown as K));
      const { on } = options;
      const heard = (payload: string) => {
        let decoded: P;
        try {
          decoded = on.decode(payload);
        } catch {
          // Not a payload its trigger writes: whatever it meant, nothing kept is trusted.
          return gap();
        }
        message(decoded, cache);
      };
      cache.#listeners.push(await database.listen(on.channel, { message: heard, gap }));
      for (const { channel } of options.forgetAllOn ?? []) {
        cache.#listeners.push(await database.listen(channel, { message: gap, gap }));
      }
    }
    return cache;
  }

  /** Whether every announcement is being heard: only then may a copy be trusted. */
  get #live(): boolean {
    for (const listener of this.#listeners) if (!listener.live) return false;
    return this.#listeners.length > 0;
  }

  /** The copy, if it may still be trusted. */
  get(key: K, now = Date.now()): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.trustUntil <= now || !this.#live) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Counts the announcements heard. A read notes it before asking the database and hands it to
   * `set`: a row announced as changed while the answer was on its way is then not kept. Rows
   * announced meanwhile under other keys do not stop it being kept.
   */
  get changes(): number {
    return this.#changes;
  }

  set(key: K, value: V, since: number, now = Date.now()): void {
    if (!this.#live || since < this.#clearedAt) return;
    if ((this.#forgotten.get(key) ?? 0) > since) return;
    // Re-inserted, so the map's order is the order of last write and the oldest go first.
    this.#entries.delete(key);
    this.#entries.set(key, { value, trustUntil: now + this.ttlMs });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  forget(key: K): void {
    this.#entries.delete(key);
    this.#announced(key);
  }

  /**
   * Applies an announced change to the copy of `key`, if there is one, instead of forgetting it
   * (`change` returns the copy as it is now, or undefined to forget it). Reads under way are not
   * kept, as after `forget`.
   */
  change(key: K, change: (value: V) => V | undefined): void {
    const entry = this.#entries.get(key);
    if (entry) {
      const value = change(entry.value);
      if (value === undefined) this.#entries.delete(key);
      else entry.value = value;
    }
    this.#announced(key);
  }

  #announced(key: K): void {
    this.#changes += 1;
    this.#forgotten.delete(key);
    this.#forgotten.set(key, this.#changes);
    // Remembering when every key was forgotten would grow without bound: past the limit the
    // oldest is let go, and reads begun before it was forgotten are treated as overlapping.
    while (this.#forgotten.size > this.maxEntries) {
      const [oldest, at] = this.#forgotten.entries().next().value as [K, number];
      this.#forgotten.delete(oldest);
      this.#clearedAt = Math.max(this.#clearedAt, at);
    }
  }

  forgetAll(): void {
    this.#changes += 1;
    this.#entries.clear();
    this.#forgotten.clear();
    this.#clearedAt = this.#changes;
  }

  async close(): Promise<void> {
    this.#entries.clear();
    const listeners = this.#listeners;
    this.#listeners = [];
    await Promise.all(listeners.map((listener) => listener.close()));
  }
}

/**
 * Reads rows from the database and keeps what it read in an `AnnouncedCache`: the shape of every
 * kept copy (sessions aside), each adding how it reads and what its announcements mean.
 */
export abstract class KeptReads<V, K extends string | number = number> {
  protected constructor(
    protected readonly database: Database,
    protected readonly cache: AnnouncedCache<V, K>,
  ) {}

  /** Notes the announcements heard so far, before a read whose rows are kept with `since`. */
  get changes(): number {
    return this.cache.changes;
  }

  close(): Promise<void> {
    return this.cache.close();
  }
}

import type { SwipeDirection } from '../../../../contracts/feed';
import { ApiRequestError } from '../../../lib/api-client';
import { swipeOutfit } from './swipe-outfit';

export interface QueuedSwipe {
  outfitId: number;
  direction: SwipeDirection;
  queuedAt: number;
}

export interface QueueSnapshot {
  swipes: readonly QueuedSwipe[];
  /** True while a send failed and the queue waits to try again (offline, server down). */
  retrying: boolean;
}

export interface SwipeQueueOptions {
  userId: number;
  send?: (swipe: QueuedSwipe) => Promise<unknown>;
  /** A swipe the server refused for good (a 4xx): it is dropped, and the shopper told. */
  onRejected?: (swipe: QueuedSwipe, error: ApiRequestError) => void;
  /** Called after each swipe the server acknowledged. */
  onSent?: (swipe: QueuedSwipe) => void;
  storage?: Storage | undefined;
}

const MAX_BACKOFF_MS = 30_000;

function isQueuedSwipe(value: unknown): value is QueuedSwipe {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    Number.isInteger(v.outfitId) &&
    (v.direction === 'like' || v.direction === 'nope') &&
    typeof v.queuedAt === 'number'
  );
}

/** Errors worth retrying: no connection, the server briefly down, or signed out meanwhile. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.status === 0 || error.status >= 500 || [401, 408, 429].includes(error.status);
}

/**
 * Swipes waiting for the server, in order, kept in localStorage so a reload or a dropped
 * connection loses none. One is sent at a time, so the server sees them in the order they were
 * made (undo relies on that). Transient failures retry with backoff and on the `online` event.
 * The storage key carries the user id: another account signing in on this browser never sends
 * someone else's swipes.
 */
export class SwipeQueue {
  private readonly key: string;
  private readonly send: (swipe: QueuedSwipe) => Promise<unknown>;
  private readonly storage: Storage | undefined;
  private items: QueuedSwipe[];
  private inFlight: QueuedSwipe | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private readonly listeners = new Set<() => void>();
  private idleWaiters: (() => void)[] = [];
  private snapshot: QueueSnapshot = { swipes: [], retrying: false };

  constructor(private readonly options: SwipeQueueOptions) {
    this.key = `drape.swipes.v1.${options.userId}`;
    this.send = options.send ?? ((s) => swipeOutfit(s.outfitId, s.direction));
    this.storage =
      options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
    this.items = this.load();
    this.snapshot = { swipes: [...this.items], retrying: false };
  }

  private load(): QueuedSwipe[] {
    try {
      const parsed: unknown = JSON.parse(this.storage?.getItem(this.key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isQueuedSwipe) : [];
    } catch {
      return [];
    }
  }

  private changed() {
    try {
      if (this.items.length) this.storage?.setItem(this.key, JSON.stringify(this.items));
      else this.storage?.removeItem(this.key);
    } catch {
      // Storage full or disabled: the queue still works for this page's lifetime.
    }
    this.snapshot = { swipes: [...this.items], retrying: this.timer !== undefined };
    for (const listener of this.listeners) listener();
    if (this.items.length === 0 && !this.inFlight) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /** For useSyncExternalStore. */
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** For useSyncExternalStore: a new object whenever anything changed. */
  getSnapshot = (): QueueSnapshot => this.snapshot;

  /** The swipes not yet acknowledged (the one being sent included), oldest first. */
  pending(): readonly QueuedSwipe[] {
    return this.snapshot.swipes;
  }

  start() {
    if (this.running) return;
    this.running = true;
    window.addEventListener('online', this.retryNow);
    void this.flush();
  }

  stop() {
    this.running = false;
    window.removeEventListener('online', this.retryNow);
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  enqueue(outfitId: number, direction: SwipeDirection) {
    // A second swipe on the same outfit replaces one still waiting.
    this.items = this.items.filter((s) => s.outfitId !== outfitId || s === this.inFlight);
    this.items.push({ outfitId, direction, queuedAt: Date.now() });
    this.changed();
    void this.flush();
  }

  /**
   * Takes back the latest swipe if the server has not seen it yet (queued, not being sent).
   * Returns it, or undefined when it is already on its way or acknowledged.
   */
  takeBackLast(): QueuedSwipe | undefined {
    const last = this.items.at(-1);
    if (!last || last === this.inFlight) return undefined;
    this.items = this.items.slice(0, -1);
    this.changed();
    return last;
  }

  /** Resolves once every queued swipe has been acknowledged or refused. */
  idle(): Promise<void> {
    if (this.items.length === 0 && !this.inFlight) return Promise.resolve();
    void this.flush();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private retryNow = () => {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.attempt = 0;
    this.changed();
    void this.flush();
  };

  private async flush(): Promise<void> {
    if (!this.running || this.inFlight || this.timer !== undefined) return;
    const next = this.items[0];
    if (!next) return;
    this.inFlight = next;
    try {
      await this.send(next);
      this.attempt = 0;
      this.items = this.items.filter((s) => s !== next);
      this.inFlight = null;
      this.changed();
      this.options.onSent?.(next);
    } catch (error) {
      this.inFlight = null;
      if (isTransient(error)) {
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** this.attempt);
        this.attempt += 1;
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.changed();
          void this.flush();
        }, delay);
        this.changed();
        return;
      }
      this.items = this.items.filter((s) => s !== next);
      this.changed();
      this.options.onRejected?.(next, error as ApiRequestError);
    }
    void this.flush();
  }
}

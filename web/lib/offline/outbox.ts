import {
  deleteOutboxRecord,
  hasOutboxRecord,
  type OutboxRecord,
  openOfflineDb,
  putOutboxRecord,
  readOutbox,
} from './offline-db';
import { reportOutbox } from './status';

/** Where an outbox keeps its records: IndexedDB, or localStorage where there is none. */
interface Storage<T> {
  load(): OutboxRecord<T>[] | Promise<OutboxRecord<T>[]>;
  /** Done when the answer (or the promise it returns) is. */
  put(record: OutboxRecord<T>): unknown;
  remove(seq: number): unknown;
  has(seq: number): boolean | Promise<boolean>;
}

function indexedDbStorage<T>(owner: number): Storage<T> {
  return {
    load: async () => (await readOutbox<T>(owner)) ?? [],
    put: (record) => putOutboxRecord(record),
    remove: (seq) => deleteOutboxRecord(owner, seq),
    has: (seq) => hasOutboxRecord(owner, seq),
  };
}

/** Records kept under one localStorage key, read and written at once. */
function localRecords<T>(key: string) {
  return {
    read(): OutboxRecord<T>[] {
      try {
        const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
        return Array.isArray(parsed) ? parsed : [];
      } catch {
        return [];
      }
    },
    save(records: OutboxRecord<T>[]) {
      try {
        if (records.length) localStorage.setItem(key, JSON.stringify(records));
        else localStorage.removeItem(key);
      } catch {
        // Storage full or disabled: the outbox still works for this page's lifetime.
      }
    },
  };
}

function localStorageStorage<T>(key: string): Storage<T> {
  const { read, save } = localRecords<T>(key);
  return {
    load: read,
    put: (record) =>
      save([...read().filter((r) => r.seq !== record.seq), record].sort((a, b) => a.seq - b.seq)),
    remove: (seq) => save(read().filter((r) => r.seq !== seq)),
    has: (seq) => read().some((r) => r.seq === seq),
  };
}

/**
 * Records whose write had not finished when the page was hidden, copied where a write is done
 * at once: a page closed the moment after a swipe may not finish an IndexedDB transaction.
 */
function unloadCopy<T>(key: string) {
  const { read, save } = localRecords<T>(key);
  return {
    take(): OutboxRecord<T>[] {
      const records = read();
      save([]);
      return records;
    },
    keep: save,
  };
}

/** The storage for an owner's outbox: at once where IndexedDB does not exist at all. */
function storageFor<T>(name: string, owner: number): Storage<T> | Promise<Storage<T>> {
  const local = () => localStorageStorage<T>(`drape.outbox.${name}.${owner}`);
  if (typeof indexedDB === 'undefined') return local();
  return openOfflineDb().then((db) => (db ? indexedDbStorage<T>(owner) : local()));
}

/** Runs `task` holding a lock every tab of the app shares, where the browser has them. */
function exclusively<R>(lock: string, task: () => Promise<R>): Promise<R> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(lock, task) as Promise<R>) : task();
}

export interface OutboxOptions<T> {
  /** Names the outbox (its lock, its localStorage key). */
  name: string;
  /** Whose changes: another account signing in on this browser never sends them. */
  owner: number;
  isEntry: (value: unknown) => value is T;
  /**
   * Sends one change. `repeated` is true when an earlier attempt at it may have reached the
   * server (only for the changes `marksAttempts` names).
   */
  send: (entry: T, attempt: { repeated: boolean }) => Promise<unknown>;
  /** Whether a failure is worth trying again; any other drops the change. */
  isTransient: (error: unknown) => boolean;
  /** Changes the server must not see twice: each attempt is written down before it is made. */
  marksAttempts?: (entry: T) => boolean;
  /** Whether a failed attempt may still have reached the server (its answer lost on the way). */
  mayHaveArrived: (error: unknown) => boolean;
  /** Which changes count as swipes, for the offline line. */
  isSwipe?: (entry: T) => boolean;
  /** Changes an earlier version of the app kept elsewhere: taken in once, after the kept ones. */
  adopt?: () => T[];
}

export type OutboxEvent<T> =
  | { type: 'sent'; entry: T; result: unknown }
  | { type: 'rejected'; entry: T; error: unknown };

export interface OutboxSnapshot<T> {
  entries: readonly T[];
  /** True while a send failed and the outbox waits to try again (offline, server down). */
  retrying: boolean;
  /** False until the kept changes have been read (IndexedDB answers a moment after start). */
  loaded: boolean;
}

interface Item<T> {
  seq: number;
  entry: T;
  /** An attempt may have reached the server: it cannot be taken back unseen. */
  attempted: boolean;
  /** Its record is in storage (a change whose record could not be written is still sent). */
  stored: boolean;
}

const MAX_BACKOFF_MS = 30_000;

/**
 * Changes waiting for the server, in order, kept in IndexedDB so a reload or a dropped
 * connection loses none. One is sent at a time, so the server sees them in the order they were
 * made; transient failures retry with backoff and on the `online` event. Each change is written
 * down before it is sent and crossed out (under a lock all tabs share) once the server answered,
 * so no tab sends it again; a change that is unsafe to repeat also records each attempt, and its
 * sender is told when an earlier one may have arrived.
 */
export class Outbox<T> {
  private readonly storage: Storage<T> | Promise<Storage<T>>;
  private readonly unwritten: ReturnType<typeof unloadCopy<T>>;
  private items: Item<T>[] = [];
  private inFlight: Item<T> | null = null;
  private loaded = false;
  private lastSeq = 0;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  /** Waiting for the browser to be back online. */
  private offline = false;
  private writes: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: OutboxEvent<T>) => void>();
  private idleWaiters: (() => void)[] = [];
  private snapshot: OutboxSnapshot<T> = { entries: [], retrying: false, loaded: false };
  /** Resolves once the kept changes have been read. */
  readonly ready: Promise<void>;

  constructor(private readonly options: OutboxOptions<T>) {
    this.storage = storageFor<T>(options.name, options.owner);
    this.unwritten = unloadCopy<T>(`drape.outbox.${options.name}.${options.owner}.unwritten`);
    const storage = this.storage;
    const records = storage instanceof Promise ? storage.then((s) => s.load()) : storage.load();
    if (records instanceof Promise) {
      this.ready = records.catch(() => []).then((kept) => this.loadFrom(kept));
    } else {
      // localStorage answers at once: the outbox is ready in the first render.
      this.loadFrom(records);
      this.ready = Promise.resolve();
    }
  }

  private loadFrom(records: OutboxRecord<T>[]) {
    const valid = (r: OutboxRecord<T>) => Number.isFinite(r?.seq) && this.options.isEntry(r.entry);
    const itemOf = (r: OutboxRecord<T>, stored: boolean): Item<T> => ({
      seq: r.seq,
      entry: r.entry,
      attempted: r.attempted === true,
      stored,
    });
    const kept = records.filter(valid).map((r) => itemOf(r, true));
    // What the last page could not finish writing, unless the write got there after all.
    const stored = new Set(kept.map((i) => i.seq));
    const recovered = this.unwritten
      .take()
      .filter((r) => valid(r) && !stored.has(r.seq))
      .map((r) => itemOf(r, false));
    for (const item of recovered) this.store(item);
    const earlier = [...kept, ...recovered].sort((a, b) => a.seq - b.seq);
    this.lastSeq = Math.max(this.lastSeq, ...earlier.map((i) => i.seq));
    // Changes made while the kept ones were read are newer than all of them.
    this.items = [...earlier, ...this.items];
    this.loaded = true;
    for (const entry of this.options.adopt?.() ?? []) this.add(entry);
    this.changed();
    void this.flush();
  }

  private nextSeq(): number {
    // Time-based, so two tabs' changes interleave in the order they were made.
    this.lastSeq = Math.max(this.lastSeq + 1, Date.now() * 1000);
    return this.lastSeq;
  }

  private record(item: Item<T>): OutboxRecord<T> {
    return {
      owner: this.options.owner,
      seq: item.seq,
      entry: item.entry,
      attempted: item.attempted,
    };
  }

  /** Writes the item's record, and marks it stored once it is. */
  private store(item: Item<T>) {
    const record = this.record(item);
    this.persist(async (storage) => {
      await storage.put(record);
      item.stored = true;
    });
  }

  /** Writes happen one after another, in the order they were asked for. */
  private persist(change: (storage: Storage<T>) => unknown) {
    this.writes = this.writes
      .then(async () => change(await this.storage))
      .catch(() => {
        // Storage full or refused: the change is still held for this page's lifetime.
      });
  }

  private changed() {
    const swipes = this.options.isSwipe
      ? this.items.filter((i) => this.options.isSwipe?.(i.entry)).length
      : 0;
    const retrying = this.timer !== undefined || (this.offline && this.items.length > 0);
    this.snapshot = { entries: this.items.map((i) => i.entry), retrying, loaded: this.loaded };
    if (this.running) {
      reportOutbox(`${this.options.name}.${this.options.owner}`, {
        pending: this.items.length,
        swipes,
        retrying,
      });
    }
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
  getSnapshot = (): OutboxSnapshot<T> => this.snapshot;

  /** Hears each change the server took, or refused for good. */
  listen(listener: (event: OutboxEvent<T>) => void): () => void {
    this.eventListeners.add(listener);
    return () => {
      this.eventListeners.delete(listener);
    };
  }

  private emit(event: OutboxEvent<T>) {
    for (const listener of this.eventListeners) listener(event);
  }

  /** The changes not yet acknowledged (the one being sent included), oldest first. */
  pending(): readonly T[] {
    return this.snapshot.entries;
  }

  start() {
    if (this.running) return;
    this.running = true;
    window.addEventListener('online', this.retryNow);
    window.addEventListener('pagehide', this.keepUnwritten);
    window.addEventListener('pageshow', this.forgetUnwritten);
    this.changed();
    void this.flush();
  }

  stop() {
    this.running = false;
    window.removeEventListener('online', this.retryNow);
    window.removeEventListener('pagehide', this.keepUnwritten);
    window.removeEventListener('pageshow', this.forgetUnwritten);
    clearTimeout(this.timer);
    this.timer = undefined;
    reportOutbox(`${this.options.name}.${this.options.owner}`, undefined);
  }

  add(entry: T) {
    const item: Item<T> = { seq: this.nextSeq(), entry, attempted: false, stored: false };
    this.items.push(item);
    this.store(item);
    this.changed();
    void this.flush();
  }

  /**
   * Takes back the latest change that `matches`, if the server has not seen it (it is not being
   * sent and never was). Returns it, or undefined.
   */
  takeBack(matches: (entry: T) => boolean): T | undefined {
    const item = this.items.findLast((i) => matches(i.entry));
    if (!item || item === this.inFlight || item.attempted) return undefined;
    this.items = this.items.filter((i) => i !== item);
    this.persist((storage) => storage.remove(item.seq));
    this.changed();
    return item.entry;
  }

  /** Resolves once every write asked for so far is in storage. */
  async written(): Promise<void> {
    await this.writes;
  }

  /** Resolves once every change has been acknowledged or refused. */
  idle(): Promise<void> {
    if (this.items.length === 0 && !this.inFlight) return Promise.resolve();
    void this.flush();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** The page is going: the changes not yet in storage are copied where a write is immediate. */
  private keepUnwritten = () => {
    this.unwritten.keep(this.items.filter((i) => !i.stored).map((i) => this.record(i)));
  };

  /** The page came back from the browser's cache, its changes still in hand. */
  private forgetUnwritten = (event: PageTransitionEvent) => {
    if (event.persisted) this.unwritten.keep([]);
  };

  private retryNow = () => {
    this.offline = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.attempt = 0;
    this.changed();
    void this.flush();
  };

  /** Sends `item` unless another tab already did; true when this tab sent it. */
  private async sendOnce(item: Item<T>): Promise<{ sent: boolean; result?: unknown }> {
    // Its record is written before it is sent.
    await this.writes;
    const storage = await this.storage;
    const { name, owner, marksAttempts, send } = this.options;
    return exclusively(`drape.outbox.${name}.${owner}`, async () => {
      if (item.stored && !(await storage.has(item.seq))) return { sent: false };
      const repeated = item.attempted;
      if (marksAttempts?.(item.entry) && !item.attempted) {
        item.attempted = true;
        await storage.put(this.record(item));
      }
      const result = await send(item.entry, { repeated });
      await storage.remove(item.seq);
      return { sent: true, result };
    });
  }

  private async flush(): Promise<void> {
    if (!this.running || !this.loaded || this.inFlight || this.timer !== undefined) return;
    const next = this.items[0];
    if (!next) return;
    // Offline, nothing is tried (so nothing is half sent): the `online` event starts again.
    if (!navigator.onLine) {
      if (!this.offline) {
        this.offline = true;
        this.changed();
      }
      return;
    }
    this.offline = false;
    this.inFlight = next;
    try {
      const { sent, result } = await this.sendOnce(next);
      this.attempt = 0;
      this.items = this.items.filter((i) => i !== next);
      this.inFlight = null;
      this.changed();
      if (sent) this.emit({ type: 'sent', entry: next.entry, result });
    } catch (error) {
      this.inFlight = null;
      if (this.options.mayHaveArrived(error)) next.attempted = true;
      if (this.options.isTransient(error)) {
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
      this.items = this.items.filter((i) => i !== next);
      this.persist((storage) => storage.remove(next.seq));
      this.changed();
      this.emit({ type: 'rejected', entry: next.entry, error });
    }
    void this.flush();
  }
}

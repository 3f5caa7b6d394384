/**
 * The browser's own database (IndexedDB) for what the app keeps while offline: changes waiting
 * for the server (the outbox) and the last things a screen showed (kept values). Where the
 * browser has none, or refuses it (some private windows), every call answers `undefined` and the
 * callers fall back to localStorage.
 */

const DB_NAME = 'drape-offline';
const DB_VERSION = 1;
export const OUTBOX_STORE = 'outbox';
export const KEPT_STORE = 'kept';

/** One change waiting for the server: ordered by `seq` among its owner's. */
export interface OutboxRecord<T = unknown> {
  owner: number;
  seq: number;
  entry: T;
  /** Sent at least once before, so the server may have seen it. */
  attempted?: boolean;
}

let opening: Promise<IDBDatabase | undefined> | undefined;

function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function finished(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** The database, opened once per page; `undefined` where IndexedDB cannot be used. */
export function openOfflineDb(): Promise<IDBDatabase | undefined> {
  opening ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(undefined);
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(DB_NAME, DB_VERSION);
    } catch {
      return resolve(undefined);
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(OUTBOX_STORE)) {
        db.createObjectStore(OUTBOX_STORE, { keyPath: ['owner', 'seq'] });
      }
      if (!db.objectStoreNames.contains(KEPT_STORE)) db.createObjectStore(KEPT_STORE);
    };
    request.onsuccess = () => {
      const db = request.result;
      // A newer version of the app in another tab needs the database to itself to upgrade it.
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      resolve(db);
    };
    request.onerror = () => resolve(undefined);
  });
  return opening;
}

/** For tests: the next call opens the database afresh (after fake-indexeddb was reset). */
export function closeOfflineDb() {
  const current = opening;
  opening = undefined;
  void current?.then((db) => db?.close());
}

/** An owner's outbox, oldest first (the key orders it), or `undefined` without IndexedDB. */
export async function readOutbox<T>(owner: number): Promise<OutboxRecord<T>[] | undefined> {
  const db = await openOfflineDb();
  if (!db) return undefined;
  const store = db.transaction(OUTBOX_STORE, 'readonly').objectStore(OUTBOX_STORE);
  const range = IDBKeyRange.bound(
    [owner, Number.NEGATIVE_INFINITY],
    [owner, Number.POSITIVE_INFINITY],
  );
  return (await settle(store.getAll(range))) as OutboxRecord<T>[];
}

async function write(storeName: string, change: (store: IDBObjectStore) => void): Promise<boolean> {
  const db = await openOfflineDb();
  if (!db) return false;
  const tx = db.transaction(storeName, 'readwrite');
  change(tx.objectStore(storeName));
  await finished(tx);
  return true;
}

export const putOutboxRecord = (record: OutboxRecord) =>
  write(OUTBOX_STORE, (store) => store.put(record));

export const deleteOutboxRecord = (owner: number, seq: number) =>
  write(OUTBOX_STORE, (store) => store.delete([owner, seq]));

/** Whether a record is still there (another tab may have sent it meanwhile). */
export async function hasOutboxRecord(owner: number, seq: number): Promise<boolean> {
  const db = await openOfflineDb();
  if (!db) return true;
  const store = db.transaction(OUTBOX_STORE, 'readonly').objectStore(OUTBOX_STORE);
  return (await settle(store.count([owner, seq]))) > 0;
}

/** A kept value, or `undefined` (none kept, or no IndexedDB). */
export async function readKept<T>(key: string): Promise<T | undefined> {
  const db = await openOfflineDb();
  if (!db) return undefined;
  const store = db.transaction(KEPT_STORE, 'readonly').objectStore(KEPT_STORE);
  return (await settle(store.get(key))) as T | undefined;
}

export const writeKept = (key: string, value: unknown) =>
  write(KEPT_STORE, (store) => store.put(value, key));

export const deleteKept = (key: string) => write(KEPT_STORE, (store) => store.delete(key));

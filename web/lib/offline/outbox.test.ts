import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeOfflineDb, readOutbox } from './offline-db';
import { Outbox, type OutboxOptions } from './outbox';

interface Change {
  id: number;
  undo?: boolean;
}

const isChange = (value: unknown): value is Change =>
  typeof value === 'object' && value !== null && Number.isInteger((value as Change).id);

/** No answer at all: it may or may not have reached the server. */
class LostAnswer extends Error {}
/** The server said no for good. */
class Refused extends Error {}

let online = true;
const outboxes: Outbox<Change>[] = [];

function outbox(owner: number, send: OutboxOptions<Change>['send']) {
  const box = new Outbox<Change>({
    name: 'test',
    owner,
    isEntry: isChange,
    send,
    isTransient: (error) => !(error instanceof Refused),
    mayHaveArrived: (error) => error instanceof LostAnswer,
    marksAttempts: (change) => change.undo === true,
  });
  outboxes.push(box);
  return box;
}

/** A server that records what it was sent, in order. */
function server() {
  const seen: { id: number; repeated: boolean }[] = [];
  const send = vi.fn(async (change: Change, { repeated }: { repeated: boolean }) => {
    seen.push({ id: change.id, repeated });
    return { ok: change.id };
  });
  return { seen, send };
}

const goOnline = () => {
  online = true;
  window.dispatchEvent(new Event('online'));
};

/** The page closes once what it was writing is written. */
async function reload(box: Outbox<Change>) {
  box.stop();
  await box.written();
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  closeOfflineDb();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  for (const box of outboxes.splice(0)) box.stop();
});

describe('Outbox', () => {
  it('sends changes one at a time, in the order they were made, and forgets each once taken', async () => {
    const seen: number[] = [];
    const releases: (() => void)[] = [];
    const box = outbox(1, (change) => {
      seen.push(change.id);
      return new Promise<void>((resolve) => releases.push(resolve));
    });
    await box.ready;
    box.start();
    box.add({ id: 10 });
    box.add({ id: 11 });
    box.add({ id: 12 });
    await vi.waitFor(() => expect(seen).toEqual([10]));
    expect(box.pending().map((c) => c.id)).toEqual([10, 11, 12]);
    releases.shift()?.();
    await vi.waitFor(() => expect(seen).toEqual([10, 11]));
    releases.shift()?.();
    await vi.waitFor(() => expect(seen).toEqual([10, 11, 12]));
    releases.shift()?.();
    await box.idle();
    expect(box.pending()).toEqual([]);
    await vi.waitFor(async () => expect(await readOutbox(1)).toEqual([]));
  });

  it('keeps what was made offline in IndexedDB across a reload, and sends it in order once online', async () => {
    online = false;
    const first = outbox(7, server().send);
    await first.ready;
    first.start();
    first.add({ id: 3 });
    first.add({ id: 1, undo: true });
    first.add({ id: 2 });
    // Offline, nothing is even tried; the snapshot says the changes wait for a connection.
    await vi.waitFor(() => expect(first.getSnapshot().retrying).toBe(true));
    await reload(first);
    expect((await readOutbox<Change>(7))?.map((r) => r.entry.id)).toEqual([3, 1, 2]);

    const { seen, send } = server();
    const second = outbox(7, send);
    expect(second.getSnapshot().loaded).toBe(false);
    await second.ready;
    expect(second.pending().map((c) => c.id)).toEqual([3, 1, 2]);
    second.start();
    // Offline it waits for the `online` event without trying.
    expect(second.getSnapshot().retrying).toBe(true);
    expect(send).not.toHaveBeenCalled();
    goOnline();
    await second.idle();
    // Each once, in order; the undo was never tried before, so it is not a repeat.
    expect(seen).toEqual([
      { id: 3, repeated: false },
      { id: 1, repeated: false },
      { id: 2, repeated: false },
    ]);
    await vi.waitFor(async () => expect(await readOutbox(7)).toEqual([]));
    // Another shopper on this browser never had them.
    const other = outbox(8, send);
    await other.ready;
    expect(other.pending()).toEqual([]);
  });

  it('keeps a change made the moment before the page went, though its write never finished', async () => {
    online = false;
    const first = outbox(9, server().send);
    await first.ready;
    first.start();
    first.add({ id: 4 });
    first.add({ id: 5 });
    // The page goes at once: its IndexedDB writes are lost with it (a database of its own
    // stands for one whose transactions never committed).
    window.dispatchEvent(new Event('pagehide'));
    first.stop();
    globalThis.indexedDB = new IDBFactory();
    closeOfflineDb();

    online = true;
    const { seen, send } = server();
    const second = outbox(9, send);
    await second.ready;
    expect(second.pending().map((c) => c.id)).toEqual([4, 5]);
    second.start();
    await second.idle();
    expect(seen.map((s) => s.id)).toEqual([4, 5]);
    // Taken once: a third page has nothing left to send.
    const third = outbox(9, send);
    await third.ready;
    expect(third.pending()).toEqual([]);
  });

  it('forgets the copy when the page comes back from the browser cache with its changes in hand', async () => {
    online = false;
    const { seen, send } = server();
    const box = outbox(10, send);
    await box.ready;
    box.start();
    box.add({ id: 6 });
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    // Back on screen, the page sends the change itself.
    goOnline();
    await box.idle();
    await reload(box);
    const next = outbox(10, send);
    await next.ready;
    expect(next.pending()).toEqual([]);
    expect(seen.map((s) => s.id)).toEqual([6]);
  });

  it('sends nothing twice when two tabs hold the same changes', async () => {
    online = false;
    const first = outbox(2, server().send);
    await first.ready;
    first.add({ id: 5 });
    first.add({ id: 6 });
    await reload(first);
    online = true;
    // Two tabs open on the same outbox: each reads both changes.
    const a = server();
    const b = server();
    const tabA = outbox(2, a.send);
    const tabB = outbox(2, b.send);
    await Promise.all([tabA.ready, tabB.ready]);
    tabA.start();
    await tabA.idle();
    tabB.start();
    await tabB.idle();
    expect(a.seen.map((s) => s.id)).toEqual([5, 6]);
    expect(b.seen).toEqual([]);
    expect(tabB.pending()).toEqual([]);
  });

  it('tells the sender when a change that must not repeat may have arrived before, even after a reload', async () => {
    const send = vi.fn<OutboxOptions<Change>['send']>().mockRejectedValue(new LostAnswer());
    const first = outbox(3, send);
    await first.ready;
    first.start();
    first.add({ id: 9, undo: true });
    await vi.waitFor(() => expect(first.getSnapshot().retrying).toBe(true));
    expect(send).toHaveBeenCalledWith({ id: 9, undo: true }, { repeated: false });
    await reload(first);

    const { seen, send: answer } = server();
    const second = outbox(3, answer);
    await second.ready;
    second.start();
    await second.idle();
    expect(seen).toEqual([{ id: 9, repeated: true }]);
  });

  it('takes back a change only while the server cannot have seen it', async () => {
    online = false;
    const { seen, send } = server();
    const box = outbox(4, send);
    await box.ready;
    box.start();
    box.add({ id: 1 });
    box.add({ id: 2 });
    expect(box.takeBack((c) => c.id === 2)).toEqual({ id: 2 });
    await reload(box);
    expect((await readOutbox<Change>(4))?.map((r) => r.entry.id)).toEqual([1]);

    // Tried and unanswered: it may be on the server, so it stays.
    online = true;
    const lost = vi.fn<OutboxOptions<Change>['send']>().mockRejectedValue(new LostAnswer());
    const again = outbox(4, lost);
    await again.ready;
    again.start();
    await vi.waitFor(() => expect(lost).toHaveBeenCalled());
    await vi.waitFor(() => expect(again.getSnapshot().retrying).toBe(true));
    expect(again.takeBack((c) => c.id === 1)).toBeUndefined();
    expect(seen).toEqual([]);
  });

  it('retries a transient failure, and drops a change the server refuses for good', async () => {
    const attempts: number[] = [];
    const send = vi.fn(async (change: Change) => {
      attempts.push(change.id);
      if (change.id === 1 && attempts.length === 1) throw new Error('server down');
      if (change.id === 2) throw new Refused();
      return {};
    });
    const events: string[] = [];
    const box = outbox(5, send);
    box.listen((event) => events.push(`${event.type} ${event.entry.id}`));
    await box.ready;
    box.start();
    box.add({ id: 1 });
    box.add({ id: 2 });
    box.add({ id: 3 });
    await vi.waitFor(() => expect(box.getSnapshot().retrying).toBe(true));
    // The connection comes back before the backoff ends: it tries at once.
    goOnline();
    await box.idle();
    expect(attempts).toEqual([1, 1, 2, 3]);
    expect(events).toEqual(['sent 1', 'rejected 2', 'sent 3']);
    await vi.waitFor(async () => expect(await readOutbox(5)).toEqual([]));
  });

  it('ignores records it cannot read', async () => {
    const db = await new Promise<IDBDatabase>((resolve) => {
      const request = indexedDB.open('drape-offline', 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore('outbox', { keyPath: ['owner', 'seq'] });
        request.result.createObjectStore('kept');
      };
      request.onsuccess = () => resolve(request.result);
    });
    const tx = db.transaction('outbox', 'readwrite');
    tx.objectStore('outbox').put({ owner: 6, seq: 1, entry: { id: 'x' } });
    tx.objectStore('outbox').put({ owner: 6, seq: 2, entry: { id: 4 } });
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();
    const box = outbox(6, server().send);
    await box.ready;
    expect(box.pending()).toEqual([{ id: 4 }]);
  });
});

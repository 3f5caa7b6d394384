import { describe, expect, it } from 'vitest';
import type { Database, ListenHandlers } from '../db/client';
import { AnnouncedCache, EVERYTHING } from './announced-cache';

/** A database that only takes subscriptions, so announcements and outages can be played. */
function fakeDatabase() {
  const channels = new Map<string, ListenHandlers>();
  let live = true;
  const database = {
    async listen(channel: string, handlers: ListenHandlers) {
      channels.set(channel, handlers);
      return {
        get live() {
          return live;
        },
        close: async () => void channels.delete(channel),
      };
    },
  } as unknown as Database;
  return {
    database,
    announce: (channel: string, payload: string) => channels.get(channel)?.message(payload),
    drop() {
      live = false;
      for (const handlers of channels.values()) handlers.gap();
    },
    restore() {
      live = true;
      for (const handlers of channels.values()) handlers.gap();
    },
  };
}

/** A channel whose payload is the key as written, or `*`. */
const kept = { channel: 'kept', sentBy: 'the test', decode: (payload: string) => payload };
const other = { ...kept, channel: 'other' };

const open = (database: Database, extra: { forgetAllOn?: (typeof kept)[] } = {}) =>
  AnnouncedCache.open<string>(database, {
    on: kept,
    ttlMs: 60_000,
    maxEntries: 3,
    ...extra,
  });

describe('AnnouncedCache', () => {
  it('keeps a copy until its key is announced, and only that key', async () => {
    const db = fakeDatabase();
    const cache = await open(db.database);
    cache.set('a', 'A', cache.changes);
    cache.set('b', 'B', cache.changes);
    db.announce('kept', 'a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('B');
    db.announce('kept', EVERYTHING);
    expect(cache.get('b')).toBeUndefined();
  });

  it('does not keep a read its own key was announced during, but keeps one another key was', async () => {
    const db = fakeDatabase();
    const cache = await open(db.database);
    const since = cache.changes;
    db.announce('kept', 'b');
    cache.set('a', 'A', since);
    cache.set('b', 'stale B', since);
    expect(cache.get('a')).toBe('A');
    expect(cache.get('b')).toBeUndefined();
    // Everything announced meanwhile: nothing read before it is kept.
    const before = cache.changes;
    db.announce('kept', EVERYTHING);
    cache.set('c', 'stale C', before);
    expect(cache.get('c')).toBeUndefined();
  });

  it('treats old reads as overlapping once it stops remembering which keys were announced', async () => {
    const db = fakeDatabase();
    const cache = await open(db.database);
    const since = cache.changes;
    for (const key of ['k1', 'k2', 'k3', 'k4']) db.announce('kept', key); // maxEntries is 3
    cache.set('k1', 'stale', since);
    cache.set('other', 'maybe stale', since);
    expect(cache.get('k1')).toBeUndefined();
    expect(cache.get('other')).toBeUndefined();
    cache.set('other', 'fresh', cache.changes);
    expect(cache.get('other')).toBe('fresh');
  });

  it('applies an announced change to a copy, and keeps no read it overlapped', async () => {
    const db = fakeDatabase();
    const cache = await AnnouncedCache.open<string[], string, { key: string; gone: string }>(
      db.database,
      {
        on: { channel: 'kept', sentBy: 'the test', decode: (payload) => JSON.parse(payload) },
        ttlMs: 60_000,
        maxEntries: 10,
        message: ({ key, gone }, cache) => {
          cache.change(key, (list) => list.filter((x) => x !== gone));
        },
      },
    );
    cache.set('q', ['x', 'y', 'z'], cache.changes);
    const since = cache.changes;
    db.announce('kept', JSON.stringify({ key: 'q', gone: 'y' }));
    expect(cache.get('q')).toEqual(['x', 'z']);
    cache.set('q', ['x', 'y', 'z'], since);
    expect(cache.get('q')).toEqual(['x', 'z']);
  });

  it('forgets everything on another channel’s announcement', async () => {
    const db = fakeDatabase();
    const cache = await open(db.database, { forgetAllOn: [other] });
    cache.set('a', 'A', cache.changes);
    db.announce('other', 'anything');
    expect(cache.get('a')).toBeUndefined();
  });

  it('trusts nothing while announcements cannot be heard, and starts empty after', async () => {
    const db = fakeDatabase();
    const cache = await open(db.database);
    cache.set('a', 'A', cache.changes);
    db.drop();
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'A', cache.changes);
    expect(cache.get('a')).toBeUndefined();
    db.restore();
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'A', cache.changes);
    expect(cache.get('a')).toBe('A');
  });

  it('takes numbers for keys when its announcement decodes them', async () => {
    const db = fakeDatabase();
    const cache = await AnnouncedCache.open<string, number>(db.database, {
      on: { channel: 'kept', sentBy: 'the test', decode: Number },
      ttlMs: 60_000,
      maxEntries: 10,
    });
    cache.set(7, 'seven', cache.changes);
    cache.set(8, 'eight', cache.changes);
    db.announce('kept', '7');
    expect(cache.get(7)).toBeUndefined();
    expect(cache.get(8)).toBe('eight');
  });

  it('trusts a copy for its time at most, and keeps the most recent ones', async () => {
    const db = fakeDatabase();
    const cache = await open(db.database);
    cache.set('a', 'A', cache.changes, 1_000);
    expect(cache.get('a', 60_999)).toBe('A');
    expect(cache.get('a', 61_000)).toBeUndefined();
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, key, cache.changes);
    expect(cache.get('a')).toBeUndefined();
    // Three kept, as many as allowed: only the oldest went.
    expect([cache.get('b'), cache.get('c'), cache.get('d')]).toEqual(['b', 'c', 'd']);
  });

  it('trusts nothing it keeps when a payload does not decode', async () => {
    const db = fakeDatabase();
    const cache = await AnnouncedCache.open<string, number>(db.database, {
      on: {
        channel: 'kept',
        sentBy: 'the test',
        decode: (payload) => {
          if (!/^\d+$/.test(payload)) throw new Error(`not an id: ${payload}`);
          return Number(payload);
        },
      },
      ttlMs: 60_000,
      maxEntries: 10,
    });
    cache.set(7, 'seven', cache.changes);
    cache.set(8, 'eight', cache.changes);
    db.announce('kept', 'seven:eight');
    expect(cache.get(7)).toBeUndefined();
    expect(cache.get(8)).toBeUndefined();
  });
});

import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeOfflineDb } from '../../../lib/offline/offline-db';
import { createFeedOutbox, type FeedOutbox, swipedAway } from './feed-outbox';

let online = true;
const outboxes: FeedOutbox[] = [];

function started(userId: number) {
  const outbox = createFeedOutbox(userId);
  outboxes.push(outbox);
  outbox.start();
  return outbox;
}

/** An outfit as the undo route answers with it (the contract's whole card). */
const card = (id: number) => ({
  id,
  name: `Look ${id}`,
  description: '',
  occasionId: 5,
  occasion: 'Work',
  items: [],
  heartedItemIds: [],
  reason: { kind: 'undo', text: 'Back from your last swipe' },
});

/**
 * The feed's routes as the server keeps them: one swipe per outfit, the latest first to go on
 * undo (a changed swipe becomes the latest), hearts as a set. `loseAnswers` drops the answer to
 * the next such requests after the server acted on them, as a dropped connection would.
 */
function fakeServer() {
  const swipes: { outfitId: number; direction: 'like' | 'nope' }[] = [];
  const hearts = new Set<string>();
  const calls: string[] = [];
  const loseAnswers = new Set<string>();
  const reply = (status: number, value: unknown) =>
    new Response(JSON.stringify(value), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const notFound = (message: string) => reply(404, { error: { code: 'not_found', message } });
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push(`${method} ${url}`);
    let answer: Response;
    if (url === '/api/outfit/favorite' || url === '/api/outfit/reject') {
      const direction = url.endsWith('favorite') ? 'like' : 'nope';
      const current = swipes.find((s) => s.outfitId === body.outfitId);
      const changed = current?.direction !== direction;
      if (changed) {
        if (current) swipes.splice(swipes.indexOf(current), 1);
        swipes.push({ outfitId: body.outfitId, direction });
      }
      answer = reply(200, { outfitId: body.outfitId, direction, changed });
    } else if (url === '/api/outfit/undo') {
      const latest = swipes.pop();
      answer = latest
        ? reply(200, { direction: latest.direction, outfit: card(latest.outfitId) })
        : notFound('There is no swipe to undo.');
    } else if (url === '/api/item/favorite') {
      hearts.add(`${body.outfitId}:${body.itemId}`);
      answer = reply(200, { ...body, favorite: true });
    } else if (method === 'DELETE' && url.startsWith('/api/item/unfavorite/')) {
      const [itemId, outfitId] = url.split('/').slice(-2);
      hearts.delete(`${outfitId}:${itemId}`);
      answer = reply(200, { itemId: Number(itemId), outfitId: Number(outfitId), favorite: false });
    } else {
      answer = notFound(`No such route: ${method} ${url}`);
    }
    if (loseAnswers.delete(url)) throw new TypeError('Failed to fetch');
    return answer;
  }) as typeof fetch;
  return { swipes, hearts, calls, loseAnswers };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  closeOfflineDb();
  localStorage.clear();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  for (const outbox of outboxes.splice(0)) outbox.stop();
});

describe('the feed outbox', () => {
  it('sends swipes, hearts and undos made offline to their routes, in order, each once', async () => {
    const server = fakeServer();
    online = false;
    const outbox = started(1);
    await outbox.ready;
    outbox.add({ kind: 'swipe', outfitId: 4, direction: 'like' });
    outbox.add({ kind: 'heart', outfitId: 5, itemId: 51, favorite: true });
    outbox.add({ kind: 'swipe', outfitId: 5, direction: 'nope' });
    outbox.add({ kind: 'undo', outfitId: 5, direction: 'nope' });
    outbox.add({ kind: 'swipe', outfitId: 5, direction: 'like' });
    outbox.add({ kind: 'heart', outfitId: 6, itemId: 61, favorite: false });
    await vi.waitFor(() => expect(outbox.getSnapshot().retrying).toBe(true));
    expect(server.calls).toEqual([]);
    online = true;
    window.dispatchEvent(new Event('online'));
    await outbox.idle();
    expect(server.calls).toEqual([
      'POST /api/outfit/favorite',
      'POST /api/item/favorite',
      'POST /api/outfit/reject',
      'POST /api/outfit/undo',
      'POST /api/outfit/favorite',
      'DELETE /api/item/unfavorite/61/6',
    ]);
    expect(server.swipes).toEqual([
      { outfitId: 4, direction: 'like' },
      { outfitId: 5, direction: 'like' },
    ]);
    expect([...server.hearts]).toEqual(['5:51']);
  });

  it('undoes one swipe when an undo’s answer was lost, not two', async () => {
    const server = fakeServer();
    const outbox = started(2);
    await outbox.ready;
    outbox.add({ kind: 'swipe', outfitId: 7, direction: 'like' });
    outbox.add({ kind: 'swipe', outfitId: 8, direction: 'nope' });
    await outbox.idle();
    // The server undoes the pass on 8, and the answer never comes back.
    server.loseAnswers.add('/api/outfit/undo');
    outbox.add({ kind: 'undo', outfitId: 8, direction: 'nope' });
    await vi.waitFor(() => expect(outbox.getSnapshot().retrying).toBe(true));
    expect(server.swipes).toEqual([{ outfitId: 7, direction: 'like' }]);
    window.dispatchEvent(new Event('online'));
    await outbox.idle();
    // Tried again: the pass is made again (it was gone), then undone; the like on 7 stays.
    expect(server.calls.slice(2)).toEqual([
      'POST /api/outfit/undo',
      'POST /api/outfit/reject',
      'POST /api/outfit/undo',
    ]);
    expect(server.swipes).toEqual([{ outfitId: 7, direction: 'like' }]);
  });

  it('undoes one swipe when an undo never reached the server, after a reload', async () => {
    const server = fakeServer();
    const first = started(3);
    await first.ready;
    first.add({ kind: 'swipe', outfitId: 1, direction: 'like' });
    first.add({ kind: 'swipe', outfitId: 2, direction: 'like' });
    await first.idle();
    // The connection drops as the undo leaves: the server never sees it.
    const reachable = globalThis.fetch;
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    first.add({ kind: 'undo', outfitId: 2, direction: 'like' });
    await vi.waitFor(() => expect(first.getSnapshot().retrying).toBe(true));
    first.stop();
    await first.written();
    globalThis.fetch = reachable;

    const second = started(3);
    await second.ready;
    await second.idle();
    expect(server.calls.slice(2)).toEqual(['POST /api/outfit/favorite', 'POST /api/outfit/undo']);
    expect(server.swipes).toEqual([{ outfitId: 1, direction: 'like' }]);
  });

  it('counts an undo with nothing left to undo, or of an outfit gone, as done', async () => {
    const server = fakeServer();
    const outbox = started(4);
    const events: string[] = [];
    outbox.listen((event) => events.push(event.type));
    await outbox.ready;
    outbox.add({ kind: 'undo', outfitId: 9, direction: 'like' });
    await outbox.idle();
    expect(server.calls).toEqual(['POST /api/outfit/undo']);
    expect(events).toEqual(['sent']);
  });

  it('takes in the swipes an earlier version queued in localStorage, once', async () => {
    localStorage.setItem(
      'drape.swipes.v1.5',
      JSON.stringify([
        { outfitId: 3, direction: 'like', queuedAt: 1 },
        { outfitId: 'x', direction: 'like', queuedAt: 2 },
      ]),
    );
    online = false;
    const outbox = started(5);
    await outbox.ready;
    expect(outbox.pending()).toEqual([{ kind: 'swipe', outfitId: 3, direction: 'like' }]);
    expect(localStorage.getItem('drape.swipes.v1.5')).toBeNull();
    outbox.stop();
    await outbox.written();
    const again = started(5);
    await again.ready;
    expect(again.pending()).toEqual([{ kind: 'swipe', outfitId: 3, direction: 'like' }]);
  });
});

describe('swipedAway', () => {
  it('names the outfits whose latest waiting change is a swipe', () => {
    expect([
      ...swipedAway([
        { kind: 'swipe', outfitId: 1, direction: 'like' },
        { kind: 'swipe', outfitId: 2, direction: 'nope' },
        { kind: 'undo', outfitId: 2, direction: 'nope' },
        { kind: 'heart', outfitId: 3, itemId: 31, favorite: true },
        { kind: 'undo', outfitId: 4, direction: 'like' },
        { kind: 'swipe', outfitId: 4, direction: 'nope' },
      ]),
    ]).toEqual([1, 4]);
  });
});

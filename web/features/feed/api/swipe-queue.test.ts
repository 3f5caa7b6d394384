import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { type QueuedSwipe, SwipeQueue } from './swipe-queue';

const offline = () => new ApiRequestError(0, 'network', 'offline');

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SwipeQueue', () => {
  it('sends swipes one at a time, in order, and forgets them once acknowledged', async () => {
    const sent: number[] = [];
    let release: () => void = () => {};
    const send = vi.fn(
      (s: QueuedSwipe) =>
        new Promise<void>((resolve) => {
          sent.push(s.outfitId);
          release = resolve;
        }),
    );
    const queue = new SwipeQueue({ userId: 1, send });
    queue.start();
    queue.enqueue(10, 'like');
    queue.enqueue(11, 'nope');
    expect(sent).toEqual([10]);
    expect(queue.pending().map((s) => s.outfitId)).toEqual([10, 11]);
    release();
    await vi.waitFor(() => expect(sent).toEqual([10, 11]));
    release();
    await queue.idle();
    expect(queue.pending()).toEqual([]);
    expect(localStorage.getItem('drape.swipes.v1.1')).toBeNull();
    queue.stop();
  });

  it('keeps swipes in localStorage while offline and sends them when back online', async () => {
    const send = vi.fn().mockRejectedValue(offline());
    const first = new SwipeQueue({ userId: 7, send });
    first.start();
    first.enqueue(3, 'like');
    await vi.waitFor(() => expect(first.getSnapshot().retrying).toBe(true));
    first.stop();
    expect(JSON.parse(localStorage.getItem('drape.swipes.v1.7') ?? '[]')).toMatchObject([
      { outfitId: 3, direction: 'like' },
    ]);

    // A reload: a new queue for the same shopper finds the swipe and sends it once online.
    send.mockReset();
    send.mockRejectedValueOnce(offline()).mockResolvedValue({});
    const second = new SwipeQueue({ userId: 7, send });
    expect(second.pending().map((s) => s.outfitId)).toEqual([3]);
    second.start();
    await vi.waitFor(() => expect(second.getSnapshot().retrying).toBe(true));
    window.dispatchEvent(new Event('online'));
    await second.idle();
    expect(send).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem('drape.swipes.v1.7')).toBeNull();
    // Another shopper on this browser never sees them.
    expect(new SwipeQueue({ userId: 8, send }).pending()).toEqual([]);
    second.stop();
  });

  it('retries with backoff, and drops a swipe the server refuses for good', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiRequestError(503, 'unavailable', 'down'))
      .mockRejectedValueOnce(new ApiRequestError(404, 'not_found', 'gone'))
      .mockResolvedValue({});
    const onRejected = vi.fn();
    const queue = new SwipeQueue({ userId: 2, send, onRejected });
    queue.start();
    queue.enqueue(5, 'nope');
    queue.enqueue(6, 'like');
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(1_000);
    await queue.idle();
    expect(onRejected).toHaveBeenCalledWith(
      expect.objectContaining({ outfitId: 5 }),
      expect.any(ApiRequestError),
    );
    expect(send.mock.calls.map(([s]) => s.outfitId)).toEqual([5, 5, 6]);
    queue.stop();
  });

  it('takes back the last swipe only while the server has not seen it', async () => {
    let release: () => void = () => {};
    const send = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const queue = new SwipeQueue({ userId: 3, send });
    queue.start();
    queue.enqueue(1, 'like');
    expect(queue.takeBackLast()).toBeUndefined(); // already on its way
    queue.enqueue(2, 'nope');
    expect(queue.takeBackLast()).toMatchObject({ outfitId: 2, direction: 'nope' });
    release();
    await queue.idle();
    expect(send).toHaveBeenCalledTimes(1);
    queue.stop();
  });

  it('ignores garbage in storage', () => {
    localStorage.setItem('drape.swipes.v1.4', '{"not":"a list"');
    expect(new SwipeQueue({ userId: 4 }).pending()).toEqual([]);
    localStorage.setItem('drape.swipes.v1.4', JSON.stringify([{ outfitId: 'x' }, null]));
    expect(new SwipeQueue({ userId: 4 }).pending()).toEqual([]);
  });
});

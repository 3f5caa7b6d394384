import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANNOUNCED, type FeedChange } from '../db/announcements';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { LOCK } from './locks';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

/** The first number of every advisory lock these functions take, each function found. */
async function advisoryLocksIn(names: string[]): Promise<number[]> {
  const fns = await t.database.sql.query<{ src: string }>(
    'SELECT prosrc AS src FROM pg_proc WHERE proname = ANY($1::text[])',
    [names],
  );
  expect(fns).toHaveLength(names.length);
  return fns.flatMap((fn) =>
    [...fn.src.matchAll(/pg_advisory_xact_lock(?:_shared)?\((\d+)/g)].map((m) => Number(m[1])),
  );
}

describe('the lock numbers and the feed’s announcements', () => {
  it('takes the feed queue’s lock in the swipe trigger, the reset and an undo under the number locks.ts gives', async () => {
    const classes = await advisoryLocksIn([
      'notify_swipe_change',
      'restore_passed_outfits',
      'forget_feed_queue',
    ]);
    expect(classes).toEqual([LOCK.feedQueue, LOCK.feedQueue, LOCK.feedQueue]);
  });

  it('takes the closets’ lock in the closet triggers under the number locks.ts gives', async () => {
    const keys = await advisoryLocksIn(['closet_items_changed', 'outfit_items_changed']);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    expect(new Set(keys)).toEqual(new Set([LOCK.closets]));
  });

  it('takes the outfit words’ lock under the number locks.ts gives', async () => {
    expect(await advisoryLocksIn(['outfit_words_take_turns'])).toEqual([LOCK.outfitWords]);
  });

  it('announces a swipe on a queued outfit, and a queue written, as the decoder reads them', async () => {
    const heard: FeedChange[] = [];
    const listener = await t.database.listen(ANNOUNCED.feed.channel, {
      message: (payload) => heard.push(ANNOUNCED.feed.decode(payload)),
      gap: () => {},
    });
    try {
      const [user] = await t.database.sql.query<{ id: number }>(
        `INSERT INTO users (username, password_hash) VALUES ('lock-test', 'x') RETURNING id`,
      );
      const userId = user!.id;
      await t.database.sql.query(
        `INSERT INTO feed_queue (user_id, outfit_id, position, filled_at, reason)
         VALUES ($1, 3, 1, now(), '{"kind": "start"}')`,
        [userId],
      );
      await t.database.sql.query(
        `INSERT INTO swipes (user_id, outfit_id, direction) VALUES ($1, 3, 'nope')`,
        [userId],
      );
      await vi.waitFor(() => expect(heard).toEqual([{ userId }, { userId, outfitId: 3 }]));
    } finally {
      await listener.close();
    }
  });
});

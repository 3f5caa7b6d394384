import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SwipeDirection } from '../../../../contracts/feed';
import { ApiRequestError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { Outbox } from '../../../lib/offline/outbox';
import { FAVORITES_KEY, PRODUCT_KEY, SEARCH_KEY } from './keys';
import { swipeOutfit } from './swipe-outfit';
import { toggleItemFavorite } from './toggle-item-favorite';
import { undoSwipe } from './undo-swipe';

/** What the swipe screen changes on the server, kept in order until the server took it. */
export type FeedChange =
  | { kind: 'swipe'; outfitId: number; direction: SwipeDirection }
  | { kind: 'undo'; outfitId: number; direction: SwipeDirection }
  | { kind: 'heart'; outfitId: number; itemId: number; favorite: boolean };

const isId = (value: unknown) => Number.isInteger(value) && (value as number) > 0;
const isDirection = (value: unknown) => value === 'like' || value === 'nope';

export function isFeedChange(value: unknown): value is FeedChange {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (!isId(v.outfitId)) return false;
  if (v.kind === 'swipe' || v.kind === 'undo') return isDirection(v.direction);
  return v.kind === 'heart' && isId(v.itemId) && typeof v.favorite === 'boolean';
}

/** Errors worth retrying: no connection, the server briefly down, or signed out meanwhile. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.status === 0 || error.status >= 500 || [401, 408, 429].includes(error.status);
}

/** No answer at all, or a gateway's timeout: the server may have done it all the same. */
function mayHaveArrived(error: unknown): boolean {
  return !(error instanceof ApiRequestError) || error.status === 0 || error.status === 504;
}

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/**
 * Undo takes back the shopper's latest swipe, so an undo sent twice would take back two. An undo
 * that may have reached the server already (its answer lost) first makes the swipe again, which
 * changes nothing where it still stands, and then takes it back: one swipe undone either way.
 * The changes before it are all sent, so that swipe is the latest.
 */
async function sendUndo(change: FeedChange & { kind: 'undo' }, repeated: boolean) {
  try {
    if (repeated) await swipeOutfit(change.outfitId, change.direction);
    return await undoSwipe();
  } catch (error) {
    // The outfit is gone, or nothing is left to undo: done.
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** Sends one change through the routes, each safe to repeat (undo as above). */
export function sendFeedChange(change: FeedChange, { repeated }: { repeated: boolean }) {
  switch (change.kind) {
    case 'swipe':
      return swipeOutfit(change.outfitId, change.direction);
    case 'heart':
      return toggleItemFavorite(change);
    case 'undo':
      return sendUndo(change, repeated);
  }
}

/** Swipes an earlier version kept in localStorage, taken into the outbox once. */
function adoptQueuedSwipes(userId: number): FeedChange[] {
  const key = `drape.swipes.v1.${userId}`;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    localStorage.removeItem(key);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .map((s) => ({ kind: 'swipe' as const, outfitId: s?.outfitId, direction: s?.direction }))
      .filter(isFeedChange);
  } catch {
    return [];
  }
}

export type FeedOutbox = Outbox<FeedChange>;

export function createFeedOutbox(userId: number): FeedOutbox {
  return new Outbox<FeedChange>({
    name: 'feed',
    owner: userId,
    isEntry: isFeedChange,
    send: sendFeedChange,
    isTransient,
    mayHaveArrived,
    marksAttempts: (change) => change.kind === 'undo',
    isSwipe: (change) => change.kind === 'swipe',
    adopt: () => adoptQueuedSwipes(userId),
  });
}

/**
 * The outfits the outbox has swiped away: their latest swipe or undo waiting to be sent is a
 * swipe. They stay off the stack until the server knows.
 */
export function swipedAway(changes: readonly FeedChange[]): Set<number> {
  const away = new Set<number>();
  for (const change of changes) {
    if (change.kind === 'swipe') away.add(change.outfitId);
    else if (change.kind === 'undo') away.delete(change.outfitId);
  }
  return away;
}

/** Whom the outbox tells: favourites and search to refresh, the shopper what the server refused. */
interface Reporting {
  notify: ReturnType<typeof useNotify>;
  queryClient: QueryClient;
}

function report(outbox: FeedOutbox, { notify, queryClient }: Reporting) {
  return outbox.listen((event) => {
    if (event.type === 'sent') {
      void queryClient.invalidateQueries({ queryKey: FAVORITES_KEY });
      void queryClient.invalidateQueries({ queryKey: SEARCH_KEY });
      // A card's heart is the piece's one heart, which its sheet shows too.
      if (event.entry.kind === 'heart') {
        void queryClient.invalidateQueries({ queryKey: PRODUCT_KEY });
      }
      return;
    }
    const { entry: change, error } = event;
    const gone = isNotFound(error) ? 'That outfit is no longer in the shop, so the ' : '';
    const message =
      change.kind === 'swipe'
        ? gone
          ? `${gone}swipe was not saved.`
          : `Your swipe could not be saved: ${(error as Error).message}`
        : change.kind === 'heart'
          ? gone
            ? `${gone}heart was not saved.`
            : 'That heart could not be saved.'
          : 'That undo could not be saved.';
    notify(message, 'error');
  });
}

const outboxes = new Map<number, { outbox: FeedOutbox; holders: number; unreport?: () => void }>();

/** The shopper's one outbox in this page (read from storage on first ask). */
export function feedOutbox(userId: number): FeedOutbox {
  let held = outboxes.get(userId);
  if (!held) {
    held = { outbox: createFeedOutbox(userId), holders: 0 };
    outboxes.set(userId, held);
  }
  return held.outbox;
}

/**
 * Holds the shopper's outbox sending while it is held: by the frame while a shopper is signed
 * in, and by the swipe screen while it is open. It reports to the first holder's providers (all
 * of them share the app's), once; it stops when the last lets go.
 */
function holdFeedOutbox(userId: number, reporting: Reporting): () => void {
  const outbox = feedOutbox(userId);
  const held = outboxes.get(userId)!;
  held.holders += 1;
  held.unreport ??= report(outbox, reporting);
  outbox.start();
  return () => {
    held.holders -= 1;
    if (held.holders > 0) return;
    held.unreport?.();
    held.unreport = undefined;
    // Kept for the page's life: whoever holds it next finds the same changes in memory.
    outbox.stop();
  };
}

/** The shopper's outbox, held sending while the calling component is on screen. */
export function useFeedOutbox(userId: number): FeedOutbox {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const reporting = useRef({ notify, queryClient });
  reporting.current = { notify, queryClient };
  useEffect(() => holdFeedOutbox(userId, reporting.current), [userId]);
  return feedOutbox(userId);
}

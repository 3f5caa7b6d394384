import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { FeedOutfit, FeedPage, SwipeDirection } from '../../../../contracts/feed';
import { ApiRequestError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { getFeed, useFeed } from '../api/get-feed';
import { FAVORITES_KEY } from '../api/keys';
import { restorePassed } from '../api/restore-passed';
import { SwipeQueue } from '../api/swipe-queue';
import { useToggleItemFavorite } from '../api/toggle-item-favorite';
import { undoSwipe } from '../api/undo-swipe';
import { type Side, sideOf } from './swipe-card';

/** Ask for the next page while this many cards are left, so the stack never runs dry. */
const PREFETCH_AT = 4;
/** The server skips at most this many outfits the client names. */
const MAX_EXCLUDE = 100;
/** How long undo waits for earlier swipes to reach the server before giving up. */
const UNDO_WAIT_MS = 8_000;
/**
 * Pictures of this many cards after the top one are fetched ahead: the shopper never sees a
 * card half drawn, and a deck swiped offline still shows what it offers.
 */
const PICTURES_AHEAD = 10;

/** What a screen reader hears after a swipe or an undo. */
const SAID = { like: 'Liked', nope: 'Passed' } as const;
const UNDONE = { like: 'Undid the like of', nope: 'Undid the pass on' } as const;

/** Resolves true once the queued swipes reached the server, false if that takes too long. */
function sentInTime(queue: SwipeQueue): Promise<boolean> {
  return Promise.race([
    queue.idle().then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), UNDO_WAIT_MS)),
  ]);
}

interface Swiped {
  outfit: FeedOutfit;
  direction: SwipeDirection;
}

const unique = (ids: number[]) => [...new Set(ids)].slice(-MAX_EXCLUDE);

/**
 * The swipe stack: cards from the feed, swipes saved through the persistent queue the moment
 * they happen, undo, hearts on pieces, and the next page fetched before the stack runs low.
 */
export function useSwipeDeck(userId: number) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const heart = useToggleItemFavorite();

  const callbacks = useRef({ notify, queryClient });
  callbacks.current = { notify, queryClient };
  const queue = useMemo(
    () =>
      new SwipeQueue({
        userId,
        onSent: () =>
          void callbacks.current.queryClient.invalidateQueries({ queryKey: FAVORITES_KEY }),
        onRejected: (_, error) =>
          callbacks.current.notify(
            error.status === 404
              ? 'That outfit is no longer in the shop, so the swipe was not saved.'
              : `Your swipe could not be saved: ${error.message}`,
            'error',
          ),
      }),
    [userId],
  );
  useEffect(() => {
    queue.start();
    return () => queue.stop();
  }, [queue]);
  const queued = useSyncExternalStore(queue.subscribe, queue.getSnapshot);

  // Swipes still waiting from an earlier visit must not come back as cards.
  const [initialExclude] = useState(() => unique(queue.pending().map((s) => s.outfitId)));
  const feed = useFeed(initialExclude);

  const [cards, setCardsState] = useState<FeedOutfit[]>([]);
  const cardsRef = useRef<FeedOutfit[]>([]);
  const setCards = useCallback((update: (cards: FeedOutfit[]) => FeedOutfit[]) => {
    cardsRef.current = update(cardsRef.current);
    setCardsState(cardsRef.current);
  }, []);
  const [hasMore, setHasMore] = useState(true);
  const [seededFrom, setSeededFrom] = useState<FeedPage | undefined>();
  const [moreFailed, setMoreFailed] = useState(false);
  const loadingMore = useRef(false);
  const [entering, setEntering] = useState<{ id: number; from: Side; token: number } | null>(null);
  const history = useRef<Swiped[]>([]);
  const heartChains = useRef(new Map<string, Promise<void>>());
  const [undoing, setUndoing] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  if (feed.data && feed.data !== seededFrom) {
    setSeededFrom(feed.data);
    const waiting = new Set(queue.pending().map((s) => s.outfitId));
    cardsRef.current = feed.data.outfits.filter((o) => !waiting.has(o.id));
    setCardsState(cardsRef.current);
    setHasMore(feed.data.hasMore);
  }

  useEffect(() => {
    if (!seededFrom || !hasMore || moreFailed || cards.length > PREFETCH_AT) return;
    if (loadingMore.current) return;
    loadingMore.current = true;
    const exclude = unique([
      ...queue.pending().map((s) => s.outfitId),
      ...cardsRef.current.map((c) => c.id),
    ]);
    getFeed({ exclude })
      .then((page) => {
        const skip = new Set([
          ...cardsRef.current.map((c) => c.id),
          ...queue.pending().map((s) => s.outfitId),
          ...history.current.map((h) => h.outfit.id),
        ]);
        setCards((current) => [...current, ...page.outfits.filter((o) => !skip.has(o.id))]);
        setHasMore(page.hasMore);
      })
      .catch(() => setMoreFailed(true))
      .finally(() => {
        loadingMore.current = false;
      });
  }, [seededFrom, hasMore, moreFailed, cards.length, queue, setCards]);

  // The next cards' pictures go into the browser's cache while the shopper looks at this one.
  const upcoming = cards
    .slice(1, PICTURES_AHEAD + 1)
    .flatMap((card) => card.items.map((item) => item.img))
    .join(' ');
  useEffect(() => {
    for (const src of upcoming.split(' ')) {
      if (!src) continue;
      const img = new Image();
      img.src = src;
    }
  }, [upcoming]);

  // A page that failed while offline is asked for again once the connection is back.
  useEffect(() => {
    const online = () => setMoreFailed(false);
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  const swipe = useCallback(
    (direction: SwipeDirection) => {
      const top = cardsRef.current[0];
      if (!top) return;
      setCards((current) => current.filter((c) => c.id !== top.id));
      history.current = [...history.current.slice(-29), { outfit: top, direction }];
      queue.enqueue(top.id, direction);
      setAnnouncement(`${SAID[direction]} ${top.name}`);
    },
    [queue, setCards],
  );

  const putBack = useCallback(
    (outfit: FeedOutfit, direction: SwipeDirection) => {
      setEntering((previous) => ({
        id: outfit.id,
        from: sideOf(direction),
        token: (previous?.token ?? 0) + 1,
      }));
      setCards((current) => [outfit, ...current.filter((c) => c.id !== outfit.id)]);
      history.current = history.current.filter((h) => h.outfit.id !== outfit.id);
      setAnnouncement(`${UNDONE[direction]} ${outfit.name}`);
    },
    [setCards],
  );

  const undo = useCallback(async () => {
    if (undoing) return;
    const last = history.current.at(-1);
    const queued = queue.pending().at(-1);
    // Not sent yet: take it out of the queue and the server never hears of it.
    if (last && queued?.outfitId === last.outfit.id && queue.takeBackLast()) {
      putBack(last.outfit, last.direction);
      return;
    }
    setUndoing(true);
    try {
      if (!(await sentInTime(queue))) {
        notify('You seem to be offline. Undo once your swipes are saved.', 'warning');
        return;
      }
      const result = await undoSwipe();
      putBack(result.outfit, result.direction);
      void queryClient.invalidateQueries({ queryKey: FAVORITES_KEY });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) {
        notify('Nothing to undo yet.', 'info');
      } else {
        notify(
          error instanceof ApiRequestError ? error.message : 'That swipe could not be undone.',
          'error',
        );
      }
    } finally {
      setUndoing(false);
    }
  }, [undoing, queue, putBack, notify, queryClient]);

  const toggleHeart = useCallback(
    (outfitId: number, itemId: number) => {
      const card = cardsRef.current.find((c) => c.id === outfitId);
      if (!card) return;
      const favorite = !card.heartedItemIds.includes(itemId);
      const apply = (on: boolean) =>
        setCards((current) =>
          current.map((c) =>
            c.id !== outfitId
              ? c
              : {
                  ...c,
                  heartedItemIds: on
                    ? [...new Set([...c.heartedItemIds, itemId])]
                    : c.heartedItemIds.filter((id) => id !== itemId),
                },
          ),
        );
      apply(favorite);
      // Taps on one heart go to the server in order, so the last one wins there too.
      const key = `${outfitId}:${itemId}`;
      const previous = heartChains.current.get(key) ?? Promise.resolve();
      const next = previous
        .then(async () => {
          await heart.mutateAsync({ itemId, outfitId, favorite });
        })
        .catch((error: unknown) => {
          apply(!favorite);
          notify(
            error instanceof ApiRequestError && error.code === 'network'
              ? 'You seem to be offline; the heart was not saved.'
              : 'That heart could not be saved. Please try again.',
            'error',
          );
        })
        .finally(() => {
          if (heartChains.current.get(key) === next) heartChains.current.delete(key);
        });
      heartChains.current.set(key, next);
    },
    [heart, notify, setCards],
  );

  /** The deck ran out: the outfits passed on come back (after the swipes still on their way). */
  const restore = useCallback(async () => {
    if (restoring) return;
    setRestoring(true);
    try {
      if (!(await sentInTime(queue))) {
        notify('You seem to be offline. Try again once your swipes are saved.', 'warning');
        return;
      }
      const { restored } = await restorePassed();
      if (restored === 0) {
        notify('You have not passed on any outfits yet.', 'info');
        return;
      }
      // Passed outfits may come back as cards now; likes still stay out.
      history.current = history.current.filter((h) => h.direction === 'like');
      setAnnouncement(`${restored} passed ${restored === 1 ? 'outfit is' : 'outfits are'} back`);
      setMoreFailed(false);
      setHasMore(true);
    } catch (error) {
      notify(
        error instanceof ApiRequestError && error.code !== 'network'
          ? error.message
          : 'You seem to be offline. Try again once you are back online.',
        'error',
      );
    } finally {
      setRestoring(false);
    }
  }, [restoring, queue, notify]);

  const retry = useCallback(() => {
    setMoreFailed(false);
    if (feed.isError) void feed.refetch();
  }, [feed]);

  const status: 'loading' | 'error' | 'ready' | 'empty' =
    !seededFrom && feed.isPending
      ? 'loading'
      : !seededFrom && feed.isError
        ? 'error'
        : cards.length > 0
          ? 'ready'
          : hasMore && !moreFailed
            ? 'loading'
            : moreFailed
              ? 'error'
              : 'empty';

  return {
    status,
    cards,
    pending: queued.swipes.length,
    /** Swipes are waiting on a connection: worth telling the shopper. */
    offline: queued.retrying,
    entering: entering?.id === cards[0]?.id ? entering : null,
    undoing,
    restoring,
    /** The latest swipe or undo, in words, for the deck's live region. */
    announcement,
    swipe,
    undo,
    restore,
    toggleHeart,
    retry,
  };
}

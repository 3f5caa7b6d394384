import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { FeedOutfit, FeedPage, SwipeDirection } from '../../../../contracts/feed';
import { FEED_EXCLUDE_MAX } from '../../../../contracts/feed-limits';
import { ApiRequestError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/error-message';
import { useNotify } from '../../../lib/notify';
import { type FeedChange, type FeedOutbox, swipedAway, useFeedOutbox } from '../api/feed-outbox';
import { getFeed, useFeed } from '../api/get-feed';
import { type KeptDeck, keepDeck, readKeptDeck } from '../api/kept-deck';
import { FAVORITES_KEY } from '../api/keys';
import { restorePassed } from '../api/restore-passed';
import { undoSwipe } from '../api/undo-swipe';
import { type Side, sideOf } from './swipe-card';

/** Ask for the next page while this many cards are left, so the stack never runs dry. */
const PREFETCH_AT = 4;
/** How long a restore waits for earlier swipes to reach the server before giving up. */
const SENT_WAIT_MS = 8_000;
/**
 * Pictures of this many cards after the top one are fetched ahead: the shopper never sees a
 * card half drawn, and a deck swiped offline still shows what it offers.
 */
const PICTURES_AHEAD = 10;

/** What a screen reader hears after a swipe or an undo. */
const SAID = { like: 'Liked', nope: 'Passed' } as const;
const UNDONE = { like: 'Undid the like of', nope: 'Undid the pass on' } as const;

/** Resolves true once the waiting changes reached the server, false if that takes too long. */
function sentInTime(outbox: FeedOutbox): Promise<boolean> {
  return Promise.race([
    outbox.idle().then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), SENT_WAIT_MS)),
  ]);
}

interface Swiped {
  outfit: FeedOutfit;
  direction: SwipeDirection;
}

/** The newest of the ids, as many as the server skips (it refuses a longer list). */
const unique = (ids: number[]) => [...new Set(ids)].slice(-FEED_EXCLUDE_MAX);

/**
 * The swipe stack: cards from the feed, swipes, undos and hearts saved through the shopper's
 * outbox the moment they happen (sent in order, kept across reloads and offline spells), and the
 * next page fetched before the stack runs low. The stack is kept too: opened offline, the screen
 * swipes on the cards it held.
 */
export function useSwipeDeck(userId: number) {
  const notify = useNotify();
  const queryClient = useQueryClient();

  const outbox = useFeedOutbox(userId);
  const queued = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);

  // Swipes still waiting from an earlier visit must not come back as cards; the outbox is read
  // before the first page is asked for (the app reads it as it starts, so it is there at once).
  const [initialExclude, setInitialExclude] = useState(() =>
    queued.loaded ? unique([...swipedAway(queued.entries)]) : undefined,
  );
  if (queued.loaded && !initialExclude) setInitialExclude(unique([...swipedAway(queued.entries)]));
  const feed = useFeed(initialExclude ?? [], initialExclude !== undefined);

  // The stack as it was left, for a visit that cannot reach the feed.
  const [kept, setKept] = useState<KeptDeck | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void readKeptDeck(userId).then((deck) => live && setKept(deck ?? null));
    return () => {
      live = false;
    };
  }, [userId]);

  const [cards, setCardsState] = useState<FeedOutfit[]>([]);
  const cardsRef = useRef<FeedOutfit[]>([]);
  const setCards = useCallback((update: (cards: FeedOutfit[]) => FeedOutfit[]) => {
    cardsRef.current = update(cardsRef.current);
    setCardsState(cardsRef.current);
  }, []);
  const [hasMore, setHasMore] = useState(true);
  const [seededFrom, setSeededFrom] = useState<FeedPage | 'kept' | undefined>();
  const [moreFailed, setMoreFailed] = useState(false);
  const loadingMore = useRef(false);
  const [entering, setEntering] = useState<{ id: number; from: Side; token: number } | null>(null);
  const history = useRef<Swiped[]>([]);
  // Passed outfits just came back: Undo would take back an older like, which the shopper
  // did not just do.
  const resetLast = useRef(false);
  const [undoing, setUndoing] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  if (feed.data && feed.data !== seededFrom) {
    const away = swipedAway(queued.entries);
    if (seededFrom) {
      // A page after the stack is dealt (back online under a kept stack, or the first page asked
      // again) joins it at the bottom: the cards in front of the shopper stay, swiped ones stay out.
      const held = new Set([
        ...cardsRef.current.map((c) => c.id),
        ...history.current.map((h) => h.outfit.id),
      ]);
      cardsRef.current = [
        ...cardsRef.current,
        ...feed.data.outfits.filter((o) => !away.has(o.id) && !held.has(o.id)),
      ];
    } else {
      cardsRef.current = feed.data.outfits.filter((o) => !away.has(o.id));
      setHasMore(feed.data.hasMore);
    }
    setSeededFrom(feed.data);
    setCardsState(cardsRef.current);
  } else if (!seededFrom && feed.isError && kept) {
    const away = swipedAway(queued.entries);
    cardsRef.current = kept.cards.filter((o) => !away.has(o.id));
    history.current = kept.history;
    setSeededFrom('kept');
    setCardsState(cardsRef.current);
    setHasMore(kept.hasMore);
  }

  // What the screen holds is kept for a visit that finds no connection.
  useEffect(() => {
    if (!seededFrom) return;
    keepDeck(userId, { cards, history: history.current, hasMore });
  }, [userId, seededFrom, cards, hasMore]);

  useEffect(() => {
    if (!seededFrom || !hasMore || moreFailed || cards.length > PREFETCH_AT) return;
    if (loadingMore.current) return;
    loadingMore.current = true;
    const exclude = unique([...swipedAway(outbox.pending()), ...cardsRef.current.map((c) => c.id)]);
    getFeed({ exclude })
      .then((page) => {
        const skip = new Set([
          ...cardsRef.current.map((c) => c.id),
          ...swipedAway(outbox.pending()),
          ...history.current.map((h) => h.outfit.id),
        ]);
        setCards((current) => [...current, ...page.outfits.filter((o) => !skip.has(o.id))]);
        setHasMore(page.hasMore);
      })
      .catch(() => setMoreFailed(true))
      .finally(() => {
        loadingMore.current = false;
      });
  }, [seededFrom, hasMore, moreFailed, cards.length, outbox, setCards]);

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
      resetLast.current = false;
      outbox.add({ kind: 'swipe', outfitId: top.id, direction });
      setAnnouncement(`${SAID[direction]} ${top.name}`);
    },
    [outbox, setCards],
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
    if (!last && resetLast.current) {
      notify('Nothing to undo: the last thing you did was bring back passed outfits.', 'info');
      return;
    }
    if (last) {
      const id = last.outfit.id;
      // Not sent yet: taken out of the outbox, the server never hears of it.
      if (outbox.takeBack((c) => c.kind === 'swipe' && c.outfitId === id)) {
        putBack(last.outfit, last.direction);
        return;
      }
      // Offline, or behind changes still on their way: the undo waits its turn in the outbox.
      const snapshot = outbox.getSnapshot();
      if (!navigator.onLine || snapshot.retrying || snapshot.entries.length > 0) {
        outbox.add({ kind: 'undo', outfitId: id, direction: last.direction });
        putBack(last.outfit, last.direction);
        return;
      }
    } else if (!navigator.onLine) {
      notify('You seem to be offline. Undo once you are back online.', 'warning');
      return;
    }
    setUndoing(true);
    try {
      const result = await undoSwipe();
      putBack(result.outfit, result.direction);
      void queryClient.invalidateQueries({ queryKey: FAVORITES_KEY });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) {
        notify('Nothing to undo yet.', 'info');
      } else {
        notify(messageOf(error, 'That swipe could not be undone.'), 'error');
      }
    } finally {
      setUndoing(false);
    }
  }, [undoing, outbox, putBack, notify, queryClient]);

  // A piece has one heart: every card showing it shows it hearted or not.
  const setHeart = useCallback(
    (itemId: number, on: boolean) =>
      setCards((current) =>
        current.map((c) =>
          !c.items.some((item) => item.id === itemId)
            ? c
            : {
                ...c,
                heartedItemIds: on
                  ? [...new Set([...c.heartedItemIds, itemId])]
                  : c.heartedItemIds.filter((id) => id !== itemId),
              },
        ),
      ),
    [setCards],
  );

  const toggleHeart = useCallback(
    (outfitId: number, itemId: number) => {
      const card = cardsRef.current.find((c) => c.id === outfitId);
      if (!card) return;
      const favorite = !card.heartedItemIds.includes(itemId);
      setHeart(itemId, favorite);
      // A second tap on the piece (on any card: it has one heart) before the first was sent
      // takes both back; otherwise the outbox sends the taps in order, so the last one wins.
      const same = (c: FeedChange) => c.kind === 'heart' && c.itemId === itemId;
      const waiting = outbox.pending().findLast(same);
      if (waiting?.kind === 'heart' && waiting.favorite !== favorite && outbox.takeBack(same)) {
        return;
      }
      outbox.add({ kind: 'heart', outfitId, itemId, favorite });
    },
    [outbox, setHeart],
  );

  /**
   * Hearts saved elsewhere (the piece's sheet) shown on the cards. A card's tap on the same piece
   * still on its way is sent after it and already shows: that one stands.
   */
  const showHearts = useCallback(
    (itemIds: readonly number[], on: boolean) => {
      const waiting = outbox.pending();
      for (const itemId of itemIds) {
        if (!waiting.some((c) => c.kind === 'heart' && c.itemId === itemId)) setHeart(itemId, on);
      }
    },
    [outbox, setHeart],
  );

  // A heart the server refused for good goes off the card again (the frame says why).
  useEffect(
    () =>
      outbox.listen((event) => {
        const change = event.entry;
        if (event.type === 'rejected' && change.kind === 'heart') {
          setHeart(change.itemId, !change.favorite);
        }
      }),
    [outbox, setHeart],
  );

  /** The deck ran out: the outfits passed on come back (after the swipes still on their way). */
  const restore = useCallback(async () => {
    if (restoring) return;
    setRestoring(true);
    try {
      if (!(await sentInTime(outbox))) {
        notify(
          navigator.onLine
            ? 'Your last swipes are still on their way. Try again in a moment.'
            : 'You seem to be offline. Try again once your swipes are saved.',
          'warning',
        );
        return;
      }
      const { restored } = await restorePassed();
      if (restored === 0) {
        notify('You have not passed on any outfits yet.', 'info');
        return;
      }
      // Undo starts again from here; liked outfits stay out of the feed on the server.
      history.current = [];
      resetLast.current = true;
      setAnnouncement(`${restored} passed ${restored === 1 ? 'outfit is' : 'outfits are'} back`);
      setMoreFailed(false);
      setHasMore(true);
    } catch (error) {
      notify(messageOf(error, 'The passed outfits could not be brought back. Try again.'), 'error');
    } finally {
      setRestoring(false);
    }
  }, [restoring, outbox, notify]);

  const retry = useCallback(() => {
    setMoreFailed(false);
    if (feed.isError) void feed.refetch();
  }, [feed]);

  const status: 'loading' | 'error' | 'ready' | 'empty' =
    !seededFrom && (feed.isPending || (feed.isError && kept === undefined))
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
    entering: entering?.id === cards[0]?.id ? entering : null,
    undoing,
    restoring,
    /** The latest swipe or undo, in words, for the deck's live region. */
    announcement,
    swipe,
    undo,
    restore,
    toggleHeart,
    showHearts,
    retry,
  };
}

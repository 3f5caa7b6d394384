import Close from '@mui/icons-material/Close';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Replay from '@mui/icons-material/Replay';
import SwipeLeftOutlined from '@mui/icons-material/SwipeLeftOutlined';
import SwipeRightOutlined from '@mui/icons-material/SwipeRightOutlined';
import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Link as RouterLink } from 'react-router';
import type { FeedOutfit, SwipeDirection } from '../../../../contracts/feed';
import { palette } from '../../../app/palette';
import button from '../../../components/button.module.css';
import roundButton from '../../../components/round-button.module.css';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { afterPaintWhenIdle } from '../../../lib/after-paint';
import { classNames } from '../../../lib/class-names';
import { useOpenLook, useOpenProduct } from '../../catalog/components/product-sheet-provider';
import { OutfitCard, reasonId } from './outfit-card';
import { OutfitPieces } from './outfit-pieces';
import { type Side, SwipeCard, sideOf } from './swipe-card';
import styles from './swipe-deck.module.css';
import { useSwipeDeck } from './use-swipe-deck';

/** SPEC's three hints, word for word. */
export const SWIPE_HINTS = [
  { text: 'Love an outfit? Swipe right!', icon: <SwipeRightOutlined fontSize="small" /> },
  { text: 'Not crazy about an outfit? Swipe left!', icon: <SwipeLeftOutlined fontSize="small" /> },
  {
    text: 'Love an item in an outfit? Tap the heart icon!',
    icon: <FavoriteBorder fontSize="small" />,
  },
] as const;

export const EMPTY_FEED_TITLE = 'No more outfits to swipe';

function Hints() {
  return (
    <ul aria-label="How to swipe" className={styles.hints}>
      {SWIPE_HINTS.map((hint) => (
        <li key={hint.text}>
          <span aria-hidden className={styles.hintIcon}>
            {hint.icon}
          </span>
          {hint.text}
        </li>
      ))}
    </ul>
  );
}

function RoundButton({
  label,
  shortcut,
  color,
  size,
  disabled,
  busy,
  onClick,
  children,
}: {
  label: string;
  shortcut?: string;
  color: string;
  size: number;
  disabled?: boolean;
  /** At work: still focusable (a disabled button drops focus to the page), said busy. */
  busy?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={classNames(roundButton.round, styles.round)}
      // A quarter of the screen at most: at 200% zoom all three still fit side by side.
      style={{ width: `min(${size}px, 26vw)`, height: `min(${size}px, 26vw)`, color }}
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      aria-keyshortcuts={
        shortcut === '←' ? 'ArrowLeft' : shortcut === '→' ? 'ArrowRight' : undefined
      }
      disabled={disabled}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The swipe screen: the stack of outfit cards, the three buttons, the hints. */
export function SwipeDeck({ userId, title }: { userId: number; title: ReactNode }) {
  const deck = useSwipeDeck(userId);
  const openProduct = useOpenProduct();
  const openLook = useOpenLook();
  const { status, cards, undo } = deck;
  // Swiped cards stay on screen while they fly off, then go.
  const [leaving, setLeaving] = useState<{ outfit: FeedOutfit; side: Side }[]>([]);
  const swipe = useCallback(
    (direction: SwipeDirection) => {
      const top = deck.cards[0];
      if (!top) return;
      setLeaving((list) => [
        ...list.filter((l) => l.outfit.id !== top.id),
        { outfit: top, side: sideOf(direction) },
      ]);
      deck.swipe(direction);
    },
    [deck.cards, deck.swipe],
  );
  // The first paint shows the top card alone, the sooner on a slow phone; the card under it
  // rises in once that paint is done and nothing more urgent waits, as every later card does.
  // Drawing it takes a slow phone's main thread 60–100 ms: a swipe begun on the top card in that
  // moment is handled first.
  const [firstPaint, setFirstPaint] = useState(true);
  useEffect(() => {
    if (!firstPaint || status !== 'ready') return;
    return afterPaintWhenIdle(() => setFirstPaint(false));
  }, [firstPaint, status]);
  const gone = useCallback(
    (id: number) => setLeaving((list) => list.filter((l) => l.outfit.id !== id)),
    [],
  );
  // A new state (the last card swiped, one back from empty) takes away or disables the button
  // pressed: focus that was on the deck stays on it, rather than falling to the page.
  const stageRef = useRef<HTMLElement>(null);
  const focusInDeck = useRef(false);
  const statusShown = useRef(status);
  useLayoutEffect(() => {
    if (statusShown.current === status) return;
    statusShown.current = status;
    const active = document.activeElement;
    const lost =
      !active ||
      active === document.body ||
      (active instanceof HTMLButtonElement && active.disabled);
    if (focusInDeck.current && lost) stageRef.current?.focus({ preventScroll: true });
  }, [status]);
  function onDeckBlur(event: FocusEvent<HTMLElement>) {
    // A focused button taken away blurs to nothing; only focus moved elsewhere leaves the deck.
    if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) {
      focusInDeck.current = false;
    }
  }

  // The arrows swipe only while the deck itself has focus: a heart or a button inside it keeps
  // its own keys, and focus stays on the deck for the next card.
  function onDeckKey(event: KeyboardEvent<HTMLElement>) {
    if (event.target !== event.currentTarget || status !== 'ready') return;
    if (event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      swipe(event.key === 'ArrowLeft' ? 'nope' : 'like');
    }
  }

  const top = cards[0];
  // Swiped cards still flying off, over the next card or the empty state after the last one.
  const flying = leaving
    .filter((l) => !cards.some((c) => c.id === l.outfit.id))
    .map(({ outfit, side }) => (
      <SwipeCard
        key={outfit.id}
        depth={0}
        leaving={side}
        label={`${outfit.name}, ${outfit.occasion}`}
        onSwipe={() => {}}
        onGone={() => gone(outfit.id)}
      >
        <OutfitCard outfit={outfit} interactive={false} />
      </SwipeCard>
    ));
  let stage: ReactNode;
  if (status === 'loading') stage = <Loading label="Loading outfits" shape="card" />;
  else if (status === 'error') {
    stage = (
      <ErrorState
        message={
          navigator.onLine
            ? 'The outfits could not be loaded. Check your connection.'
            : 'You are offline. More outfits will load when you are back online.'
        }
        onRetry={deck.retry}
      />
    );
  } else if (status === 'empty') {
    stage = [
      ...flying,
      <EmptyState
        key="empty"
        title={EMPTY_FEED_TITLE}
        body="You have seen every outfit for now. Give the ones you passed on another look, revisit the ones you loved, or search for something specific."
        action={
          <div className={styles.emptyActions}>
            <button
              type="button"
              className={classNames(button.button, button.contained)}
              disabled={deck.restoring}
              onClick={() => void deck.restore()}
            >
              See passed outfits again
            </button>
            <RouterLink
              className={classNames(button.button, button.outlined)}
              to="/favorites/outfits"
            >
              Favorites
            </RouterLink>
            <RouterLink className={classNames(button.button, button.outlined)} to="/search">
              Search
            </RouterLink>
          </div>
        }
      />,
    ];
  } else {
    // One keyed list, flying cards first: a swiped card moves from the stack to the flyers as the
    // same element, so it flies off from where the drag left it (two lists would remount it).
    stage = [
      ...flying,
      ...cards.slice(0, firstPaint ? 1 : 2).map((outfit, depth) => (
        <SwipeCard
          key={outfit.id}
          depth={depth}
          label={`${outfit.name}, ${outfit.occasion}`}
          describedBy={reasonId(outfit.id)}
          enterFrom={depth === 0 && deck.entering ? deck.entering.from : undefined}
          enterToken={depth === 0 ? deck.entering?.token : undefined}
          onSwipe={swipe}
        >
          <OutfitCard
            outfit={outfit}
            interactive={depth === 0}
            onToggleHeart={(item) => deck.toggleHeart(outfit.id, item.id)}
            onOpenPiece={(item) => openProduct(item.id, { onHearted: deck.showHearts })}
            onShopLook={depth === 0 ? () => openLook(outfit.id) : undefined}
          />
        </SwipeCard>
      )),
    ];
  }

  return (
    <div className={styles.layout}>
      <div className={styles.title}>{title}</div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: it only notes whether focus is on the deck */}
      <div
        className={styles.deck}
        onFocus={() => {
          focusInDeck.current = true;
        }}
        onBlur={onDeckBlur}
      >
        <section
          ref={stageRef}
          className={styles.stage}
          aria-label="Outfits to swipe"
          aria-describedby="deck-keys"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the deck takes the arrow keys when focused
          tabIndex={0}
          onKeyDown={onDeckKey}
        >
          {stage}
        </section>
        {status === 'empty' ? (
          // Nothing left to swipe; the last swipe can still be taken back.
          <button
            type="button"
            className={classNames(button.button, button.text)}
            aria-busy={deck.undoing || undefined}
            onClick={() => void undo()}
          >
            <span className={button.icon}>
              <Replay fontSize="inherit" />
            </span>
            Undo last swipe
          </button>
        ) : (
          <div className={styles.buttons}>
            <RoundButton
              label="Reject outfit"
              shortcut="←"
              color={palette.nope}
              size={60}
              disabled={!top}
              onClick={() => swipe('nope')}
            >
              <Close style={{ fontSize: 30 }} />
            </RoundButton>
            <RoundButton
              label="Undo last swipe"
              color={palette.muted}
              size={46}
              // Pressed again meanwhile, it does nothing: `undo` ignores a press while one runs.
              busy={deck.undoing}
              disabled={status === 'loading'}
              onClick={() => void undo()}
            >
              <Replay />
            </RoundButton>
            <RoundButton
              label="Favorite outfit"
              shortcut="→"
              color={palette.like}
              size={60}
              disabled={!top}
              onClick={() => swipe('like')}
            >
              <Favorite style={{ fontSize: 28 }} />
            </RoundButton>
          </div>
        )}
        <p aria-live="polite" className={styles.spoken}>
          {deck.announcement}
        </p>
      </div>
      {status === 'ready' && top && (
        <div className={styles.summary}>
          <OutfitPieces outfit={top} />
        </div>
      )}
      <div className={styles.hintsArea}>
        <h2 className={styles.howTitle}>How it works</h2>
        <Hints />
        <p id="deck-keys" className={styles.keys}>
          On a keyboard, focus the outfits, then ← rejects and → favorites.
        </p>
      </div>
    </div>
  );
}

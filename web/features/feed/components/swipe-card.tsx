import { type PointerEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import type { SwipeDirection } from '../../../../contracts/feed';
import { classNames } from '../../../lib/class-names';
import styles from './swipe-deck.module.css';

/** Past this distance (px) or flick speed (px/s) a released card flies off. */
const DISTANCE_THRESHOLD = 110;
const VELOCITY_THRESHOLD = 650;
/** A pointer must move this far sideways before the card follows it (taps stay taps). */
const DRAG_SLOP = 6;
/** How far a card flies when it leaves, and how long it takes. */
const FLY_DISTANCE = 640;
export const FLY_MS = 320;

/** -1 left (nope), 1 right (like). */
export type Side = -1 | 1;

export const sideOf = (direction: SwipeDirection): Side => (direction === 'like' ? 1 : -1);

const reducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The tilt and the stamps' strength for a card dragged `x` pixels sideways. */
function pose(x: number) {
  const rotate = Math.max(-16, Math.min(16, (x / 320) * 16));
  const strength = (from: number) =>
    Math.max(0, Math.min(1, (Math.abs(x) - from) / (DISTANCE_THRESHOLD - from)));
  return {
    transform: `translate3d(${x}px, 0, 0) rotate(${rotate}deg)`,
    like: x > 0 ? strength(24) : 0,
    nope: x < 0 ? strength(24) : 0,
  };
}

/** Puts a card `x` pixels sideways, with its tilt and stamps to match. */
function place(card: HTMLElement | null, x: number, transition: string) {
  if (!card) return;
  const p = pose(x);
  card.style.transition = transition;
  card.style.transform = p.transform;
  for (const stamp of card.querySelectorAll<HTMLElement>('[data-stamp]')) {
    const strength = stamp.dataset.stamp === 'LIKE' ? p.like : p.nope;
    stamp.style.opacity = String(strength);
    // A hidden stamp is really hidden, not a clear box over the card's text.
    stamp.style.visibility = strength > 0 ? 'visible' : 'hidden';
  }
}

function Stamp({ label }: { label: 'LIKE' | 'NOPE' }) {
  return (
    <div
      aria-hidden
      data-stamp={label}
      className={classNames(styles.stamp, label === 'LIKE' ? styles.like : styles.nope)}
    >
      {label}
    </div>
  );
}

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  x: number;
  active: boolean;
  /** Recent positions, for the speed of a flick. */
  samples: { x: number; t: number }[];
}

/**
 * A card on the stack. The top one drags left and right only (the page still scrolls up and
 * down), tilts as it goes, shows LIKE or NOPE, and past the threshold is swiped; otherwise it
 * springs back. A swiped card flies off to its side (`leaving`) and then reports `onGone`; a
 * card put back by undo glides in from the side it left (`enterFrom`).
 *
 * The drag writes the transform straight onto the element, so a drag re-renders nothing.
 */
export function SwipeCard({
  depth,
  leaving,
  enterFrom,
  enterToken,
  label,
  describedBy,
  onSwipe,
  onGone,
  children,
}: {
  depth: number;
  leaving?: Side | undefined;
  enterFrom?: Side | undefined;
  /** Changes each time a card is put back, so the same card can come back twice. */
  enterToken?: number | undefined;
  label: string;
  /** The id of what a screen reader says after the label (the card's reason). */
  describedBy?: string | undefined;
  onSwipe: (direction: SwipeDirection) => void;
  onGone?: (() => void) | undefined;
  children: ReactNode;
}) {
  const front = depth === 0 && leaving === undefined;
  const card = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const gone = useRef(onGone);
  gone.current = onGone;
  // A card that arrives underneath the top one rises into place (the deck first paints the top
  // card alone); the top card simply shows.
  const [riseIn] = useState(depth > 0);

  // Leaving: fly off from wherever the card is now, then tell the deck it is gone.
  useLayoutEffect(() => {
    const el = card.current;
    if (!el || leaving === undefined) return;
    if (reducedMotion()) {
      gone.current?.();
      return;
    }
    el.style.transition = `transform ${FLY_MS}ms ease-in, opacity ${FLY_MS}ms ease-in`;
    el.style.transform = `translate3d(${leaving * FLY_DISTANCE}px, 0, 0) rotate(${leaving * 20}deg)`;
    el.style.opacity = '0';
    // transitionend does not come when the tab is hidden; a timer makes sure.
    const timer = setTimeout(() => gone.current?.(), FLY_MS + 60);
    return () => clearTimeout(timer);
  }, [leaving]);

  // Back from undo, or caught while leaving: glide in to the middle.
  useLayoutEffect(() => {
    const el = card.current;
    if (!el || leaving !== undefined) return;
    el.style.opacity = '1';
    if (enterToken === undefined || !enterFrom) {
      place(el, 0, `transform 280ms cubic-bezier(.2,.9,.3,1.15)`);
      return;
    }
    if (reducedMotion()) {
      place(el, 0, 'none');
      return;
    }
    // A card that is still on screen (caught mid-flight) starts from where it is.
    if (!el.style.transform) place(el, enterFrom * 520, 'none');
    void el.offsetWidth; // commit the start position before transitioning from it
    place(el, 0, `transform 420ms cubic-bezier(.2,.9,.3,1.1)`);
  }, [enterToken, enterFrom, leaving]);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!front || event.button !== 0 || drag.current) return;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      x: 0,
      active: false,
      samples: [{ x: 0, t: event.timeStamp }],
    };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    const dx = event.clientX - d.startX;
    const dy = event.clientY - d.startY;
    if (!d.active) {
      if (Math.abs(dy) > DRAG_SLOP && Math.abs(dy) > Math.abs(dx)) {
        // Up and down is the page scrolling, not a swipe.
        drag.current = null;
        return;
      }
      if (Math.abs(dx) < DRAG_SLOP) return;
      d.active = true;
      event.currentTarget.setPointerCapture(event.pointerId);
      event.currentTarget.style.cursor = 'grabbing';
    }
    d.x = dx;
    d.samples = [
      ...d.samples.filter((s) => event.timeStamp - s.t < 100),
      { x: dx, t: event.timeStamp },
    ];
    place(card.current, dx, 'none');
  }

  function onPointerEnd(event: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!d.active) return;
    event.currentTarget.style.cursor = '';
    const first = d.samples[0];
    const last = d.samples.at(-1);
    const elapsed = first && last ? last.t - first.t : 0;
    const velocity = first && last && elapsed > 0 ? ((last.x - first.x) / elapsed) * 1000 : 0;
    const flung = Math.abs(velocity) > VELOCITY_THRESHOLD && Math.sign(velocity) === Math.sign(d.x);
    if (event.type === 'pointerup' && (Math.abs(d.x) > DISTANCE_THRESHOLD || flung)) {
      onSwipe(d.x > 0 ? 'like' : 'nope');
    } else {
      place(card.current, 0, 'transform 300ms cubic-bezier(.2,.9,.3,1.25)');
    }
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; this is a card to drag
    <div
      ref={card}
      className={classNames(
        styles.card,
        front && styles.front,
        leaving !== undefined && styles.leaving,
      )}
      style={{ zIndex: leaving !== undefined ? 20 : 10 - depth }}
      role="group"
      // The top card is the one a shopper acts on; the one under it is only seen.
      aria-roledescription={front ? 'outfit card' : undefined}
      aria-label={front ? label : undefined}
      aria-describedby={front ? describedBy : undefined}
      aria-hidden={front ? undefined : true}
      inert={leaving !== undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      // A drag that starts on a picture must not turn into the browser dragging the image.
      onDragStart={(event) => event.preventDefault()}
    >
      {/* The card below waits a little smaller and lower, and steps up when the top one goes. */}
      <div className={classNames(styles.lift, depth > 0 && styles.below, riseIn && styles.riseIn)}>
        {depth === 0 && <Stamp label="LIKE" />}
        {depth === 0 && <Stamp label="NOPE" />}
        {children}
      </div>
    </div>
  );
}

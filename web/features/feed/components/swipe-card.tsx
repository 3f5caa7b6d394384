import Box from '@mui/material/Box';
import {
  animate,
  type MotionValue,
  m,
  type PanInfo,
  useIsPresent,
  useMotionValue,
  useTransform,
} from 'motion/react';
import { type ReactNode, useEffect } from 'react';
import type { SwipeDirection } from '../../../../contracts/feed';
import { palette } from '../../../app/theme';

/** Past this distance (px) or flick speed (px/s) a released card flies off. */
const DISTANCE_THRESHOLD = 110;
const VELOCITY_THRESHOLD = 650;

/** -1 left (nope), 1 right (like). */
export type Side = -1 | 1;

export const sideOf = (direction: SwipeDirection): Side => (direction === 'like' ? 1 : -1);

/** How a card leaves: towards the side it was swiped, passed in by AnimatePresence. */
const variants = {
  exit: (side: Side) => ({
    x: side * 640,
    opacity: 0,
    transition: { duration: 0.32, ease: 'easeIn' as const },
  }),
};

function Stamp({
  label,
  color,
  side,
  opacity,
}: {
  label: string;
  color: string;
  side: 'left' | 'right';
  opacity: MotionValue<number>;
}) {
  return (
    <m.div
      aria-hidden
      style={{
        opacity,
        position: 'absolute',
        top: 70,
        [side]: 18,
        rotate: side === 'left' ? -14 : 14,
        zIndex: 2,
        pointerEvents: 'none',
      }}
    >
      <Box
        sx={{
          border: 4,
          borderColor: color,
          color,
          borderRadius: 2,
          px: 1.5,
          py: 0.25,
          fontWeight: 800,
          fontSize: '2rem',
          letterSpacing: '0.08em',
          bgcolor: 'rgba(255,255,255,0.85)',
        }}
      >
        {label}
      </Box>
    </m.div>
  );
}

/**
 * A card on the stack. The top one drags left and right only (the page still scrolls up and
 * down), tilts as it goes, shows LIKE or NOPE, and past the threshold is swiped; otherwise it
 * springs back. Cards that come back through undo fly in from the side they left.
 */
export function SwipeCard({
  depth,
  enterFrom,
  enterToken,
  label,
  onSwipe,
  children,
}: {
  depth: number;
  enterFrom?: Side | undefined;
  /** Changes each time a card is put back, so the same card can come back twice. */
  enterToken?: number | undefined;
  label: string;
  onSwipe: (direction: SwipeDirection) => void;
  children: ReactNode;
}) {
  const front = depth === 0;
  // A card on its way out is no longer on the stack, for people and assistive technology alike.
  const present = useIsPresent();
  const isTop = front && present;
  const x = useMotionValue(enterFrom ? enterFrom * 520 : 0);
  const rotate = useTransform(x, [-320, 0, 320], [-16, 0, 16]);
  const likeOpacity = useTransform(x, [24, DISTANCE_THRESHOLD], [0, 1]);
  const nopeOpacity = useTransform(x, [-DISTANCE_THRESHOLD, -24], [1, 0]);

  // A card put back by undo (new, or caught while still leaving) glides in to the middle.
  useEffect(() => {
    if (!isTop || enterToken === undefined || x.get() === 0) return;
    const controls = animate(x, 0, { type: 'spring', stiffness: 320, damping: 30 });
    return () => controls.stop();
  }, [isTop, enterToken, x]);

  function onDragEnd(_: unknown, info: PanInfo) {
    const { offset, velocity } = info;
    const flung =
      Math.abs(velocity.x) > VELOCITY_THRESHOLD && Math.sign(velocity.x) === Math.sign(offset.x);
    if (Math.abs(offset.x) > DISTANCE_THRESHOLD || flung) {
      onSwipe(offset.x > 0 ? 'like' : 'nope');
    } else {
      animate(x, 0, { type: 'spring', stiffness: 480, damping: 32 });
    }
  }

  return (
    <m.div
      role={isTop ? 'group' : undefined}
      aria-roledescription={isTop ? 'outfit card' : undefined}
      aria-label={isTop ? label : undefined}
      aria-hidden={isTop ? undefined : true}
      inert={!present}
      drag={isTop ? 'x' : false}
      dragMomentum={false}
      dragElastic={0.9}
      onDragEnd={onDragEnd}
      variants={variants}
      initial={enterFrom ? false : { scale: 0.92, y: 26, opacity: 0 }}
      animate={{ scale: front ? 1 : 0.95, y: front ? 0 : 16, opacity: 1 }}
      exit="exit"
      transition={{ type: 'spring', stiffness: 300, damping: 30 }}
      style={{
        x,
        rotate,
        position: 'absolute',
        inset: 0,
        zIndex: present ? 10 - depth : 20,
        pointerEvents: present ? 'auto' : 'none',
        cursor: isTop ? 'grab' : 'default',
        touchAction: 'pan-y',
      }}
      whileDrag={{ cursor: 'grabbing' }}
    >
      {front && <Stamp label="LIKE" color={palette.like} side="left" opacity={likeOpacity} />}
      {front && <Stamp label="NOPE" color={palette.nope} side="right" opacity={nopeOpacity} />}
      {children}
    </m.div>
  );
}

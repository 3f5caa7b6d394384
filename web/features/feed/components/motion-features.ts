import { domMax } from 'motion/react';

/**
 * Drag, gestures and animations for the swipe cards, in their own chunk: the first card shows
 * before they arrive, and becomes draggable a moment later.
 */
export default domMax;

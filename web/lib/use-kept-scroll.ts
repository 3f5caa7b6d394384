import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each visited page of a long list was scrolled to, by history entry. */
const positions = new Map<string, number>();

/**
 * Keeps a long list's place: remembers how far the shopper scrolled on this history entry, and
 * on coming back to it (the browser's back or forward) scrolls there again once the list is on
 * screen (`ready`: its pages come from the query cache, so it can be at once).
 */
export function useKeptScroll(ready: boolean) {
  const { key } = useLocation();
  const navigation = useNavigationType();
  const restored = useRef(false);

  useEffect(() => {
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);

  useLayoutEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    const y = positions.get(key);
    if (navigation !== 'POP' || y === undefined) return;
    // Cards off screen are laid out at a guessed height (card-grid.tsx): for the scroll, each is
    // laid out at its own, and keeps that height once skipped again, two frames on.
    const root = document.documentElement;
    root.dataset.keptScroll = 'restoring';
    window.scrollTo(0, y);
    requestAnimationFrame(() => requestAnimationFrame(() => delete root.dataset.keptScroll));
  }, [ready, key, navigation]);
}

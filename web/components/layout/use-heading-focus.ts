import { type RefObject, useEffect, useRef } from 'react';

/** How long a page that is still loading may take to show its heading and still get focus. */
const WAIT_MS = 5_000;

/**
 * After a move to another page, focus goes to that page's main heading (made focusable with
 * tabindex -1), so a screen reader starts reading the new page and the next Tab starts there:
 * not the body, and not the link just followed. A page loaded lazily gets focus once its
 * heading appears. The first page of a visit keeps the browser's own start, and a page that
 * puts focus somewhere itself (a search box) keeps it.
 */
export function useHeadingFocus(main: RefObject<HTMLElement | null>, pathname: string) {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const root = main.current;
    if (!root) return;
    const focusHeading = () => {
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!root.contains(document.activeElement)) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(root, { childList: true, subtree: true });
    return stop;
  }, [main, pathname]);
}

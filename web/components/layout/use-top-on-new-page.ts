import { useEffect, useRef } from 'react';
import { useNavigationType } from 'react-router';

/**
 * A page gone to (a link, a button) starts at its top, not at the height the page before was
 * scrolled to; going back or forward leaves the place to the page (`useKeptScroll`).
 */
export function useTopOnNewPage(pathname: string) {
  const navigation = useNavigationType();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
}

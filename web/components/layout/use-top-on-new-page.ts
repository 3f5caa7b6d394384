import { useEffect, useRef } from 'react';
import { useNavigationType } from 'react-router';

/**
 * A page gone to (a link, a button) starts at its top, not at the height the page before was
 * scrolled to. Back, Forward and a replaced address leave the place as it is.
 */
export function useTopOnNewPage(pathname: string) {
  const navigation = useNavigationType();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // A replace (an address that follows a change on the page) keeps the place too.
    if (navigation === 'PUSH') window.scrollTo(0, 0);
  }, [pathname, navigation]);
}

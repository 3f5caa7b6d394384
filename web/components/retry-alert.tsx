import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * An error in its place within a page, with a Retry button that says so while `retrying` (give it
 * the query's `isFetching`: an errored query keeps its error while it asks again, so the alert
 * stays until the answer comes).
 *
 * A retry that works takes the alert away, and with it the button that had focus, which would
 * fall to the page: it goes to `focusAfter` instead, an element that outlives the alert (the
 * container it sits in, with tabIndex={-1}, or the field it makes usable).
 */
export function RetryAlert({
  children,
  onRetry,
  retrying = false,
  focusAfter,
}: {
  children: ReactNode;
  onRetry: () => unknown;
  retrying?: boolean;
  focusAfter: RefObject<HTMLElement | null>;
}) {
  const alert = useRef<HTMLDivElement>(null);
  // A layout effect is cleaned up before React takes the alert out of the page, while focus is
  // still in it; focus elsewhere (the person moved on) is left where it is.
  useLayoutEffect(() => {
    const node = alert.current;
    return () => {
      if (node?.contains(document.activeElement)) focusAfter.current?.focus();
    };
  }, [focusAfter]);

  return (
    <Alert
      ref={alert}
      severity="error"
      action={
        // aria-disabled, not disabled: a disabled button would drop the focus it has.
        <Button
          color="inherit"
          size="small"
          aria-disabled={retrying || undefined}
          onClick={retrying ? undefined : () => void onRetry()}
        >
          {retrying ? 'Retrying…' : 'Retry'}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

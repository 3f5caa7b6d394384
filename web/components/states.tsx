import type { ReactNode } from 'react';
import { classNames } from '../lib/class-names';
import { useOnline } from '../lib/use-online';
import button from './button.module.css';
import styles from './states.module.css';

/*
 * The loading, empty and error states every page shares, drawn without MUI: the swipe screen
 * shows them before its first card, and they are part of its first download.
 */

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className={classNames(styles.state, styles.loading)}>
      <svg className={styles.spinner} viewBox="22 22 44 44" role="progressbar" aria-label={label}>
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </div>
  );
}

export function EmptyState({
  title,
  body,
  action,
}: {
  title: string;
  body?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={styles.state}>
      <p className={styles.title}>{title}</p>
      {body && <p className={styles.body}>{body}</p>}
      {action}
    </div>
  );
}

/** Offline, a screen says so in its own place, and is asked for again once the connection is back. */
const OFFLINE_TITLE = 'You are offline';
const OFFLINE_BODY = 'This page will load when you are back online.';

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const online = useOnline();
  return (
    <div role="alert" className={styles.state}>
      <p className={classNames(styles.title, styles.errorTitle)}>
        {online ? 'That did not load' : OFFLINE_TITLE}
      </p>
      <p className={styles.body}>{online ? message : OFFLINE_BODY}</p>
      {onRetry && (
        <button
          type="button"
          className={classNames(button.button, button.outlined)}
          onClick={onRetry}
        >
          Try again
        </button>
      )}
    </div>
  );
}

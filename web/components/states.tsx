import type { ReactNode } from 'react';
import { classNames } from '../lib/class-names';
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

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className={styles.state}>
      <p className={classNames(styles.title, styles.errorTitle)}>That did not load</p>
      <p className={styles.body}>{message}</p>
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

import type { ReactNode } from 'react';
import { classNames } from '../lib/class-names';
import { useOnline } from '../lib/use-online';
import button from './button.module.css';
import styles from './states.module.css';

/*
 * The loading, empty and error states every page shares, drawn without MUI: the swipe screen
 * shows them before its first card, and they are part of its first download.
 */

/**
 * A placeholder in the shape of what is coming, instead of a spinner: `list` a heading and a
 * few cards (lists, pages), `card` one swipe card with its buttons. Drawn like MUI's Skeleton
 * (a soft block with a passing shimmer, still when the shopper asks for less motion) but
 * without MUI, so the frame and the swipe screen can show it on their first paint.
 */
export function Loading({
  label = 'Loading',
  shape = 'list',
}: {
  label?: string;
  shape?: 'list' | 'card';
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={classNames(
        styles.skeleton,
        shape === 'card' ? styles.cardShape : styles.listShape,
      )}
    >
      <div role="progressbar" aria-label={label} className={styles.skeletonBody}>
        {shape === 'card' ? (
          <>
            <span className={classNames(styles.bone, styles.boneCard)} />
            <span className={styles.boneRow}>
              <span className={classNames(styles.bone, styles.boneRound)} />
              <span className={classNames(styles.bone, styles.boneRound)} />
            </span>
          </>
        ) : (
          <>
            <span className={classNames(styles.bone, styles.boneTitle)} />
            <span className={classNames(styles.bone, styles.boneLine)} />
            <span className={styles.boneGrid}>
              <span className={classNames(styles.bone, styles.boneTile)} />
              <span className={classNames(styles.bone, styles.boneTile)} />
              <span className={classNames(styles.bone, styles.boneTile)} />
              <span className={classNames(styles.bone, styles.boneTile)} />
            </span>
          </>
        )}
      </div>
    </div>
  );
}

export function EmptyState({
  title,
  body,
  action,
  heading,
}: {
  title: string;
  body?: ReactNode;
  action?: ReactNode;
  /** The title as the page's heading, when the state is all the page shows. */
  heading?: 'h1' | 'h2';
}) {
  const Title = heading ?? 'p';
  return (
    <div className={styles.state}>
      <Title className={styles.title}>{title}</Title>
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

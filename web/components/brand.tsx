import { palette } from '../app/palette';
import styles from './brand.module.css';

/** Drape's mark: a hanger-like D. */
export function Logo({ size = 56 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role="img"
      aria-label="Drape logo"
      className={styles.logo}
    >
      <rect width="64" height="64" rx="16" fill={palette.ink} />
      <path
        d="M22 14h11c11 0 18 7 18 18s-7 18-18 18H22z"
        fill="none"
        stroke={palette.paper}
        strokeWidth="5"
      />
      <path d="M12 26l10-8v28l-10-8z" fill={palette.accent} />
    </svg>
  );
}

export function Wordmark({ size = '1.6rem' }: { size?: string }) {
  return (
    <span className={styles.wordmark} style={{ fontSize: size }}>
      DRAPE
    </span>
  );
}

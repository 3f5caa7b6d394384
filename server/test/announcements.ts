/**
 * How long the tests of announced changes let a process trust a copy it keeps: far longer than
 * any test runs, so a change that shows during a test was announced, never aged out.
 */
export const KEPT_SECONDS = 3_600;
export const KEPT_MS = KEPT_SECONDS * 1_000;

/**
 * Waiting for an announcement (PostgreSQL's NOTIFY, PGlite's too) to reach a process: a condition
 * polled for as long as a busy machine may need, not a measure of speed. "At once" in these
 * tests means "on the announcement, long before the copy would age", which `KEPT_SECONDS` makes
 * an hour.
 */
export const untilAnnounced = { timeout: 20_000, interval: 20 } as const;

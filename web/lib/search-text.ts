/**
 * A shopper's search as it is sent and cached: trimmed, runs of spaces as one, lower-cased.
 * Every search matches case-insensitively and no shop text holds a double space, so "Red  coat "
 * and "red coat" ask the same question and share one cached answer; blank means no search.
 */
export const normaliseQuery = (q: string) => q.trim().replace(/\s+/g, ' ').toLowerCase();

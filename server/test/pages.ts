import { expect } from 'vitest';
import { PAGE_SIZE } from '../../contracts/common';
import type { Agent } from './test-app';

/** A list's URL asking for the page after `cursor`. */
export function pageUrl(path: string, cursor: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;
}

/**
 * Every page of a paged list, from the first to the one with no next cursor, checking that each
 * holds at most a page and that only the last is short. `between(n)` runs after the n-th page
 * when another follows: to change the list while the shopper is reading it.
 */
export async function followToEnd<T>(
  agent: Agent,
  path: string,
  between?: (pagesRead: number) => Promise<void>,
): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const res = await agent.get(cursor ? pageUrl(path, cursor) : path);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: T[]; nextCursor: string | null };
    expect(page.items.length).toBeLessThanOrEqual(PAGE_SIZE);
    if (page.nextCursor !== null) expect(page.items).toHaveLength(PAGE_SIZE);
    pages.push(page.items);
    cursor = page.nextCursor;
    if (cursor && between) await between(pages.length);
  } while (cursor);
  return pages;
}

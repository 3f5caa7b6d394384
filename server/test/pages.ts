import { expect } from 'vitest';
import {
  ORDER_PAGE_SIZE,
  OUTFIT_PAGE_SIZE,
  OUTFIT_SEARCH_PAGE_SIZE,
  PAGE_SIZE,
} from '../../contracts/common';
import type { Agent } from './test-app';

/** A list's URL asking for the page after `cursor`. */
export function pageUrl(path: string, cursor: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;
}

/** The lists whose pages hold outfits, `OUTFIT_PAGE_SIZE` a page. */
const OUTFIT_LISTS = [
  /^\/api\/favorites\/outfits/,
  /^\/api\/favorites\/search(\?|$)/,
  /^\/api\/closet\/outfits/,
  /^\/api\/closet\/items\/occasions\/[^/?]+/,
  /^\/api\/design\/outfits/,
];

/** Outfit search, `OUTFIT_SEARCH_PAGE_SIZE` a page. */
const OUTFIT_SEARCH = /^\/api\/outfit\/search/;

/** The shopper's orders, `ORDER_PAGE_SIZE` a page. */
const ORDER_LIST = /^\/api\/buy(\?|$)/;

/** How many entries a full page of the list at `path` holds. */
export function pageSizeOf(path: string): number {
  if (OUTFIT_LISTS.some((list) => list.test(path))) return OUTFIT_PAGE_SIZE;
  if (OUTFIT_SEARCH.test(path)) return OUTFIT_SEARCH_PAGE_SIZE;
  return ORDER_LIST.test(path) ? ORDER_PAGE_SIZE : PAGE_SIZE;
}

/**
 * Every page of a paged list, from the first to the one with no next cursor, checking that each
 * holds at most a page (`pageSizeOf`) and that only the last is short (`shortPages`: any may be,
 * as a search of favourites'). `between(n)` runs after the n-th page when
 * another follows: to change the list while the shopper is reading it. A list that never ends
 * fails after `MAX_PAGES`.
 */
export async function followToEnd<T>(
  agent: Agent,
  path: string,
  between?: (pagesRead: number) => Promise<void>,
  { shortPages = false } = {},
): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const res = await agent.get(cursor ? pageUrl(path, cursor) : path);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: T[]; nextCursor: string | null };
    expect(page.items.length).toBeLessThanOrEqual(pageSizeOf(path));
    if (page.nextCursor !== null && !shortPages) expect(page.items).toHaveLength(pageSizeOf(path));
    pages.push(page.items);
    expect(pages.length, `${path} has no last page`).toBeLessThanOrEqual(MAX_PAGES);
    cursor = page.nextCursor;
    if (cursor && between) await between(pages.length);
  } while (cursor);
  return pages;
}

const MAX_PAGES = 200;

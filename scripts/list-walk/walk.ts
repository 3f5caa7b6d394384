import { randomUUID } from 'node:crypto';
import {
  ORDER_PAGE_SIZE,
  OUTFIT_PAGE_SIZE,
  OUTFIT_SEARCH_PAGE_SIZE,
  PAGE_SIZE,
} from '../../contracts/common';

/**
 * A shopper's history built through the API as a shopper makes it (swipes on the feed, hearts on
 * its cards, whole outfits bought), then every list the shopper can open followed to its end:
 * each page within its size and well under 100 KB, nothing listed twice, and as many entries as
 * the count routes say. `npm run walk` runs it against a served shop; `walk.test.ts` against the
 * tests' shop.
 */

/** An answer as the walk reads it. */
export interface Answer {
  status: number;
  body: string;
}

/** A signed-in shopper's requests (the cookie is the sender's business). */
export type Send = (method: string, path: string, body?: unknown) => Promise<Answer>;

/** The largest page the issue allows, in bytes. */
export const PAGE_BYTES = 100_000;

/** How far an open search of the whole shop is followed: it lists the shop, not a history. */
const SHOP_SEARCH_PAGES = 40;

export interface Built {
  likes: number;
  hearts: number;
  orders: number;
}

/** A history as built: how much of each, and the outfits bought whole, in the order bought. */
export interface History extends Built {
  boughtOutfits: number[];
}

export interface Walked {
  list: string;
  pages: number;
  entries: number;
  /** What the count routes (or the history built) say the list holds; null when nothing does. */
  expected: number | null;
  firstPageBytes: number;
  largestPageBytes: number;
  /** True when the walk stopped at `SHOP_SEARCH_PAGES` with more to come. */
  capped: boolean;
  problems: string[];
}

async function json<T>(send: Send, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await send(method, path, body);
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`${method} ${path}: ${answer.status} ${answer.body.slice(0, 200)}`);
  }
  return JSON.parse(answer.body) as T;
}

interface Card {
  id: number;
  items: { id: number }[];
}

const ADDRESS = {
  nickname: 'Home',
  recipient_name: 'Wren Walker',
  phone: '(555) 010-0177',
  street_address: '12 Orchard Street',
  city: 'New York',
  state: 'NY',
  zip: '10002',
};

/**
 * Swipes the feed until `likes` outfits are liked (every card after that is passed over),
 * hearting one piece on each of the first `hearts` cards, then buys `orders` liked outfits whole,
 * each in an order of its own. Stops early, and says so in what it returns, when the feed runs
 * out or a look is sold out.
 */
export async function buildHistory(send: Send, wanted: Built): Promise<History> {
  const made: History = { likes: 0, hearts: 0, orders: 0, boughtOutfits: [] };
  const liked: Card[] = [];
  while (made.likes < wanted.likes) {
    const page = await json<{ outfits: Card[] }>(send, 'GET', '/api/outfit/home');
    if (page.outfits.length === 0) break;
    for (const card of page.outfits) {
      if (made.hearts < wanted.hearts) {
        const piece = card.items[made.hearts % card.items.length]!;
        await json(send, 'POST', '/api/item/favorite', { itemId: piece.id, outfitId: card.id });
        made.hearts += 1;
      }
      const like = made.likes < wanted.likes;
      await json(send, 'POST', like ? '/api/outfit/favorite' : '/api/outfit/reject', {
        outfitId: card.id,
      });
      if (like) {
        made.likes += 1;
        liked.push(card);
      }
    }
  }
  if (wanted.orders > 0) {
    const address = await json<{ id: number }>(send, 'POST', '/api/shipping', ADDRESS);
    for (const card of liked) {
      if (made.orders >= wanted.orders) break;
      const itemIds = card.items.map((item) => item.id);
      const added = await send('POST', '/api/cart/outfit', { outfitId: card.id, itemIds });
      if (added.status === 409) continue; // a piece sold out: the next liked look
      if (added.status >= 300) throw new Error(`POST /api/cart/outfit: ${added.status}`);
      await json(send, 'PUT', '/api/buy', {
        addressId: address.id,
        paymentMethod: 'paypal',
        idempotencyKey: randomUUID(),
      });
      made.orders += 1;
      made.boughtOutfits.push(card.id);
    }
  }
  return made;
}

interface ListSpec {
  path: string;
  pageSize: number;
  key(entry: Record<string, unknown>): string;
  expected: number | null;
  /** A page may be short before the last (a search of favourites). */
  shortPages?: boolean;
  /** A search of the whole shop: followed `SHOP_SEARCH_PAGES` pages at most. */
  shop?: boolean;
}

const byId = (entry: Record<string, unknown>) => String(entry.id);
/** A favourite piece is listed once for each outfit it came from (or hearted alone). */
const byPiece = (entry: Record<string, unknown>) => `${entry.id}:${entry.outfitId ?? 'alone'}`;
const byNumber = (entry: Record<string, unknown>) => String(entry.number);

/** Follows one list from its first page to the one with no next cursor. */
export async function walkList(send: Send, spec: ListSpec): Promise<Walked> {
  const seen = new Set<string>();
  const problems: string[] = [];
  const walked: Walked = {
    list: spec.path,
    pages: 0,
    entries: 0,
    expected: spec.expected,
    firstPageBytes: 0,
    largestPageBytes: 0,
    capped: false,
    problems,
  };
  let cursor: string | null = null;
  do {
    const path: string = cursor
      ? `${spec.path}${spec.path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`
      : spec.path;
    const answer = await send('GET', path);
    if (answer.status !== 200) {
      problems.push(`page ${walked.pages + 1}: ${answer.status} ${answer.body.slice(0, 120)}`);
      return walked;
    }
    const bytes = Buffer.byteLength(answer.body);
    const page = JSON.parse(answer.body) as {
      items: Record<string, unknown>[];
      nextCursor: string | null;
    };
    walked.pages += 1;
    if (walked.pages === 1) walked.firstPageBytes = bytes;
    walked.largestPageBytes = Math.max(walked.largestPageBytes, bytes);
    if (bytes >= PAGE_BYTES) problems.push(`page ${walked.pages} is ${bytes} bytes`);
    if (page.items.length > spec.pageSize) {
      problems.push(`page ${walked.pages} holds ${page.items.length}, more than a page`);
    }
    if (page.nextCursor !== null && !spec.shortPages && page.items.length < spec.pageSize) {
      problems.push(`page ${walked.pages} holds ${page.items.length} and is not the last`);
    }
    for (const entry of page.items) {
      const key = spec.key(entry);
      if (seen.has(key)) problems.push(`${key} listed twice`);
      seen.add(key);
    }
    walked.entries += page.items.length;
    cursor = page.nextCursor;
    if (cursor && spec.shop && walked.pages >= SHOP_SEARCH_PAGES) {
      walked.capped = true;
      break;
    }
  } while (cursor);
  if (spec.expected !== null && walked.entries !== spec.expected) {
    problems.push(`${walked.entries} listed, ${spec.expected} counted`);
  }
  return walked;
}

const sum = (counts: readonly number[]) => counts.reduce((a, b) => a + b, 0);

/**
 * Every list a shopper opens, with what each should hold: the count routes' figures, and for the
 * liked outfits and the orders the history built (`built`, when the walk built it).
 */
export async function listsOf(send: Send, built?: Built): Promise<ListSpec[]> {
  const counted = <T>(path: string) => json<({ id: number } & T)[]>(send, 'GET', path);
  const [likedPer, favouritePer, closetPer, ownedPer] = await Promise.all([
    counted<{ count: number }>('/api/favorites/occasions'),
    counted<{ count: number }>('/api/favorites/categories'),
    counted<{ outfits: number }>('/api/closet/items/occasions'),
    counted<{ pieces: number }>('/api/closet/items/category'),
  ]);
  const outfits = (path: string, expected: number | null): ListSpec => {
    return { path, pageSize: OUTFIT_PAGE_SIZE, key: byId, expected };
  };
  const pieces = (path: string, expected: number | null, key = byPiece): ListSpec => {
    return { path, pageSize: PAGE_SIZE, key, expected };
  };
  // Built here, the liked outfits must be the ones the walk liked, whatever the counts say.
  const likes = built?.likes ?? sum(likedPer.map((o) => o.count));
  return [
    outfits('/api/favorites/outfits', likes),
    ...likedPer.map((o) => outfits(`/api/favorites/outfits/${o.id}`, o.count)),
    { ...outfits('/api/favorites/search?q=a', null), shortPages: true },
    ...favouritePer.map((c) => pieces(`/api/favorites/items/${c.id}`, c.count)),
    { ...pieces('/api/favorites/search/item?q=a', null), shortPages: true },
    outfits('/api/closet/outfits', sum(closetPer.map((o) => o.outfits))),
    ...closetPer.map((o) => outfits(`/api/closet/items/occasions/${o.id}`, o.outfits)),
    outfits('/api/closet/outfits?q=a', null),
    ...ownedPer.map((c) => pieces(`/api/closet/items/category/${c.id}`, c.pieces, byId)),
    { path: '/api/buy', pageSize: ORDER_PAGE_SIZE, key: byNumber, expected: built?.orders ?? null },
    {
      path: '/api/outfit/search?q=night',
      pageSize: OUTFIT_SEARCH_PAGE_SIZE,
      key: byId,
      expected: null,
      shop: true,
    },
  ];
}

/** Every list of the shopper followed to its end, one after another. */
export async function walkAll(send: Send, built?: Built): Promise<Walked[]> {
  const walked: Walked[] = [];
  for (const spec of await listsOf(send, built)) walked.push(await walkList(send, spec));
  return walked;
}

/** The walk as a table, a list a line. */
export function report(walked: readonly Walked[]): string {
  const lines = walked.map((w) => {
    const expected = w.expected === null ? '' : ` (counted ${w.expected})`;
    const capped = w.capped ? `, stopped after ${w.pages} pages` : '';
    const verdict = w.problems.length ? `  FAILED: ${w.problems.slice(0, 3).join('; ')}` : '';
    return (
      `${w.list.padEnd(40)} ${String(w.entries).padStart(5)} in ${String(w.pages).padStart(3)} ` +
      `pages${expected}${capped}, first ${(w.firstPageBytes / 1000).toFixed(1)} KB, ` +
      `largest ${(w.largestPageBytes / 1000).toFixed(1)} KB${verdict}`
    );
  });
  return lines.join('\n');
}

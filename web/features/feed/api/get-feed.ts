import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FeedPage } from '../../../../contracts/feed';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { FEED_PAGE_SIZE, feedKeys } from './keys';

/**
 * A page of outfits to swipe, best first. `exclude` names outfits the client already holds
 * (cards on the stack, swipes not yet acknowledged) so the page brings only new ones.
 */
export function getFeed(
  options: { exclude?: readonly number[]; limit?: number; signal?: AbortSignal } = {},
): Promise<FeedPage> {
  const exclude = options.exclude?.length ? options.exclude.join(',') : undefined;
  return api.get(apiPaths.feed.home, {
    query: { limit: options.limit ?? FEED_PAGE_SIZE, exclude },
    signal: options.signal,
  });
}

/** The first page, fetched afresh each time the swipe screen opens. */
export const feedQueryOptions = (exclude: readonly number[]) =>
  queryOptions({
    queryKey: feedKeys.home(),
    queryFn: ({ signal }) => getFeed({ exclude, signal }),
    staleTime: 0,
    gcTime: 0,
  });

/** How long a page fetched as the app started stays good enough to be the first one shown. */
const EARLY_PAGE_MS = 10_000;

let early: { page: FeedPage; at: number } | undefined;

/**
 * Fetches the first page as the app starts, before the swipe screen asks for it: the page's
 * response has the browser fetching it already (a preload), and with it in hand the screen's
 * first render shows cards instead of a loading state and a second render.
 */
export async function fetchFirstPageEarly(): Promise<void> {
  early = { page: await getFeed(), at: Date.now() };
}

/** The early page, once, if it is recent and asked for as the screen would ask (no exclusions). */
function takeEarlyPage(exclude: readonly number[]): FeedPage | undefined {
  const taken = early;
  early = undefined;
  if (!taken || exclude.length > 0 || Date.now() - taken.at > EARLY_PAGE_MS) return undefined;
  return taken.page;
}

/** The first page; `enabled` waits for the outbox, whose swipes the page must leave out. */
export function useFeed(exclude: readonly number[], enabled = true) {
  const [earlyPage] = useState(() => (enabled ? takeEarlyPage(exclude) : undefined));
  return useQuery({
    ...feedQueryOptions(exclude),
    enabled,
    initialData: earlyPage,
    // A page in hand is as fresh as a page fetched now; without one, fetch.
    staleTime: earlyPage ? Number.POSITIVE_INFINITY : 0,
    // With a page in, the deck pages on by itself: the first asked again would only deal its cards
    // anew. Without one (a kept stack opened offline), the connection's return is when to ask.
    refetchOnReconnect: (query) => query.state.data === undefined,
    refetchOnWindowFocus: false,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
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
  return api.get<FeedPage>(apiPaths.feed.home, {
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

export function useFeed(exclude: readonly number[]) {
  return useQuery(feedQueryOptions(exclude));
}

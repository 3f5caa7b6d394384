import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ClosetOutfitPage } from '../../../../contracts/closet';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { normaliseQuery } from '../../../lib/search-text';
import { closetKeys } from './keys';

/**
 * A page of the shopper's closet outfits, optionally searched by name or description: the first
 * without a cursor, then the one after the cursor the last page gave.
 */
export function getClosetOutfits(
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ClosetOutfitPage> {
  return api.get(apiPaths.closet.outfits, {
    query: { q: normaliseQuery(q) || undefined, cursor },
    signal,
  });
}

export const closetOutfitsQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: closetKeys.outfits(normaliseQuery(q)),
    queryFn: ({ pageParam, signal }) => getClosetOutfits(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export function useClosetOutfits(q: string) {
  return useInfiniteQuery({ ...closetOutfitsQueryOptions(q), placeholderData: keepPreviousData });
}

import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ClosetOutfitPage } from '../../../../contracts/closet';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { normaliseQuery } from '../../../lib/search-text';
import { CLOSET_PAGE_SIZE, closetKeys } from './keys';

/** A page of the shopper's closet outfits, optionally searched by name or description. */
export function getClosetOutfits(
  q: string,
  offset: number,
  signal?: AbortSignal,
): Promise<ClosetOutfitPage> {
  return api.get(apiPaths.closet.outfits, {
    query: { q: normaliseQuery(q) || undefined, limit: CLOSET_PAGE_SIZE, offset },
    signal,
  });
}

export const closetOutfitsQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: closetKeys.outfits(normaliseQuery(q)),
    queryFn: ({ pageParam, signal }) => getClosetOutfits(q, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
    staleTime: 0,
  });

export function useClosetOutfits(q: string) {
  return useInfiniteQuery({ ...closetOutfitsQueryOptions(q), placeholderData: keepPreviousData });
}

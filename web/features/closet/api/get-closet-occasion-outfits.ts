import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ClosetOccasionOutfitPage } from '../../../../contracts/closet';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { closetKeys } from './keys';

/** A page of closet outfits for one occasion, named (`Date Night`) or by id. */
export function getClosetOccasionOutfits(
  occasion: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ClosetOccasionOutfitPage> {
  return api.get(apiPaths.closet.occasion(occasion), {
    query: { cursor },
    signal,
  });
}

export const closetOccasionOutfitsQueryOptions = (occasion: string) =>
  infiniteQueryOptions({
    queryKey: closetKeys.occasion(occasion, ''),
    queryFn: ({ pageParam, signal }) => getClosetOccasionOutfits(occasion, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export function useClosetOccasionOutfits(occasion: string) {
  return useInfiniteQuery(closetOccasionOutfitsQueryOptions(occasion));
}

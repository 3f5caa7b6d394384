import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { OutfitSearchPage } from '../../../../contracts/search';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { normaliseQuery } from '../../../lib/search-text';
import { searchKeys } from './keys';

/** A page of outfits matching the text, best first (the newest without text). */
export function searchOutfits(
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<OutfitSearchPage> {
  return api.get(apiPaths.search.outfits, {
    query: { q: normaliseQuery(q) || undefined, cursor },
    signal,
  });
}

export const searchOutfitsQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: searchKeys.outfits(normaliseQuery(q)),
    queryFn: ({ pageParam, signal }) => searchOutfits(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });

export function useSearchOutfits(q: string, enabled = true) {
  return useInfiniteQuery({
    ...searchOutfitsQueryOptions(q),
    enabled,
    placeholderData: keepPreviousData,
  });
}

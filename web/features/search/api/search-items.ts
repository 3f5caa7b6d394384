import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ItemSearchPage } from '../../../../contracts/search';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { normaliseQuery } from '../../../lib/search-text';
import { searchKeys } from './keys';

/**
 * A page of catalogue items matching the text, best first, in the chosen categories (all when
 * none). No cursor: the first page; then the `nextCursor` the last page gave.
 */
export function searchItems(
  q: string,
  categories: readonly number[],
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ItemSearchPage> {
  return api.get(apiPaths.search.items, {
    query: { q: normaliseQuery(q) || undefined, cat: categories, cursor },
    signal,
  });
}

export const searchItemsQueryOptions = (q: string, categories: readonly number[]) =>
  infiniteQueryOptions({
    queryKey: searchKeys.items(normaliseQuery(q), categories),
    // The signal aborts a search the shopper has typed past.
    queryFn: ({ pageParam, signal }) => searchItems(q, categories, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });

export function useSearchItems(q: string, categories: readonly number[], enabled = true) {
  return useInfiniteQuery({
    ...searchItemsQueryOptions(q, categories),
    enabled,
    // The results on screen stay while the next search loads.
    placeholderData: keepPreviousData,
  });
}

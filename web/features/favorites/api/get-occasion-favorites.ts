import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { FavoriteOutfitPage } from '../../../../contracts/favorites';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { normaliseQuery } from '../../../lib/search-text';
import { favoritesKeys } from './keys';

/**
 * A page of the shopper's favorite outfits for one occasion; with text, only those matching it
 * (SPEC's favorites search, narrowed to the occasion). No cursor: the first page; then the
 * page after `cursor`.
 */
export function getOccasionFavorites(
  occasionId: number,
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<FavoriteOutfitPage> {
  const text = normaliseQuery(q);
  return text
    ? api.get(apiPaths.favorites.searchOutfits, {
        query: { q: text, occasion: occasionId, cursor },
        signal,
      })
    : api.get(apiPaths.favorites.occasion(occasionId), {
        query: { cursor },
        signal,
      });
}

export const occasionFavoritesQueryOptions = (occasionId: number, q: string) =>
  infiniteQueryOptions({
    queryKey: favoritesKeys.occasion(occasionId, normaliseQuery(q)),
    queryFn: ({ pageParam, signal }) => getOccasionFavorites(occasionId, q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export function useOccasionFavorites(occasionId: number, q: string) {
  return useInfiniteQuery({
    ...occasionFavoritesQueryOptions(occasionId, q),
    // While a new search loads, the outfits already shown stay.
    placeholderData: keepPreviousData,
  });
}

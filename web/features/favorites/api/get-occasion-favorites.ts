import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FavoriteOutfit } from '../../../../contracts/favorites';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { favoritesKeys, normaliseQuery } from './keys';

/**
 * The shopper's favorite outfits for one occasion; with text, only those matching it
 * (SPEC's favorites search, narrowed to the occasion).
 */
export function getOccasionFavorites(
  occasionId: number,
  q: string,
  signal?: AbortSignal,
): Promise<FavoriteOutfit[]> {
  const text = normaliseQuery(q);
  return text
    ? api.get<FavoriteOutfit[]>(apiPaths.favorites.searchOutfits, {
        query: { q: text, occasion: occasionId },
        signal,
      })
    : api.get<FavoriteOutfit[]>(apiPaths.favorites.occasion(occasionId), { signal });
}

export const occasionFavoritesQueryOptions = (occasionId: number, q: string) =>
  queryOptions({
    queryKey: favoritesKeys.occasion(occasionId, normaliseQuery(q)),
    queryFn: ({ signal }) => getOccasionFavorites(occasionId, q, signal),
    staleTime: 0,
  });

export function useOccasionFavorites(occasionId: number, q: string) {
  return useQuery({
    ...occasionFavoritesQueryOptions(occasionId, q),
    // While a new search loads, the outfits already shown stay.
    placeholderData: keepPreviousData,
  });
}

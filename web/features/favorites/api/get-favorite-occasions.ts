import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OccasionCount } from '../../../../contracts/favorites';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { favoritesKeys } from './keys';

/** The five occasions, each with how many favorite outfits the shopper has for it. */
export function getFavoriteOccasions(signal?: AbortSignal): Promise<OccasionCount[]> {
  return api.get(apiPaths.favorites.occasions, { signal });
}

export const favoriteOccasionsQueryOptions = () =>
  queryOptions({
    queryKey: favoritesKeys.occasions(),
    queryFn: ({ signal }) => getFavoriteOccasions(signal),
    staleTime: 0,
  });

export function useFavoriteOccasions() {
  return useQuery(favoriteOccasionsQueryOptions());
}

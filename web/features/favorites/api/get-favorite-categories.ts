import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryCount } from '../../../../contracts/favorites';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { favoritesKeys } from './keys';

/** The categories, each with how many favorite pieces the shopper has in it. */
export function getFavoriteCategories(signal?: AbortSignal): Promise<CategoryCount[]> {
  return api.get(apiPaths.favorites.categories, { signal });
}

export const favoriteCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: favoritesKeys.categories(),
    queryFn: ({ signal }) => getFavoriteCategories(signal),
    staleTime: 0,
  });

export function useFavoriteCategories() {
  return useQuery(favoriteCategoriesQueryOptions());
}

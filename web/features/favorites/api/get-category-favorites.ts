import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FavoriteItem } from '../../../../contracts/favorites';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { favoritesKeys } from './keys';

/** Favorite pieces in a category (by name), newest first. */
export function getCategoryFavorites(name: string, signal?: AbortSignal): Promise<FavoriteItem[]> {
  return api.get<FavoriteItem[]>(apiPaths.favorites.category(name), { signal });
}

export const categoryFavoritesQueryOptions = (name: string) =>
  queryOptions({
    queryKey: favoritesKeys.category(name),
    queryFn: ({ signal }) => getCategoryFavorites(name, signal),
    staleTime: 0,
  });

export function useCategoryFavorites(name: string) {
  return useQuery(categoryFavoritesQueryOptions(name));
}

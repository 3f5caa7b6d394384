import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FavoriteItemPage } from '../../../../contracts/favorites';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { favoritesKeys } from './keys';

/** A page of the favorite pieces in a category (by name), newest first. */
export function getCategoryFavorites(
  name: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<FavoriteItemPage> {
  return api.get(apiPaths.favorites.category(name), {
    query: { cursor },
    signal,
  });
}

export const categoryFavoritesQueryOptions = (name: string) =>
  infiniteQueryOptions({
    queryKey: favoritesKeys.category(name),
    queryFn: ({ pageParam, signal }) => getCategoryFavorites(name, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export function useCategoryFavorites(name: string) {
  return useInfiniteQuery(categoryFavoritesQueryOptions(name));
}

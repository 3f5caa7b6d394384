import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FavoriteItem } from '../../../../contracts/favorites';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { favoritesKeys } from './keys';

/** One favorite piece: the item and the outfit it is tagged with (null: hearted on its own). */
export function getFavoriteItem(
  itemId: number,
  outfitId: number | null,
  signal?: AbortSignal,
): Promise<FavoriteItem> {
  return api.get(apiPaths.favorites.item, {
    query: { itemid: itemId, outfitid: outfitId ?? 'null' },
    signal,
  });
}

export const favoriteItemQueryOptions = (itemId: number, outfitId: number | null) =>
  queryOptions({
    queryKey: favoritesKeys.item(itemId, outfitId),
    queryFn: ({ signal }) => getFavoriteItem(itemId, outfitId, signal),
  });

export function useFavoriteItem(itemId: number, outfitId: number | null) {
  return useQuery(favoriteItemQueryOptions(itemId, outfitId));
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeSizeBody, FavoriteItem } from '../../../../contracts/favorites';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { favoritesKeys } from './keys';

/** Moves the favorite to the same product in another size, keeping its colour (409 if not made). */
export function changeSize(body: ChangeSizeBody): Promise<FavoriteItem> {
  return api.put(apiPaths.favorites.changeSize, body);
}

export function useChangeSize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSize,
    onSuccess: (item) => {
      queryClient.setQueryData(favoritesKeys.item(item.id, item.outfitId), item);
    },
    // Everything else that shows the piece refreshes. The piece's own query is left alone: it
    // names the variant the shopper just left, which is no longer a favorite.
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: favoritesKeys.all,
        predicate: (query) => query.queryKey[1] !== 'item',
      }),
  });
}

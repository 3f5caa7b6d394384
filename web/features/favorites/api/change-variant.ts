import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeColorBody,
  ChangeSizeBody,
  FavoriteItem,
} from '../../../../contracts/favorites';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { favoritesKeys, PRODUCT_KEY, SEARCH_KEY } from './keys';

/** Moves the favorite to the same product in another colour, keeping its size (409 if not made). */
export function changeColor(body: ChangeColorBody): Promise<FavoriteItem> {
  return api.put(apiPaths.favorites.changeColor, body);
}

/** Moves the favorite to the same product in another size, keeping its colour (409 if not made). */
export function changeSize(body: ChangeSizeBody): Promise<FavoriteItem> {
  return api.put(apiPaths.favorites.changeSize, body);
}

/** A favourite moved to another variant: the moved piece is kept, and what showed it refreshes. */
function useVariantMove<Body>(move: (body: Body) => Promise<FavoriteItem>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: move,
    onSuccess: (item) => {
      queryClient.setQueryData(favoritesKeys.item(item.id, item.outfitId), item);
    },
    // The piece's own query is left alone: it names the variant the shopper just left, which is
    // no longer a favorite. Search and the product sheet show hearts on variants, so the old
    // one's goes and the new one's comes.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: favoritesKeys.all,
          predicate: (query) => query.queryKey[1] !== 'item',
        }),
        queryClient.invalidateQueries({ queryKey: SEARCH_KEY }),
        queryClient.invalidateQueries({ queryKey: PRODUCT_KEY }),
      ]),
  });
}

export const useChangeColor = () => useVariantMove(changeColor);
export const useChangeSize = () => useVariantMove(changeSize);

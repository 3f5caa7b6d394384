import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HeartResult } from '../../../../contracts/favorites';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { FAVORITES_KEY, PRODUCT_KEY } from './keys';
import { setItemFavorite } from './set-result-favorite';

/** Takes back a heart given from search; the piece stays where an outfit brought it. */
export function unheartItem(itemId: number): Promise<HeartResult> {
  return api.delete(apiPaths.search.unheartItem(itemId));
}

export function useUnheartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unheartItem,
    onMutate: (itemId) => setItemFavorite(queryClient, itemId, false),
    onError: (_error, itemId) => setItemFavorite(queryClient, itemId, true),
    onSettled: () =>
      Promise.all(
        [FAVORITES_KEY, PRODUCT_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

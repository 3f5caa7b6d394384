import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HeartResult } from '../../../../contracts/favorites';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { FAVORITES_KEY, PRODUCT_KEY } from './keys';
import { setItemFavorite } from './set-result-favorite';

/** Hearts a piece on its own (a favorite without an outfit). */
export function heartItem(itemId: number): Promise<HeartResult> {
  return api.post(apiPaths.search.heartItem, { itemId });
}

export function useHeartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: heartItem,
    onMutate: (itemId) => setItemFavorite(queryClient, itemId, true),
    onError: (_error, itemId) => setItemFavorite(queryClient, itemId, false),
    onSettled: () =>
      Promise.all(
        [FAVORITES_KEY, PRODUCT_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

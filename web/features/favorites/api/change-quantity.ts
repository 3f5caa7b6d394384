import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { favoritesKeys } from './keys';

export interface QuantityChange {
  itemId: number;
  outfitId: number | null;
  /** The quantity wanted now (0–9); the server is sent the difference from `from`. */
  to: number;
  from: number;
}

/** SPEC's calls: an increase by the difference, or a decrease by it. */
export function changeQuantity({ itemId, outfitId, to, from }: QuantityChange) {
  const delta = to - from;
  if (delta > 0) {
    return api.post(apiPaths.favorites.increase, { itemId, outfitId, qty: delta });
  }
  return api.delete(apiPaths.favorites.decrease(itemId, -delta), {
    query: { outfitId: outfitId ?? 'null' },
  });
}

export function useChangeQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeQuantity,
    onSuccess: (item) => {
      queryClient.setQueryData(favoritesKeys.item(item.id, item.outfitId), item);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoritesKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { FAVORITES_KEY, SEARCH_KEY } from '../../../lib/query-keys';
import { productKeys } from './keys';

/** Told when a heart saved: these items are hearted now, or no longer. */
export type OnHearted = (itemIds: readonly number[], hearted: boolean) => void;

/**
 * Hearts (or un-hearts) sizes of a product, each a favourite of its own. `sizeChosen`: the shopper
 * picked the size, so Buy on the favourite need not ask for one.
 */
export function heartVariant({
  itemIds,
  hearted,
  sizeChosen = false,
}: {
  itemIds: readonly number[];
  hearted: boolean;
  sizeChosen?: boolean;
}) {
  return Promise.all(
    itemIds.map((itemId) =>
      hearted
        ? api.post(apiPaths.search.heartItem, { itemId, sizeChosen })
        : api.delete(apiPaths.search.unheartItem(itemId)),
    ),
  );
}

/**
 * `onHearted` is told once the hearts saved, even when the sheet has closed meanwhile (a
 * callback given to `mutate` is dropped with the component that called it).
 */
export function useHeartVariant(onHearted?: OnHearted) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: heartVariant,
    onSuccess: (_answers, { itemIds, hearted }) => onHearted?.(itemIds, hearted),
    // Favourites, search results and the product all show hearts.
    onSettled: () =>
      Promise.all(
        [productKeys.all, FAVORITES_KEY, SEARCH_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

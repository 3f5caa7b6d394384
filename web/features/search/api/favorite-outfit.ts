import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SwipeResult } from '../../../../contracts/feed';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { FAVORITES_KEY, FEED_KEY } from './keys';
import { setOutfitFavorite } from './set-result-favorite';

/** Favorites an outfit as a right swipe does, with its five pieces. */
export function favoriteOutfit(outfitId: number): Promise<SwipeResult> {
  return api.post(apiPaths.feed.favorite, { outfitId });
}

export function useFavoriteOutfit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: favoriteOutfit,
    onMutate: (outfitId) => setOutfitFavorite(queryClient, outfitId, true),
    onError: (_error, outfitId) => setOutfitFavorite(queryClient, outfitId, false),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: FAVORITES_KEY }),
        queryClient.invalidateQueries({ queryKey: FEED_KEY }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutfitUnfavoriteResult } from '../../../../contracts/feed';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { FAVORITES_KEY, FEED_KEY } from './keys';
import { setOutfitFavorite } from './set-result-favorite';

/** Takes an outfit out of the favorites, with the pieces it brought. */
export function unfavoriteOutfit(outfitId: number): Promise<OutfitUnfavoriteResult> {
  return api.post(apiPaths.feed.unfavorite, { outfitId });
}

export function useUnfavoriteOutfit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unfavoriteOutfit,
    onMutate: (outfitId) => setOutfitFavorite(queryClient, outfitId, false),
    onError: (_error, outfitId) => setOutfitFavorite(queryClient, outfitId, true),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: FAVORITES_KEY }),
        queryClient.invalidateQueries({ queryKey: FEED_KEY }),
      ]),
  });
}

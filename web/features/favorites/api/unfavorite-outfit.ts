import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutfitUnfavoriteResult } from '../../../../contracts/feed';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { favoritesKeys, SEARCH_KEY } from './keys';

/** Takes the outfit out of the favorites, with the pieces it brought (not those hearted alone). */
export function unfavoriteOutfit(outfitId: number): Promise<OutfitUnfavoriteResult> {
  return api.post(apiPaths.feed.unfavorite, { outfitId });
}

export function useUnfavoriteOutfit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unfavoriteOutfit,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: favoritesKeys.all }),
        queryClient.invalidateQueries({ queryKey: SEARCH_KEY }),
      ]),
  });
}

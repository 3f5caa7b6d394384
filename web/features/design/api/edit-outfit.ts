import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditOutfitBody, SavedOutfit } from '../../../../contracts/design';
import { ApiRequestError, api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { designKeys, refreshOutfitLists } from './keys';

export function editOutfit(body: EditOutfitBody & { id: number }): Promise<SavedOutfit> {
  return api.put(apiPaths.design.edit(body.id), body);
}

export function useEditOutfit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editOutfit,
    // The saved outfit comes with its new version, so the next edit of it is not refused.
    onSuccess: (outfit) => refreshOutfitLists(queryClient, { saved: outfit }),
    onError: (error) => {
      // Saved by someone else since it was opened: the lists are asked again, so that opening
      // it again opens their version.
      if (error instanceof ApiRequestError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: designKeys.outfits() });
      }
    },
  });
}

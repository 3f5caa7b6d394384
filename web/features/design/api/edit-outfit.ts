import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditOutfitBody } from '../../../../contracts/design';
import type { Outfit } from '../../../../contracts/outfit';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { refreshOutfitLists } from './keys';

export function editOutfit(body: EditOutfitBody & { id: number }): Promise<Outfit> {
  return api.put(apiPaths.design.edit(body.id), body);
}

export function useEditOutfit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editOutfit,
    onSuccess: (outfit) => refreshOutfitLists(queryClient, { saved: outfit }),
  });
}

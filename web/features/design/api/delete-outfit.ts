import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ok } from '../../../../contracts/common';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { refreshOutfitLists } from './keys';

export function deleteOutfit(id: number): Promise<Ok> {
  return api.delete(apiPaths.design.remove(id));
}

export function useDeleteOutfit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOutfit,
    onSuccess: (_ok, id) => refreshOutfitLists(queryClient, { deleted: id }),
  });
}

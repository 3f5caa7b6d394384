import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ok } from '../../../../contracts/common';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { refreshOutfitLists } from './keys';

/** Deletes the outfit; with its `version`, not if another administrator saved it since (409). */
export function deleteOutfit({ id, version }: { id: number; version?: string }): Promise<Ok> {
  return api.delete(apiPaths.design.remove(id), { query: { version } });
}

export function useDeleteOutfit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOutfit,
    onSuccess: (_ok, { id }) => refreshOutfitLists(queryClient, { deleted: id }),
  });
}

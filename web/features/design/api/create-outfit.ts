import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOutfitBody } from '../../../../contracts/design';
import type { Outfit } from '../../../../contracts/outfit';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { refreshOutfitLists } from './keys';

export function createOutfit(body: CreateOutfitBody): Promise<Outfit> {
  return api.post(apiPaths.design.create, body);
}

export function useCreateOutfit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOutfit,
    onSuccess: () => refreshOutfitLists(queryClient, null),
  });
}

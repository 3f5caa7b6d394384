import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClosetOutfit } from '../../../../contracts/closet';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { closetKeys } from './keys';

/** One closet outfit with its pieces and the variants the shopper owns. */
export function getClosetOutfit(id: number, signal?: AbortSignal): Promise<ClosetOutfit> {
  return api.get(apiPaths.closet.outfit(id), { signal });
}

export const closetOutfitQueryOptions = (id: number) =>
  queryOptions({
    queryKey: closetKeys.outfit(id),
    queryFn: ({ signal }) => getClosetOutfit(id, signal),
    staleTime: 0,
  });

export function useClosetOutfit(id: number) {
  return useQuery({ ...closetOutfitQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

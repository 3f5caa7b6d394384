import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DesignOutfitPage } from '../../../../contracts/design';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { designKeys } from './keys';

/**
 * The first page of outfits whose name contains q (all outfits, newest first, when q is empty):
 * the picker offers those, and a longer name narrows them.
 */
export function getDesignOutfits(q: string, signal?: AbortSignal): Promise<DesignOutfitPage> {
  return api.get(apiPaths.design.outfits, {
    query: { q: q.trim() || undefined },
    signal,
  });
}

export const designOutfitsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...designKeys.outfits(), q.trim().toLowerCase()],
    queryFn: ({ signal }) => getDesignOutfits(q, signal),
    staleTime: 10_000,
    select: (page) => page.items,
  });

export function useDesignOutfits(q: string, enabled = true) {
  return useQuery({ ...designOutfitsQueryOptions(q), enabled, placeholderData: keepPreviousData });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Outfit } from '../../../../contracts/outfit';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { designKeys } from './keys';

/** Outfits whose name contains q (all outfits, newest first, when q is empty). */
export function getDesignOutfits(q: string, signal?: AbortSignal): Promise<Outfit[]> {
  return api.get<Outfit[]>(apiPaths.design.outfits, {
    query: { q: q.trim() || undefined, limit: 20 },
    signal,
  });
}

export const designOutfitsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...designKeys.outfits(), q.trim().toLowerCase()],
    queryFn: ({ signal }) => getDesignOutfits(q, signal),
    staleTime: 10_000,
  });

export function useDesignOutfits(q: string, enabled = true) {
  return useQuery({ ...designOutfitsQueryOptions(q), enabled, placeholderData: keepPreviousData });
}

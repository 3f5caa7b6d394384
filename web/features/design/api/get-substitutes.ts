import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Substitutes } from '../../../../contracts/design';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { designKeys } from './keys';

/** In-stock pieces that can take this piece's place, best first. */
export function getSubstitutes(itemId: number, signal?: AbortSignal): Promise<Substitutes> {
  return api.get(apiPaths.design.substitutes(itemId), { signal });
}

export const substitutesQueryOptions = (itemId: number) =>
  queryOptions({
    queryKey: [...designKeys.items(), 'substitutes', itemId],
    queryFn: ({ signal }) => getSubstitutes(itemId, signal),
    staleTime: 10_000,
  });

export function useSubstitutes(itemId: number) {
  return useQuery(substitutesQueryOptions(itemId));
}

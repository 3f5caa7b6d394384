import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClosetOccasionCount } from '../../../../contracts/closet';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { closetKeys } from './keys';

/** Every occasion with how many closet outfits it holds. */
export function getClosetOccasions(signal?: AbortSignal): Promise<ClosetOccasionCount[]> {
  return api.get(apiPaths.closet.occasions, { signal });
}

export const closetOccasionsQueryOptions = queryOptions({
  queryKey: closetKeys.occasions(),
  queryFn: ({ signal }) => getClosetOccasions(signal),
  staleTime: 0,
});

export function useClosetOccasions() {
  return useQuery(closetOccasionsQueryOptions);
}

/** How many closet outfits in all: each is of one occasion. */
export const closetOutfitTotal = (occasions: readonly ClosetOccasionCount[]) =>
  occasions.reduce((sum, occasion) => sum + occasion.outfits, 0);

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClosetCategoryCount } from '../../../../contracts/closet';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { closetKeys } from './keys';

/** Every category with how many pieces the shopper owns in it. */
export function getClosetCategories(signal?: AbortSignal): Promise<ClosetCategoryCount[]> {
  return api.get(apiPaths.closet.categories, { signal });
}

export const closetCategoriesQueryOptions = queryOptions({
  queryKey: closetKeys.categories(),
  queryFn: ({ signal }) => getClosetCategories(signal),
  staleTime: 0,
});

export function useClosetCategories() {
  return useQuery(closetCategoriesQueryOptions);
}

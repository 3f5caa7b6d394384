import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '../../../../contracts/catalog';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { searchKeys } from './keys';

/** The categories, for the category switches. */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return api.get(apiPaths.item.categories, { signal });
}

export function useCategories() {
  return useQuery(
    queryOptions({
      queryKey: searchKeys.categories(),
      queryFn: ({ signal }) => getCategories(signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}

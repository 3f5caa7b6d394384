import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export const occasionsQueryOptions = queryOptions({
  queryKey: ['occasions'],
  queryFn: ({ signal }) => api.get(apiPaths.occasions, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useOccasions() {
  return useQuery(occasionsQueryOptions);
}

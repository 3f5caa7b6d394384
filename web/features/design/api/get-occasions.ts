import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Occasion } from '../../../../contracts/catalog';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export const occasionsQueryOptions = queryOptions({
  queryKey: ['occasions'],
  queryFn: ({ signal }) => api.get<Occasion[]>(apiPaths.occasions, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useOccasions() {
  return useQuery(occasionsQueryOptions);
}

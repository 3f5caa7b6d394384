import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { DesignItemGroup } from '../../../../contracts/design';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { designKeys } from './keys';

export const DESIGN_PAGE_SIZE = 24;

export interface DesignItemFilters {
  categoryId: number;
  q: string;
  color: string;
}

/** One page of one category's carousel: the first without a cursor, then after the cursor given. */
export async function getDesignItems(
  filters: DesignItemFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<DesignItemGroup | undefined> {
  const groups = await api.get(apiPaths.design.items, {
    query: {
      category: filters.categoryId,
      q: filters.q.trim() || undefined,
      color: filters.color || undefined,
      limit: DESIGN_PAGE_SIZE,
      cursor,
    },
    signal,
  });
  return groups[0];
}

export const designItemsQueryOptions = (filters: DesignItemFilters) =>
  infiniteQueryOptions({
    queryKey: [
      ...designKeys.items(),
      filters.categoryId,
      filters.q.trim().toLowerCase(),
      filters.color,
    ],
    queryFn: ({ pageParam, signal }) => getDesignItems(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last?.nextCursor ?? undefined,
  });

export function useDesignItems(filters: DesignItemFilters) {
  return useInfiniteQuery({
    ...designItemsQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
}

import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ClosetPiecePage } from '../../../../contracts/closet';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { normaliseQuery } from '../../../lib/search-text';
import { closetKeys } from './keys';

/** A page of the pieces owned in a category (`Tops`, `top` or its id), optionally searched. */
export function getClosetCategoryPieces(
  category: string,
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ClosetPiecePage> {
  return api.get(apiPaths.closet.category(category), {
    query: { q: normaliseQuery(q) || undefined, cursor },
    signal,
  });
}

export const closetCategoryPiecesQueryOptions = (category: string, q: string) =>
  infiniteQueryOptions({
    queryKey: closetKeys.category(category, normaliseQuery(q)),
    queryFn: ({ pageParam, signal }) => getClosetCategoryPieces(category, q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export function useClosetCategoryPieces(category: string, q: string) {
  return useInfiniteQuery({
    ...closetCategoryPiecesQueryOptions(category, q),
    placeholderData: keepPreviousData,
  });
}

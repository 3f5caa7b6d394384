import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { DesignFilter, DesignOutfitPage, DesignSort } from '../../../../contracts/design';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { designKeys } from './keys';

export interface OutfitListView {
  sort: DesignSort;
  filter: DesignFilter;
}

/** A page of the design list in the chosen order and filter; no cursor asks for the first. */
export function getOutfitList(
  view: OutfitListView,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<DesignOutfitPage> {
  return api.get(apiPaths.design.outfits, {
    query: { sort: view.sort, filter: view.filter, cursor },
    signal,
  });
}

export const outfitListQueryOptions = (view: OutfitListView) =>
  infiniteQueryOptions({
    queryKey: [...designKeys.outfits(), 'list', view.sort, view.filter],
    queryFn: ({ pageParam, signal }) => getOutfitList(view, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The design list, a page at a time; the last view stays on screen while another loads. */
export function useOutfitList(view: OutfitListView) {
  return useInfiniteQuery({ ...outfitListQueryOptions(view), placeholderData: keepPreviousData });
}

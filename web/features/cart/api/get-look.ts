import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Look } from '../../../../contracts/cart';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { LOOK_KEY } from './keys';

export function getLook(outfitId: number, signal?: AbortSignal): Promise<Look> {
  return api.get(apiPaths.cart.look(outfitId), { signal });
}

const lookKey = (outfitId: number) => [...LOOK_KEY, outfitId];

/**
 * What Purchase Outfit offers for an outfit while its sheet is `open`; idle until it opens. A
 * fetch still on its way when the sheet closes is dropped: answering after the sheet opened
 * again, it would pass for that opening's own, with the sizes remembered before it.
 */
export function useLook(outfitId: number, open: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!open) void queryClient.cancelQueries({ queryKey: lookKey(outfitId) });
  }, [open, outfitId, queryClient]);
  return useQuery({
    queryKey: lookKey(outfitId),
    queryFn: ({ signal }) => getLook(outfitId, signal),
    enabled: open,
    // The sizes it remembers follow the cart: ask again each time the sheet opens.
    staleTime: 0,
  });
}

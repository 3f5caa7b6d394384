import { useQuery } from '@tanstack/react-query';
import type { Look } from '../../../../contracts/cart';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { LOOK_KEY } from './keys';

export function getLook(outfitId: number, signal?: AbortSignal): Promise<Look> {
  return api.get(apiPaths.cart.look(outfitId), { signal });
}

export const lookKey = (outfitId: number) => [...LOOK_KEY, outfitId];

/** What Purchase Outfit offers for an outfit; idle until the sheet opens. */
export function useLook(outfitId: number, enabled: boolean) {
  return useQuery({
    queryKey: lookKey(outfitId),
    queryFn: ({ signal }) => getLook(outfitId, signal),
    enabled,
    // The sizes it remembers follow the cart: ask again each time the sheet opens.
    staleTime: 0,
  });
}

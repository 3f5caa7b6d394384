import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address } from '../../../../contracts/shipping';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { SHIPPING_KEY } from './keys';

/** Shipping's Confirm: the chosen address becomes the preferred one, kept on the server. */
export function setPreferredAddress(id: number): Promise<Address> {
  return api.put(apiPaths.shipping.preferred(id));
}

export function useSetPreferredAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPreferredAddress,
    onSuccess: (chosen) => {
      // The cart page reads the preferred address as soon as Confirm navigates there.
      queryClient.setQueryData<Address[]>(SHIPPING_KEY, (list) =>
        list?.map((a) => ({ ...a, preferred: a.id === chosen.id })),
      );
      return queryClient.invalidateQueries({ queryKey: SHIPPING_KEY });
    },
    // A refusal (the address was removed in another tab) leaves the list showing what is left.
    onError: () => queryClient.invalidateQueries({ queryKey: SHIPPING_KEY }),
  });
}

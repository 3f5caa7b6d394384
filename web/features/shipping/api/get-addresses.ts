import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from '../../../../contracts/shipping';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { SHIPPING_KEY } from './keys';

/** The shopper's addresses, preferred first. */
export function getAddresses(signal?: AbortSignal): Promise<Address[]> {
  return api.get(apiPaths.shipping.list, { signal });
}

export const addressesQueryOptions = queryOptions({
  queryKey: SHIPPING_KEY,
  queryFn: ({ signal }) => getAddresses(signal),
});

export function useAddresses() {
  return useQuery(addressesQueryOptions);
}

/** The preferred address, null when there is none, undefined while loading. */
export function usePreferredAddress() {
  const query = useQuery({
    ...addressesQueryOptions,
    select: (list) => list.find((a) => a.preferred) ?? null,
  });
  return { ...query, address: query.data };
}

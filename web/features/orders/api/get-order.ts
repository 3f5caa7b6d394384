import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../contracts/order';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { orderKey } from './keys';

export function getOrder(number: string, signal?: AbortSignal): Promise<Order> {
  return api.get(apiPaths.orders.order(number), { signal });
}

export const orderQueryOptions = (number: string) =>
  queryOptions({
    queryKey: orderKey(number),
    queryFn: ({ signal }) => getOrder(number, signal),
    // An order never changes once placed: one read serves the visit, an entry opened again too.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export function useOrder(number: string | null) {
  return useQuery({ ...orderQueryOptions(number ?? ''), enabled: Boolean(number) });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../contracts/order';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { ORDERS_KEY } from './keys';

/** The shopper's orders, newest first. */
export function getOrders(signal?: AbortSignal): Promise<Order[]> {
  return api.get<Order[]>(apiPaths.orders.list, { query: { limit: 50 }, signal });
}

export const ordersQueryOptions = queryOptions({
  queryKey: [...ORDERS_KEY, 'list'],
  queryFn: ({ signal }) => getOrders(signal),
});

export function useOrders() {
  return useQuery(ordersQueryOptions);
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OrderPage } from '../../../../contracts/order';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { ORDERS_KEY } from './keys';

/** A page of the shopper's orders, newest first. No cursor: the first page. */
export function getOrders(cursor: string | undefined, signal?: AbortSignal): Promise<OrderPage> {
  return api.get(apiPaths.buy, { query: { cursor }, signal });
}

export const ordersQueryOptions = infiniteQueryOptions({
  queryKey: [...ORDERS_KEY, 'list'],
  queryFn: ({ pageParam, signal }) => getOrders(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export function useOrders() {
  return useInfiniteQuery(ordersQueryOptions);
}

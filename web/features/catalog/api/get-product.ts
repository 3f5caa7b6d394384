import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '../../../../contracts/catalog';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { productKeys } from './keys';

export function getProduct(itemId: number, signal?: AbortSignal): Promise<Product> {
  return api.get(apiPaths.item.product(itemId), { signal });
}

export const productQueryOptions = (itemId: number) =>
  queryOptions({
    queryKey: productKeys.ofItem(itemId),
    queryFn: ({ signal }) => getProduct(itemId, signal),
  });

/** The product an item belongs to, with every colour and size; idle while itemId is null. */
export function useProduct(itemId: number | null) {
  return useQuery({ ...productQueryOptions(itemId ?? 0), enabled: itemId !== null });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VariantOption } from '../../../../contracts/favorites';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { favoritesKeys } from './keys';

/**
 * Every variant of a product (colour × size, with stock), for the colour and size selectors.
 * The selectors narrow it themselves: the sizes made in the current colour, the colours made in
 * the current size. (`/colors` answers the same list; one call serves both selectors.)
 */
export function getVariants(productId: number, signal?: AbortSignal): Promise<VariantOption[]> {
  return api.get(apiPaths.favorites.sizes, { query: { productId }, signal });
}

export const variantsQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: favoritesKeys.variants(productId),
    queryFn: ({ signal }) => getVariants(productId, signal),
    staleTime: 60_000,
  });

export function useVariants(productId: number | undefined) {
  return useQuery({ ...variantsQueryOptions(productId ?? 0), enabled: productId !== undefined });
}

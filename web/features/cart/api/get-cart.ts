import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '../../../../contracts/cart';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { CART_KEY } from './keys';

export function getCart(signal?: AbortSignal): Promise<Cart> {
  return api.get(apiPaths.cart.cart, { signal });
}

export const cartQueryOptions = queryOptions({
  queryKey: CART_KEY,
  queryFn: ({ signal }) => getCart(signal),
});

export function useCart(options: { refetchOnWindowFocus?: boolean | 'always' } = {}) {
  return useQuery({ ...cartQueryOptions, ...options });
}

/** Units in the cart for the bottom bar's badge; 0 until known, or when not asked (visitors). */
export function useCartUnits(enabled = true): number {
  const { data } = useQuery({ ...cartQueryOptions, enabled, select: (cart) => cart.units });
  return enabled ? (data ?? 0) : 0;
}

/** How many of a piece are in the cart (0 when it is not). */
export function useCartQuantity(itemId: number): { quantity: number; loaded: boolean } {
  const { data } = useQuery({
    ...cartQueryOptions,
    select: (cart) => cart.lines.find((l) => l.itemId === itemId)?.quantity ?? 0,
  });
  // A cart once read stays known when a later read fails (the query keeps its data).
  return { quantity: data ?? 0, loaded: data !== undefined };
}

const quantitiesOf = (cart: Cart): ReadonlyMap<number, number> =>
  new Map(cart.lines.map((line) => [line.itemId, line.quantity]));

/** How many of each piece the cart holds, by item; empty until the cart is known. */
export function useCartQuantities(): ReadonlyMap<number, number> {
  const { data } = useQuery({ ...cartQueryOptions, select: quantitiesOf });
  return data ?? EMPTY;
}

const EMPTY: ReadonlyMap<number, number> = new Map();

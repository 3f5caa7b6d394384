import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '../../../../contracts/cart';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { CART_SCOPE, refreshCart, showCart } from './cart-changes';

export function emptyCart(): Promise<Cart> {
  return api.delete(apiPaths.buy);
}

export function useEmptyCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emptyCart,
    scope: CART_SCOPE,
    onSuccess: (cart) => showCart(queryClient, cart),
    onError: () => refreshCart(queryClient),
  });
}

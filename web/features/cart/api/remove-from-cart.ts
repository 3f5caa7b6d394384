import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '../../../../contracts/cart';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { CART_SCOPE, refreshCart, showCart } from './cart-changes';

export function removeFromCart(itemId: number): Promise<Cart> {
  return api.delete(apiPaths.cart.line(itemId));
}

export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromCart,
    scope: CART_SCOPE,
    onSuccess: (cart) => showCart(queryClient, cart),
    onError: () => refreshCart(queryClient),
  });
}

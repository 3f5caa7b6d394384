import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddToCartBody, Cart } from '../../../../contracts/cart';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { CART_SCOPE, refreshCart, showCart } from './cart-changes';

export function addToCart(body: AddToCartBody): Promise<Cart> {
  return api.post(apiPaths.cart.cart, body);
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    scope: CART_SCOPE,
    onSuccess: (cart) => showCart(queryClient, cart),
    onError: () => refreshCart(queryClient),
  });
}

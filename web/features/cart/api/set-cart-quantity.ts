import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '../../../../contracts/cart';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { CART_SCOPE, refreshCart, showCart } from './cart-changes';

export function setCartQuantity({
  itemId,
  quantity,
}: {
  itemId: number;
  quantity: number;
}): Promise<Cart> {
  return api.put(apiPaths.cart.line(itemId), { quantity });
}

export function useSetCartQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCartQuantity,
    scope: CART_SCOPE,
    onSuccess: (cart) => showCart(queryClient, cart),
    onError: () => refreshCart(queryClient),
  });
}

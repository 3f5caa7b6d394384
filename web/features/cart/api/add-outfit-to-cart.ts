import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddOutfitToCartBody, Cart } from '../../../../contracts/cart';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { CART_SCOPE, refreshCart, showCart } from './cart-changes';
import { LOOK_KEY } from './keys';

/** Purchase Outfit: one of each variant the shopper chose for the outfit's pieces. */
export function addOutfitToCart(body: AddOutfitToCartBody): Promise<Cart> {
  return api.post(apiPaths.cart.outfit, body);
}

export function useAddOutfitToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOutfitToCart,
    scope: CART_SCOPE,
    onSuccess: async (cart) => {
      void queryClient.invalidateQueries({ queryKey: LOOK_KEY });
      await showCart(queryClient, cart);
    },
    onError: () => refreshCart(queryClient),
  });
}

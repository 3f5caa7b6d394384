import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '../../../../contracts/cart';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { CART_KEY } from './keys';

/** Purchase Outfit: one of each of the outfit's five pieces. */
export function addOutfitToCart(outfitId: number): Promise<Cart> {
  return api.post<Cart>(apiPaths.cart.outfit, { outfitId });
}

export function useAddOutfitToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOutfitToCart,
    onSuccess: (cart) => queryClient.setQueryData(CART_KEY, cart),
  });
}

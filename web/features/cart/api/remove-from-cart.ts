import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '../../../../contracts/cart';
import { ApiRequestError, api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { CART_KEY } from './keys';

export function removeFromCart(itemId: number): Promise<Cart> {
  return api.delete(apiPaths.cart.line(itemId));
}

export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromCart,
    onSuccess: (cart) => queryClient.setQueryData(CART_KEY, cart),
    onError: (error) => {
      // Already gone (another tab): the cart on screen is stale, not wrong to act on.
      if (error instanceof ApiRequestError && error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: CART_KEY });
      }
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart, ChangeCartLineBody } from '../../../../contracts/cart';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { CART_KEY } from './keys';

/** Moves a cart line to another size or colour of the same product. */
export function changeCartLine({
  itemId,
  ...body
}: ChangeCartLineBody & { itemId: number }): Promise<Cart> {
  return api.patch(apiPaths.cart.line(itemId), body);
}

export function useChangeCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCartLine,
    onSuccess: (cart) => queryClient.setQueryData(CART_KEY, cart),
  });
}

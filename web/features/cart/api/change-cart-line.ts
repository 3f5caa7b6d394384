import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart, ChangeCartLineBody } from '../../../../contracts/cart';
import type { Product } from '../../../../contracts/catalog';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { productKeys } from '../../catalog/api/keys';
import { CART_SCOPE, refreshCart, showCart } from './cart-changes';
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
    scope: CART_SCOPE,
    onSuccess: async (cart, { itemId }) => {
      // The moved line's product is the one already read: its menus stay up while it moves.
      const product = queryClient.getQueryData<Product>(productKeys.ofItem(itemId));
      const before = queryClient.getQueryData<Cart>(CART_KEY)?.lines ?? [];
      const moved = cart.lines.find(
        (line) => line.productId === product?.id && !before.some((b) => b.itemId === line.itemId),
      );
      if (product && moved) queryClient.setQueryData(productKeys.ofItem(moved.itemId), product);
      await showCart(queryClient, cart);
    },
    onError: () => refreshCart(queryClient),
  });
}

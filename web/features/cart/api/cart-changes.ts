import type { QueryClient } from '@tanstack/react-query';
import type { Cart } from '../../../../contracts/cart';
import { PRODUCT_KEY } from '../../../lib/query-keys';
import { CART_KEY, LOOK_KEY } from './keys';

/** Cart changes run one at a time, in order, so an older answer never lands after a newer one. */
export const CART_SCOPE = { id: 'cart' };

/**
 * Shows the cart a change answered with, dropping a read of it still under way (it may be
 * older). The sizes product and look sheets remember come from the cart: they are read afresh
 * when next opened, and one open now does not move under the shopper.
 */
export async function showCart(queryClient: QueryClient, cart: Cart): Promise<void> {
  await queryClient.cancelQueries({ queryKey: CART_KEY });
  queryClient.setQueryData(CART_KEY, cart);
  for (const queryKey of [PRODUCT_KEY, LOOK_KEY]) {
    void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  }
}

/** After a failed change the cart shown may be stale (a line gone, less stock, a lost answer). */
export function refreshCart(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: CART_KEY });
}

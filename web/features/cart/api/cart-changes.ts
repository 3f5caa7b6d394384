import type { QueryClient } from '@tanstack/react-query';
import type { Cart } from '../../../../contracts/cart';
import { CART_KEY } from './keys';

/** Cart changes run one at a time, in order, so an older answer never lands after a newer one. */
export const CART_SCOPE = { id: 'cart' };

/** Shows the cart a change answered with; a read still under way may be older, so it is dropped. */
export async function showCart(queryClient: QueryClient, cart: Cart): Promise<void> {
  await queryClient.cancelQueries({ queryKey: CART_KEY });
  queryClient.setQueryData(CART_KEY, cart);
}

/** After a failed change the cart shown may be stale (a line gone, less stock, a lost answer). */
export function refreshCart(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: CART_KEY });
}

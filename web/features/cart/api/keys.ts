/** The cart query. Checkout (orders feature) empties the cart and invalidates this same key. */
export { CART_KEY } from '../../../lib/query-keys';

/** Purchase Outfit's sheets; they remember sizes from the cart, so cart changes mark them stale. */
export const LOOK_KEY = ['look'] as const;

/** The cart query. Checkout (orders feature) empties the cart and invalidates this same key. */
export const CART_KEY = ['cart'] as const;

/** Purchase Outfit's sheets; they remember sizes from the cart, so cart changes refresh them. */
export const LOOK_KEY = ['look'] as const;

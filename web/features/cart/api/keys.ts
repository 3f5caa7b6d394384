/** The cart query. Checkout (orders feature) empties the cart and invalidates this same key. */
export const CART_KEY = ['cart'] as const;

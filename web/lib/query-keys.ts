/**
 * The query keys one feature's data is refreshed by from another: checkout (orders) empties the
 * cart and fills the closet. Each feature's own keys start from these (features do not import
 * each other, so the roots live here).
 */
export const CART_KEY = ['cart'] as const;
export const CLOSET_KEY = ['closet'] as const;

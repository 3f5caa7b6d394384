/**
 * The roots of the query keys one feature's data is refreshed by from another (checkout empties
 * the cart and fills the closet; a heart changes the favourites, search's hearts and the product
 * sheet). Features do not import each other, so the roots live here and each feature's own keys
 * start from its root.
 */
export const CART_KEY = ['cart'] as const;
export const CLOSET_KEY = ['closet'] as const;
export const FAVORITES_KEY = ['favorites'] as const;
export const FEED_KEY = ['feed'] as const;
export const PRODUCT_KEY = ['product'] as const;
export const SEARCH_KEY = ['search'] as const;

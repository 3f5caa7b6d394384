/**
 * Query keys of the catalogue's product views. A product carries this shopper's remembered size
 * and hearts, so what changes the cart or the favourites invalidates `productKeys.all`.
 */
export const productKeys = {
  all: ['product'] as const,
  ofItem: (itemId: number) => ['product', itemId] as const,
};

import { PRODUCT_KEY } from '../../../lib/query-keys';

/**
 * Query keys of the catalogue's product views. A product carries the sizes this shopper hearted
 * on their own, so what hearts, un-hearts or moves one (the sheet, search's hearts, a favourite's
 * colour or size) invalidates `['product']`; hearts given with an outfit are not among them. It
 * also carries the size remembered from the cart, so a cart change marks it stale.
 */
export const productKeys = {
  all: PRODUCT_KEY,
  ofItem: (itemId: number) => [...PRODUCT_KEY, itemId] as const,
};

import { PRODUCT_KEY } from '../../../lib/query-keys';

/**
 * Query keys of the catalogue's product views. A product carries the sizes this shopper hearted
 * (on their own or on a swipe card: a piece has one heart), so what hearts, un-hearts or moves
 * one (the sheet, search's hearts, a card's heart once sent, a favourite's colour or size)
 * invalidates `['product']`. It also carries the size remembered from the cart, so a cart
 * change marks it stale.
 */
export const productKeys = {
  all: PRODUCT_KEY,
  ofItem: (itemId: number) => [...PRODUCT_KEY, itemId] as const,
};

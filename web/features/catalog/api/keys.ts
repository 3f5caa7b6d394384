/**
 * Query keys of the catalogue's product views. A product carries the sizes this shopper hearted
 * on their own, so what hearts, un-hearts or moves one (the sheet, search's hearts, a favourite's
 * colour or size) invalidates `['product']`; hearts given with an outfit are not among them.
 */
export const productKeys = {
  all: ['product'] as const,
  ofItem: (itemId: number) => ['product', itemId] as const,
};

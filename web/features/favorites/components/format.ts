/** "1 outfit", "3 pieces", "No outfits yet". */
export function countLabel(n: number, noun: string, plural = `${noun}s`): string {
  if (n === 0) return `No ${plural} yet`;
  return `${n} ${n === 1 ? noun : plural}`;
}

/**
 * Where a favourite piece came from: with a liked look, hearted on a look's card, or on its own.
 * A piece hearted on a look stays when the look is unliked, so it says only where it was hearted.
 */
export function originOf(item: { outfitName: string | null; source: 'heart' | 'outfit' }): string {
  if (item.outfitName === null) return 'Hearted on its own';
  return item.source === 'outfit' ? `From “${item.outfitName}”` : `Hearted on “${item.outfitName}”`;
}

/**
 * How many Buy puts in the bag for a favourite whose size is chosen: the quantity wanted (1 for a
 * piece kept at 0), but no more than are left, so that Buy succeeds; sold out, the bag says why.
 */
export function buyQuantity({ quantity, stock }: { quantity: number; stock: number }): number {
  const wanted = Math.max(1, quantity);
  return stock > 0 ? Math.min(wanted, stock) : wanted;
}

/** The item pictures are addressed by garment and colour: a look for each occasion's tile. */
const picture = (garment: string, colour: string) => `/images/items/${garment}/${colour}.webp`;

export const OCCASION_PICTURES: Record<string, string[]> = {
  airport: [
    picture('puffer', 'black'),
    picture('hoodie', 'heather-grey'),
    picture('sneaker', 'white'),
  ],
  brunch: [picture('blouse', 'blush'), picture('skirt', 'ivory'), picture('sandal', 'camel')],
  casual: [
    picture('denim-jacket', 'denim-blue'),
    picture('tee', 'sage'),
    picture('sneaker', 'ivory'),
  ],
  'date night': [
    picture('leather-jacket', 'black'),
    picture('heel', 'burgundy'),
    picture('crossbody', 'burgundy'),
  ],
  work: [picture('blazer', 'navy'), picture('shirt', 'white'), picture('loafer', 'chocolate')],
};

export const CATEGORY_PICTURES: Record<string, string[]> = {
  tops: [picture('sweater', 'cream'), picture('tee', 'navy'), picture('blouse', 'sage')],
  bottoms: [
    picture('jeans', 'denim-blue'),
    picture('trousers', 'camel'),
    picture('skirt', 'black'),
  ],
  footwear: [picture('boot', 'chocolate'), picture('sneaker', 'white'), picture('heel', 'black')],
  outerwear: [
    picture('trench', 'camel'),
    picture('blazer', 'charcoal'),
    picture('puffer', 'olive'),
  ],
  accessories: [picture('tote', 'camel'), picture('sunglasses', 'black'), picture('scarf', 'rust')],
};

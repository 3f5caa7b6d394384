import type { Slot } from '../../contracts/catalog';

/** What a shopper or an admin reads for each of an outfit's five slots. */
export const SLOT_LABEL: Record<Slot, string> = {
  outerwear: 'Outerwear',
  top: 'Top',
  accessory: 'Accessory',
  bottom: 'Bottom',
  footwear: 'Footwear',
};

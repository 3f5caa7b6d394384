import type { Item, Slot } from '../../../../contracts/catalog';

export { SLOT_LABEL } from '../../../lib/slot-label';

/** The outfit being built: one item (or nothing yet) per slot. */
export type SlotPicks = Record<Slot, Item | null>;

export const EMPTY_PICKS: SlotPicks = {
  outerwear: null,
  top: null,
  accessory: null,
  bottom: null,
  footwear: null,
};

/** Behind a picture: the item pictures' own backdrop, so a portrait image blends into any box. */
export const PICTURE_BACKDROP =
  'radial-gradient(ellipse at 50% 42%, #f8f6f2 0%, #ebe6df 70%, #e6e0d7 100%)';

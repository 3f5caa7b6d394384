import { z } from 'zod';
import { ItemSchema, SlotSchema } from './catalog';

/** A piece of an outfit: the item and the slot it fills. */
export const OutfitItemSchema = ItemSchema.extend({ slot: SlotSchema });
export type OutfitItem = z.infer<typeof OutfitItemSchema>;

/** An outfit with its five pieces in slot order: outerwear, top, accessory, bottom, footwear. */
export const OutfitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  occasionId: z.number().int(),
  occasion: z.string(),
  items: z.array(OutfitItemSchema),
});
export type Outfit = z.infer<typeof OutfitSchema>;

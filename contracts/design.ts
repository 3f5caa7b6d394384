import { z } from 'zod';
import { CategorySchema, ItemSchema, SLOTS, type Slot, SlotSchema } from './catalog';
import { CursorQuerySchema, IdSchema, pageOf, singleLineText } from './common';
import { OutfitSchema } from './outfit';

/**
 * Stock at or below this shows as "Only N left" in the design carousels. The items' `low_stock`
 * flag (migration 0068) is written with the same figure: change both together.
 */
export const LOW_STOCK = 3;

export const OUTFIT_NAME_MAX = 80;
export const OUTFIT_DESCRIPTION_MAX = 1000;

/** The five item ids of an outfit, keyed by slot: the one shape the server works with. */
export type SlotItemIds = Record<Slot, number>;

const SLOT_LIST = SLOTS.join(', ');

/** One slot's item id; the messages name the slot ("footwear item is missing"). */
function slotItemId(slot: Slot) {
  const notAnId = `${slot} item must be an item id (a number)`;
  const outOfRange = `${slot} item is not a valid item id`;
  return z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${slot} item is missing` : notAnId,
    })
    .int(notAnId)
    .min(1, outOfRange)
    .max(2_147_483_647, outOfRange);
}
type SlotItemIdShape = { [S in Slot]: ReturnType<typeof slotItemId> };

/** The five ids keyed by slot, what the studio sends: `{"outerwear": 12, "top": 7, …}`. */
export const SlotItemIdsSchema = z
  .looseObject(Object.fromEntries(SLOTS.map((slot) => [slot, slotItemId(slot)])) as SlotItemIdShape)
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (SLOTS.includes(key as Slot)) continue;
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `"${key}" is not a slot; the slots are ${SLOT_LIST}`,
      });
    }
  })
  .transform((value): SlotItemIds => toSlotItemIds(SLOTS.map((slot) => value[slot])));

/** The five ids as a list in slot order (SPEC's `item_ids[5]`). */
export const ItemIdListSchema = z
  .array(z.unknown(), { error: 'must be a list of item ids' })
  .superRefine((value, ctx) => {
    if (value.length === 5) return;
    ctx.addIssue({
      code: 'custom',
      message: `must list exactly five item ids, one per slot in the order ${SLOT_LIST}; got ${value.length}`,
    });
  })
  .pipe(
    z.tuple([
      slotItemId('outerwear'),
      slotItemId('top'),
      slotItemId('accessory'),
      slotItemId('bottom'),
      slotItemId('footwear'),
    ]),
  );

/** A list of five ids in slot order, turned into one id per slot. */
export function toSlotItemIds(list: readonly number[]): SlotItemIds {
  return Object.fromEntries(SLOTS.map((slot, i) => [slot, list[i]])) as SlotItemIds;
}

const idJson = { type: 'integer', minimum: 1 } as const;
/** Both accepted forms, for the OpenAPI document (written out so the web bundle needs no zod-to-JSON). */
const ITEM_IDS_JSON_SCHEMA = [
  {
    type: 'array',
    items: idJson,
    minItems: 5,
    maxItems: 5,
    description: `In slot order: ${SLOT_LIST}`,
  },
  {
    type: 'object',
    properties: Object.fromEntries(SLOTS.map((slot) => [slot, idJson])),
    required: [...SLOTS],
    additionalProperties: false,
  },
];

/** What the pieces were sent as: the server names a piece's field the way it came. */
export interface ItemIds {
  bySlot: SlotItemIds;
  sentAsList: boolean;
}

/**
 * item_ids as either shape. The shape sent chooses the schema that checks it, so every message
 * speaks of that shape ("got 4", "footwear item is missing") rather than of both at once.
 */
export const ItemIdsSchema = z
  .unknown()
  .transform((value, ctx): ItemIds => {
    const sentAsList = Array.isArray(value);
    if (!sentAsList && (typeof value !== 'object' || value === null)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a list of five item ids (${SLOT_LIST}) or an object keyed by slot`,
      });
      return z.NEVER;
    }
    const parsed = sentAsList
      ? ItemIdListSchema.safeParse(value)
      : SlotItemIdsSchema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
      return z.NEVER;
    }
    const ids = parsed.data;
    return { bySlot: Array.isArray(ids) ? toSlotItemIds(ids) : ids, sentAsList };
  })
  .meta({
    description: `The five pieces. Either a list of five item ids in slot order (${SLOT_LIST}) or an object keyed by slot ({"outerwear": 12, "top": 7, …}). Each item must exist and belong to its slot's category: outerwear 6, top 1, accessory 7, bottom 2, footwear 3.`,
    anyOf: ITEM_IDS_JSON_SCHEMA,
  });
export type ItemIdsInput = number[] | Partial<Record<Slot, number>>;

const NameSchema = singleLineText(undefined, {
  error: (issue) => (issue.input === undefined ? 'is required' : 'must be text'),
})
  .trim()
  .min(1, 'is required')
  .max(OUTFIT_NAME_MAX, `must be at most ${OUTFIT_NAME_MAX} characters`);

const DescriptionSchema = z
  .string({ error: 'must be text' })
  .trim()
  .max(OUTFIT_DESCRIPTION_MAX, `must be at most ${OUTFIT_DESCRIPTION_MAX} characters`);

const OccasionIdSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? 'is required: choose an occasion'
        : 'must be an occasion id (1 to 5)',
  })
  .int('must be an occasion id (1 to 5)');

export const CreateOutfitBodySchema = z.object({
  name: NameSchema,
  description: DescriptionSchema.optional().default(''),
  occasion: OccasionIdSchema,
  item_ids: ItemIdsSchema,
});
/** What a client sends (the schema takes any value for `item_ids` and says what is wrong with it). */
export type CreateOutfitBody = Omit<z.input<typeof CreateOutfitBodySchema>, 'item_ids'> & {
  item_ids: ItemIdsInput;
};

export const EditOutfitBodySchema = CreateOutfitBodySchema.extend({
  /** Optional; when sent it must be the id in the path. */
  id: IdSchema.optional(),
  /**
   * Optional: the outfit's `version` as the design list gave it. When sent, an outfit saved since
   * is not overwritten (409), so one administrator's edit does not undo another's unseen.
   */
  version: z.string().max(64).optional(),
});
export type EditOutfitBody = CreateOutfitBody & {
  id?: number | undefined;
  version?: string | undefined;
};

/**
 * Optional: the outfit's `version` as the design list gave it. When sent, an outfit saved since
 * is not deleted (409), so one administrator does not delete another's change unseen.
 */
export const DeleteOutfitQuerySchema = z.object({ version: z.string().max(64).optional() });
export type DeleteOutfitQuery = { version?: string | undefined };

/** An outfit as an edit saved it, with its new `version` for the next edit. */
export const SavedOutfitSchema = OutfitSchema.extend({ version: z.string() });
export type SavedOutfit = z.infer<typeof SavedOutfitSchema>;

/** The design list's orders: newest first, or best liked first (those nobody answered last). */
export const DESIGN_SORTS = ['newest', 'likeRate'] as const;
export type DesignSort = (typeof DESIGN_SORTS)[number];
/** Every outfit, or only those with a piece sold out or low on stock. */
export const DESIGN_FILTERS = ['all', 'problem'] as const;
export type DesignFilter = (typeof DESIGN_FILTERS)[number];

export const DesignOutfitsQuerySchema = CursorQuerySchema.extend({
  q: singleLineText().trim().max(OUTFIT_NAME_MAX).optional(),
  sort: z
    .enum(DESIGN_SORTS, { error: `must be one of ${DESIGN_SORTS.join(', ')}` })
    .default('newest'),
  filter: z
    .enum(DESIGN_FILTERS, { error: `must be one of ${DESIGN_FILTERS.join(', ')}` })
    .default('all'),
});
export type DesignOutfitsQuery = z.input<typeof DesignOutfitsQuerySchema>;

/** A piece that will stop the outfit reaching shoppers: sold out now, or soon ("Only N left"). */
export const StockProblemSchema = z.enum(['soldOut', 'low']);
export type StockProblem = z.infer<typeof StockProblemSchema>;

export function stockProblemOf(stock: number): StockProblem | null {
  if (stock <= 0) return 'soldOut';
  return stock <= LOW_STOCK ? 'low' : null;
}

export const FlaggedPieceSchema = z.object({
  slot: SlotSchema,
  itemId: z.number().int(),
  stock: z.number().int(),
  problem: StockProblemSchema,
});
export type FlaggedPiece = z.infer<typeof FlaggedPieceSchema>;

/**
 * An outfit as the design list shows it: its pieces, how shoppers answer it, and its pieces that
 * are sold out or low. An outfit with a piece sold out is kept out of shoppers' feeds.
 */
export const DesignOutfitSchema = OutfitSchema.extend({
  /** Shoppers whose swipe on it stands as a like (it is among their favourite outfits). */
  likes: z.number().int().min(0),
  /** Shoppers whose swipe on it stands as a reject. */
  rejects: z.number().int().min(0),
  /** likes / (likes + rejects), from 0 to 1; null while nobody has answered it. */
  likeRate: z.number().min(0).max(1).nullable(),
  /** Shoppers who keep it, or a piece from it, in their favourites. */
  favorites: z.number().int().min(0),
  /** Pieces sold out or low on stock, in slot order; empty when all is well. */
  flagged: z.array(FlaggedPieceSchema),
  /** When it was last saved, opaque: an edit sends it back (`EditOutfitBodySchema.version`). */
  version: z.string(),
});
export type DesignOutfit = z.infer<typeof DesignOutfitSchema>;

/** A page of outfits for the design screen; `nextCursor` asks for the next. */
export const DesignOutfitPageSchema = pageOf(DesignOutfitSchema);
export type DesignOutfitPage = z.infer<typeof DesignOutfitPageSchema>;

/** How a substitute relates to the piece it would replace. */
export const SubstituteMatchSchema = z.enum(['sameProduct', 'sameLook']);
export type SubstituteMatch = z.infer<typeof SubstituteMatchSchema>;

/** The most substitutes offered for one piece. */
export const SUBSTITUTES_MAX = 12;

export const SubstituteSchema = ItemSchema.extend({ match: SubstituteMatchSchema });
export type Substitute = z.infer<typeof SubstituteSchema>;

/**
 * In-stock pieces that can take a piece's place: the same product in another size or colour
 * first, then other products of the same category and colour.
 */
export const SubstitutesSchema = z.object({
  item: ItemSchema,
  substitutes: z.array(SubstituteSchema),
});
export type Substitutes = z.infer<typeof SubstitutesSchema>;

export const DesignItemsQuerySchema = CursorQuerySchema.extend({
  /** A category id (1 top, 2 bottom, 3 footwear, 6 outerwear, 7 accessory); all when absent. */
  category: IdSchema.optional(),
  q: singleLineText().trim().max(80).optional(),
  color: singleLineText().trim().max(40).optional(),
  /** Per category. */
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
export type DesignItemsQuery = z.input<typeof DesignItemsQuerySchema>;

/** One carousel: a category, a page of its items (filtered), how many match, its colours. */
export const DesignItemGroupSchema = z.object({
  category: CategorySchema,
  items: z.array(ItemSchema),
  /** Items matching the filters in this category, across all pages. */
  total: z.number().int(),
  /** The next page of this category (ask with `category` and `cursor`); null on the last. */
  nextCursor: z.string().nullable(),
  /** Every colour this category comes in, for the colour filter. */
  colors: z.array(z.string()),
});
export type DesignItemGroup = z.infer<typeof DesignItemGroupSchema>;

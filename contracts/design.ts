import { z } from 'zod';
import { CategorySchema, ItemSchema, SLOTS, type Slot } from './catalog';
import { CursorQuerySchema, IdSchema, pageOf, singleLineText } from './common';
import { OutfitSchema } from './outfit';

/** Stock at or below this shows as "Only N left" in the design carousels. */
export const LOW_STOCK = 3;

export const OUTFIT_NAME_MAX = 80;
export const OUTFIT_DESCRIPTION_MAX = 1000;

/** The five item ids of an outfit, keyed by slot: the one shape the server works with. */
export type SlotItemIds = Record<Slot, number>;

export interface ItemIdsProblem {
  /** Path inside item_ids: the index for a list, the slot for an object. */
  path: (string | number)[];
  message: string;
}

function itemIdProblem(value: unknown): string | null {
  if (value === undefined || value === null) return 'is missing';
  if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be an item id (a number)';
  if (value < 1 || value > 2_147_483_647) return 'is not a valid item id';
  return null;
}

const SLOT_LIST = SLOTS.join(', ');

/**
 * Checks the shape of item_ids: either a list of five ids in slot order, or an object with one
 * id per slot. Whether the items exist and fit their slot is the server's to check.
 */
export function itemIdsProblems(value: unknown): ItemIdsProblem[] {
  if (Array.isArray(value)) {
    if (value.length !== 5) {
      return [
        {
          path: [],
          message: `must list exactly five item ids, one per slot in the order ${SLOT_LIST}; got ${value.length}`,
        },
      ];
    }
    return value.flatMap((id, index) => {
      const problem = itemIdProblem(id);
      return problem ? [{ path: [index], message: `${SLOTS[index]} item ${problem}` }] : [];
    });
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const unknownKeys = Object.keys(record).filter((key) => !SLOTS.includes(key as Slot));
    const problems: ItemIdsProblem[] = unknownKeys.map((key) => ({
      path: [key],
      message: `"${key}" is not a slot; the slots are ${SLOT_LIST}`,
    }));
    for (const slot of SLOTS) {
      const problem = itemIdProblem(record[slot]);
      if (problem) problems.push({ path: [slot], message: `${slot} item ${problem}` });
    }
    return problems;
  }
  return [
    {
      path: [],
      message: `must be a list of five item ids (${SLOT_LIST}) or an object keyed by slot`,
    },
  ];
}

/** item_ids as either accepted shape, turned into one id per slot (call after validation). */
export function toSlotItemIds(value: ItemIdsInput): SlotItemIds {
  if (Array.isArray(value)) {
    return Object.fromEntries(SLOTS.map((slot, i) => [slot, value[i]])) as SlotItemIds;
  }
  return value as SlotItemIds;
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

/**
 * The shape is checked by hand so every message says exactly what is wrong ("got 4",
 * "footwear item is missing"); the schema itself documents both accepted forms.
 */
export const ItemIdsSchema = z
  .custom<number[] | Record<Slot, number>>(() => true)
  .superRefine((value, ctx) => {
    for (const problem of itemIdsProblems(value)) {
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    }
  })
  .meta({
    description: `The five pieces. Either a list of five item ids in slot order (${SLOT_LIST}) or an object keyed by slot ({"outerwear": 12, "top": 7, …}). Each item must exist and belong to its slot's category: outerwear 6, top 1, accessory 7, bottom 2, footwear 3.`,
    anyOf: ITEM_IDS_JSON_SCHEMA,
  });
export type ItemIdsInput = z.infer<typeof ItemIdsSchema>;

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
export type CreateOutfitBody = z.input<typeof CreateOutfitBodySchema>;

export const EditOutfitBodySchema = CreateOutfitBodySchema.extend({
  /** Optional; when sent it must be the id in the path. */
  id: IdSchema.optional(),
});
export type EditOutfitBody = z.input<typeof EditOutfitBodySchema>;

export const DesignOutfitsQuerySchema = CursorQuerySchema.extend({
  q: singleLineText().trim().max(OUTFIT_NAME_MAX).optional(),
});
export type DesignOutfitsQuery = z.input<typeof DesignOutfitsQuerySchema>;

/** A page of outfits for the design screen; `nextCursor` asks for the next. */
export const DesignOutfitPageSchema = pageOf(OutfitSchema);
export type DesignOutfitPage = z.infer<typeof DesignOutfitPageSchema>;

export const DesignItemsQuerySchema = z.object({
  /** A category id (1 top, 2 bottom, 3 footwear, 6 outerwear, 7 accessory); all when absent. */
  category: IdSchema.optional(),
  q: singleLineText().trim().max(80).optional(),
  color: singleLineText().trim().max(40).optional(),
  /** Per category. */
  limit: z.coerce.number().int().min(1).max(100).default(24),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type DesignItemsQuery = z.input<typeof DesignItemsQuerySchema>;

/** One carousel: a category, a page of its items (filtered), how many match, its colours. */
export const DesignItemGroupSchema = z.object({
  category: CategorySchema,
  items: z.array(ItemSchema),
  /** Items matching the filters in this category, across all pages. */
  total: z.number().int(),
  /** Every colour this category comes in, for the colour filter. */
  colors: z.array(z.string()),
});
export type DesignItemGroup = z.infer<typeof DesignItemGroupSchema>;

import { z } from 'zod';
import { CATEGORY_ID_BY_SLOT, SLOTS, type Slot } from '../../../contracts/catalog';
import type { Page } from '../../../contracts/common';
import { OUTFIT_PAGE_SIZE } from '../../../contracts/common';
import {
  type CreateOutfitBodySchema,
  type DesignItemGroup,
  type DesignItemsQuerySchema,
  type DesignOutfit,
  type DesignOutfitsQuerySchema,
  type EditOutfitBodySchema,
  type FlaggedPiece,
  type SavedOutfit,
  SUBSTITUTES_MAX,
  type Substitutes,
  stockProblemOf,
} from '../../../contracts/design';
import type { Outfit, OutfitItem } from '../../../contracts/outfit';
import type { Database, Db, SqlClient } from '../../db/client';
import { cursorCodec, IdKeySchema, pageFrom, TimestampKeySchema } from '../../lib/cursor';
import { badRequest, conflict, notFound, PG, pgCode } from '../../lib/errors';
import { toItem } from '../../lib/items';
import { writeEveryLikeOfOutfit } from '../../lib/liked-pieces';
import { lockOutfitChange } from '../../lib/locks';
import type { OutfitCards } from '../../lib/outfit-cards';
import { loadOutfits } from '../../lib/outfits';
import * as repo from './design.repository';

type CreateInput = z.output<typeof CreateOutfitBodySchema>;
type EditInput = z.output<typeof EditOutfitBodySchema>;
type OutfitsQuery = z.output<typeof DesignOutfitsQuerySchema>;
type ItemsQuery = z.output<typeof DesignItemsQuerySchema>;

/** A piece of each slot's category, for messages: "item 12 is Footwear, but the top slot needs a Top". */
const PIECE: Record<Slot, string> = {
  outerwear: 'Outerwear',
  top: 'a Top',
  accessory: 'an Accessory',
  bottom: 'a Bottom',
  footwear: 'Footwear',
};

/** Drizzle wraps driver errors; the SQLSTATE is on the cause. */
function sqlState(error: unknown): string | undefined {
  return pgCode(error) ?? pgCode((error as { cause?: unknown } | null)?.cause);
}

function duplicateName(name: string) {
  const message = `An outfit named "${name}" already exists. Choose another name.`;
  return conflict(message, { name: message });
}

/** A carousel's page ends at an item: sold out or not, a first size or not, its name, its id. */
const carouselCursor = cursorCodec(
  'dc',
  z.tuple([z.boolean(), z.boolean(), z.string().min(1).max(200), IdKeySchema]),
);

/** A page of outfits ends at an outfit: the sort, how well it matched, its sort key, its id. */
const outfitCursor = cursorCodec(
  'do',
  z.union([
    z.tuple([z.literal('newest'), z.number().int().min(0).max(2), TimestampKeySchema, IdKeySchema]),
    z.tuple([
      z.literal('likeRate'),
      z.number().int().min(0).max(2),
      z.number().min(-1).max(1),
      IdKeySchema,
    ]),
  ]),
);

/** The pieces of an outfit that are sold out or low, in slot order. */
function flaggedPieces(outfit: Outfit): FlaggedPiece[] {
  return outfit.items.flatMap((item) => {
    const problem = stockProblemOf(item.stock);
    return problem ? [{ slot: item.slot, itemId: item.id, stock: item.stock, problem }] : [];
  });
}

export async function listOutfits(
  { db }: Database,
  cards: OutfitCards,
  query: OutfitsQuery,
): Promise<Page<DesignOutfit>> {
  const after = outfitCursor.decode(query.cursor);
  if (after && after[0] !== query.sort) {
    throw badRequest(`That cursor belongs to the list sorted by ${after[0]}, not ${query.sort}.`, {
      cursor: 'is not a cursor of this order',
    });
  }
  const rows = await repo.listOutfitIds(db, {
    q: query.q,
    sort: query.sort,
    problemsOnly: query.filter === 'problem',
    after,
  });
  return pageFrom(
    rows,
    (row) =>
      outfitCursor.encode(
        query.sort === 'likeRate'
          ? ['likeRate', row.match, Number(row.key), row.id]
          : ['newest', row.match, String(row.key), row.id],
      ),
    (shown) => designOutfits(db, cards, shown),
    OUTFIT_PAGE_SIZE,
  );
}

/** One outfit as the design list shows it, to open in the edit form (after a reload, say). */
export async function getOutfit(
  { db }: Database,
  cards: OutfitCards,
  id: number,
): Promise<DesignOutfit> {
  const version = await repo.outfitVersion(db, id);
  const [outfit] = version === undefined ? [] : await designOutfits(db, cards, [{ id, version }]);
  if (!outfit) throw notFound(`Outfit ${id} does not exist.`);
  return outfit;
}

/** The outfits with their answers, stock problems and versions, in the order given. */
async function designOutfits(
  db: Db,
  cards: OutfitCards,
  shown: readonly { id: number; version: string }[],
): Promise<DesignOutfit[]> {
  const ids = shown.map((row) => row.id);
  const versions = new Map(shown.map((row) => [row.id, row.version]));
  const [outfits, answers] = await Promise.all([cards.current(ids), repo.answersOf(db, ids)]);
  return outfits.map((outfit) => {
    const { likes = 0, rejects = 0, favorites = 0 } = answers.get(outfit.id) ?? {};
    // The keys the outfit lacks go first (docs/architecture.md, "Object shapes").
    return {
      likes,
      rejects,
      likeRate: likes + rejects === 0 ? null : likes / (likes + rejects),
      favorites,
      flagged: flaggedPieces(outfit),
      version: versions.get(outfit.id) ?? '',
      ...outfit,
    };
  });
}

/**
 * What could take a piece's place: in stock, the same product in another size or colour first,
 * then other products of its category and colour.
 */
export async function listSubstitutes(db: Db, itemId: number): Promise<Substitutes> {
  const item = await repo.findItem(db, itemId);
  if (!item) throw notFound(`Item ${itemId} does not exist.`);
  const rows = await repo.listSubstitutes(db, item, SUBSTITUTES_MAX);
  return {
    item: toItem(item),
    // The key the item lacks goes first (docs/architecture.md, "Object shapes").
    substitutes: rows.map((row) => ({ match: row.match, ...toItem(row) })),
  };
}

interface Checked {
  occasionId: number;
  pieces: { slot: Slot; itemId: number; categoryId: number }[];
}

/**
 * The rules the database would also enforce, checked first so the answer says what is wrong:
 * the occasion exists, and each slot holds an existing item of that slot's category.
 */
async function checkOutfit(db: Db, input: CreateInput): Promise<Checked> {
  const { bySlot: slotIds, sentAsList } = input.item_ids;
  const [occasions, found] = await Promise.all([
    repo.listOccasions(db),
    repo.findItemCategories(db, Object.values(slotIds)),
  ]);
  const fields: Record<string, string> = {};
  if (!occasions.some((o) => o.id === input.occasion)) {
    const choices = occasions.map((o) => `${o.id} ${o.name}`).join(', ');
    fields.occasion = `occasion ${input.occasion} does not exist; choose one of ${choices}`;
  }
  const byId = new Map(found.map((item) => [item.id, item]));
  const pieces: Checked['pieces'] = [];
  SLOTS.forEach((slot, index) => {
    const itemId = slotIds[slot];
    const key = `item_ids.${sentAsList ? index : slot}`;
    const item = byId.get(itemId);
    if (!item) {
      fields[key] = `item ${itemId} does not exist (${slot} slot)`;
    } else if (item.categoryId !== CATEGORY_ID_BY_SLOT[slot]) {
      fields[key] =
        `item ${itemId} is ${PIECE[item.slot]}, but the ${slot} slot needs ${PIECE[slot]}`;
    } else {
      pieces.push({ slot, itemId, categoryId: item.categoryId });
    }
  });
  const problems = Object.values(fields);
  if (problems.length > 0) {
    const message = problems.join('; ');
    throw badRequest(message.charAt(0).toUpperCase() + message.slice(1), fields);
  }
  return { occasionId: input.occasion, pieces };
}

/** Constraint errors that slip past the checks (a race with another admin) become 4xx. */
function mapWriteError(error: unknown, name: string): never {
  const state = sqlState(error);
  if (state === PG.uniqueViolation) throw duplicateName(name);
  if (state === PG.checkViolation) {
    throw badRequest('An outfit needs exactly five pieces, one per slot, each of its category.');
  }
  if (state === PG.foreignKeyViolation) {
    throw badRequest('One of the items or the occasion no longer exists. Reload and try again.');
  }
  throw error;
}

async function loadOne(client: SqlClient, id: number): Promise<Outfit> {
  const [outfit] = await loadOutfits(client, [id]);
  if (!outfit) throw notFound(`Outfit ${id} does not exist.`);
  return outfit;
}

/** A transaction that changes outfits, holding the closets' and the words' locks before it writes. */
function changeOutfits<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockOutfitChange(tx);
    return work(tx);
  });
}

export async function createOutfit({ db, sql }: Database, input: CreateInput): Promise<Outfit> {
  const checked = await checkOutfit(db, input);
  if (await repo.findOutfitIdByName(db, input.name)) throw duplicateName(input.name);
  let id: number;
  try {
    // The five-slot trigger is deferred: it checks the outfit and its pieces at commit.
    id = await changeOutfits(db, async (tx) => {
      const outfitId = await repo.insertOutfit(tx, {
        name: input.name,
        description: input.description,
        occasionId: checked.occasionId,
      });
      await repo.putOutfitItems(tx, outfitId, checked.pieces);
      return outfitId;
    });
  } catch (error) {
    mapWriteError(error, input.name);
  }
  return loadOne(sql, id);
}

const CHANGED_SINCE_OPENED =
  'This outfit was saved by someone else since you opened it. Open it again to see their change, then make yours.';

/** A version as the design list gives them, or none: 400 for anything else. */
function checkVersion(version: string | undefined) {
  if (version !== undefined && !TimestampKeySchema.safeParse(version).success) {
    throw badRequest('That version is not one the design list gave.', {
      version: 'must be the version the design list gave',
    });
  }
}

export async function editOutfit(
  { db, sql }: Database,
  pathId: number,
  input: EditInput,
): Promise<SavedOutfit> {
  if (input.id !== undefined && input.id !== pathId) {
    throw badRequest(
      `The outfit id in the path (${pathId}) and in the body (${input.id}) differ.`,
      { id: `must be ${pathId}, the id in the path` },
    );
  }
  checkVersion(input.version);
  if (!(await repo.outfitExists(db, pathId))) throw notFound(`Outfit ${pathId} does not exist.`);
  const checked = await checkOutfit(db, input);
  if (await repo.findOutfitIdByName(db, input.name, pathId)) throw duplicateName(input.name);
  let version: string | undefined;
  try {
    await changeOutfits(db, async (tx) => {
      const updated = await repo.updateOutfit(
        tx,
        pathId,
        { name: input.name, description: input.description, occasionId: checked.occasionId },
        input.version,
      );
      if (updated === undefined) {
        if (input.version !== undefined && (await repo.outfitExists(tx, pathId))) {
          throw conflict(CHANGED_SINCE_OPENED);
        }
        throw notFound(`Outfit ${pathId} does not exist.`);
      }
      version = updated;
      // Shoppers keep the pieces they liked: likes whose pieces follow from the outfit have them
      // written out before the outfit gets others.
      const now = await repo.slotItems(tx, pathId);
      if (checked.pieces.some((p) => now.get(p.slot) !== p.itemId)) {
        await repo.lockOutfitAgainstSwipes(tx, pathId);
        await writeEveryLikeOfOutfit(tx, pathId);
      }
      await repo.putOutfitItems(tx, pathId, checked.pieces);
    });
  } catch (error) {
    mapWriteError(error, input.name);
  }
  return { ...(await loadOne(sql, pathId)), version: version! };
}

/**
 * Swipes and favourites of the outfit go with it (ON DELETE CASCADE); orders keep their own
 * copy of each line and closets hold items, so what shoppers bought stays theirs.
 */
export async function deleteOutfit(db: Db, id: number, version?: string): Promise<void> {
  checkVersion(version);
  await changeOutfits(db, async (tx) => {
    if (await repo.deleteOutfit(tx, id, version)) return;
    if (version !== undefined && (await repo.outfitExists(tx, id))) {
      throw conflict(CHANGED_SINCE_OPENED);
    }
    throw notFound(`Outfit ${id} does not exist.`);
  });
}

export async function getSlotItem(db: Db, outfitId: number, slot: Slot): Promise<OutfitItem> {
  const row = await repo.findSlotItem(db, outfitId, slot);
  if (!row) throw notFound(`Outfit ${outfitId} does not exist.`);
  return { slot, ...toItem(row) };
}

/** The carousels: one group per category in slot order, each a filtered page of items. */
export async function listDesignItems(
  { db, sql: client }: Database,
  query: ItemsQuery,
): Promise<DesignItemGroup[]> {
  const all = await repo.listCategories(db);
  const order = new Map(SLOTS.map((slot, i) => [slot, i]));
  const wanted = all
    .filter((c) => query.category === undefined || c.id === query.category)
    .sort((a, b) => (order.get(a.slot) ?? 0) - (order.get(b.slot) ?? 0));
  if (query.category !== undefined && wanted.length === 0) {
    throw badRequest(
      `category ${query.category} does not exist; choose one of ${all.map((c) => `${c.id} ${c.name}`).join(', ')}`,
      { category: 'is not a category' },
    );
  }
  const after = carouselCursor.decode(query.cursor);
  if (after && query.category === undefined) {
    throw badRequest('A cursor pages one category: give the category it came with.', {
      category: 'is required with a cursor',
    });
  }
  const ids = wanted.map((c) => c.id);
  const filters = { q: query.q || undefined, color: query.color || undefined };
  const [totals, colors, pages] = await Promise.all([
    repo.countItemsByCategory(client, ids, filters),
    repo.colorsByCategory(db, ids),
    Promise.all(
      wanted.map((c) =>
        repo.listCategoryItems(client, c.id, filters, { limit: query.limit, after }),
      ),
    ),
  ]);
  return wanted.map((category, i) => {
    const page = pages[i] ?? { rows: [], next: null };
    return {
      category,
      items: page.rows.map(toItem),
      total: totals.get(category.id) ?? 0,
      colors: colors.get(category.id) ?? [],
      nextCursor: page.next ? carouselCursor.encode(page.next) : null,
    };
  });
}

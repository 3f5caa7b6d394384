import { z } from 'zod';
import { SLOTS } from '../../../contracts/catalog';
import type {
  ClosetCategoryCount,
  ClosetOccasionCount,
  ClosetOccasionOutfitPage,
  ClosetOutfit,
  ClosetOutfitPage,
  ClosetOutfitSummary,
  ClosetOwned,
  ClosetPiece,
  ClosetPiecePage,
} from '../../../contracts/closet';
import { OUTFIT_PAGE_SIZE } from '../../../contracts/common';
import type { Outfit } from '../../../contracts/outfit';
import type { Database, SqlClient } from '../../db/client';
import { findCategory } from '../../lib/categories';
import { cursorCodec, IdKeySchema, pageFrom, TimestampKeySchema } from '../../lib/cursor';
import { badRequest, notFound } from '../../lib/errors';
import { groupBy } from '../../lib/group-by';
import { toItem } from '../../lib/items';
import type { OutfitCards } from '../../lib/outfit-cards';
import { expandTerms, type SearchTerm, searchWords } from '../../lib/text-search';
import * as repo from './closet.repository';

interface ListQuery {
  cursor?: string | undefined;
  q?: string | undefined;
}

/** A page of closet outfits ends at an outfit: when it came together, and its id. */
const outfitCursor = cursorCodec('co', z.tuple([TimestampKeySchema, IdKeySchema]));

/**
 * A page of owned pieces ends at a piece: when it was last bought, its category and the item.
 * The category makes a cursor of one category's list no cursor of another's.
 */
const pieceCursor = cursorCodec('cp', z.tuple([TimestampKeySchema, IdKeySchema, IdKeySchema]));

function toPiece(row: repo.PieceRow): ClosetPiece {
  // Added to the new item rather than spread (docs/architecture.md, "Object shapes").
  return Object.assign(toItem(row), {
    quantity: row.quantity,
    firstBoughtAt: row.firstBoughtAt,
    lastBoughtAt: row.lastBoughtAt,
  });
}

/**
 * Closet outfits with their pieces, each piece paired with the variant the shopper owns: the
 * very item when they bought it, else their most recently bought colour or size of it. What that
 * variant looks like comes from the card when it is the piece itself, as it mostly is.
 */
async function withOwnedPieces(
  cards: OutfitCards,
  shown: readonly repo.ClosetOutfitRef[],
  owned: readonly repo.OwnedPiece[],
): Promise<ClosetOutfit[]> {
  // Each piece's owned variants, the latest bought first.
  const ownedOf = groupBy(owned, (o) => `${o.outfitId}:${o.productId}`);
  const completedAt = new Map(shown.map((r) => [r.id, r.completedAt]));

  const withOwned = (outfit: Outfit): ClosetOutfit[] => {
    const pieces = outfit.items.flatMap((piece) => {
      const variants = ownedOf.get(`${outfit.id}:${piece.productId}`) ?? [];
      const mine = variants.find((v) => v.itemId === piece.id) ?? variants[0];
      // The card's piece already says how the very item owned looks.
      const look = mine?.itemId === piece.id ? piece : mine?.look;
      if (!mine || !look) return [];
      // A variant read without its look is the outfit's own piece: a card that shows another
      // piece is from before a redesign, and does not fit.
      if (variants.some((v) => !v.look && v.itemId !== piece.id)) return [];
      const alsoOwned = variants.flatMap((v) =>
        v === mine || !v.look ? [] : [ownedAs(v, v.look)],
      );
      // The keys a piece or an outfit lacks go first (docs/architecture.md, "Object shapes").
      return [{ owned: ownedAs(mine, look), alsoOwned, ...piece }];
    });
    if (pieces.length !== outfit.items.length) return [];
    return [{ completedAt: completedAt.get(outfit.id) ?? '', ...outfit, items: pieces }];
  };

  const ids = shown.map((r) => r.id);
  const built = new Map<number, ClosetOutfit>();
  const build = (outfits: Outfit[]) => {
    for (const outfit of outfits)
      for (const closet of withOwned(outfit)) built.set(outfit.id, closet);
  };
  build(await cards.current(ids));
  // A kept card may not know yet of a redesign the closet's statement read: such outfits' cards
  // are read afresh, once. One that still does not fit (deleted, or no longer owned) is left out.
  const unfit = ids.filter((id) => !built.has(id));
  if (unfit.length > 0) {
    cards.forget(unfit);
    build(await cards.current(unfit));
  }
  return ids.flatMap((id) => built.get(id) ?? []);
}

/** A variant owned as a closet outfit's piece names it, in the look read for it. */
function ownedAs(owned: repo.OwnedPiece, look: repo.ItemLook): ClosetOwned {
  return {
    id: owned.itemId,
    img: look.img,
    color: look.color,
    colorHex: look.colorHex,
    size: look.size,
    quantity: owned.quantity,
    firstBoughtAt: owned.firstBoughtAt,
    lastBoughtAt: owned.lastBoughtAt,
  };
}

/** A closet outfit as its list shows it: each piece by the variant the shopper owns. */
function toSummary({ items, ...outfit }: ClosetOutfit): ClosetOutfitSummary {
  const pieces = items.map(({ slot, name, owned }) => ({
    id: owned.id,
    slot,
    name,
    img: owned.img,
    color: owned.color,
  }));
  return { ...outfit, items: pieces };
}

async function outfitPage(
  database: Database,
  cards: OutfitCards,
  userId: number,
  filter: repo.ClosetOutfitFilter,
  cursor: string | undefined,
): Promise<{ page: ClosetOutfitPage; occasion: repo.ClosetOutfitRows['occasion'] }> {
  const after = outfitCursor.decode(cursor);
  const { outfits, owned, occasion } = await repo.pageClosetOutfits(
    database.sql,
    userId,
    filter,
    after,
  );
  const page = await pageFrom(
    outfits,
    (ref) => outfitCursor.encode([ref.atKey, ref.id]),
    async (shown) => (await withOwnedPieces(cards, shown, owned)).map(toSummary),
    OUTFIT_PAGE_SIZE,
  );
  return { page, occasion };
}

/** The words of a closet search, each with the shop's words it may be a typo of; none for none. */
async function searchTerms(
  client: SqlClient,
  q: string | undefined,
): Promise<SearchTerm[] | undefined> {
  const terms = searchWords(q ?? '');
  return terms.length > 0 ? expandTerms(client, terms) : undefined;
}

export async function listClosetOutfits(
  database: Database,
  cards: OutfitCards,
  userId: number,
  query: ListQuery,
): Promise<ClosetOutfitPage> {
  const terms = await searchTerms(database.sql, query.q);
  return (await outfitPage(database, cards, userId, { terms }, query.cursor)).page;
}

export async function listClosetOutfitsForOccasion(
  database: Database,
  cards: OutfitCards,
  userId: number,
  occasionNameOrId: string,
  query: ListQuery,
): Promise<ClosetOccasionOutfitPage> {
  const unknown = () => notFound(`There is no occasion called "${occasionNameOrId}".`);
  const ref = repo.occasionRef(occasionNameOrId);
  if (!ref) throw unknown();
  const { page, occasion } = await outfitPage(
    database,
    cards,
    userId,
    { occasion: ref, terms: await searchTerms(database.sql, query.q) },
    query.cursor,
  );
  if (!occasion) throw unknown();
  return { occasion, ...page };
}

export async function getClosetOutfit(
  database: Database,
  cards: OutfitCards,
  userId: number,
  outfitId: number,
): Promise<ClosetOutfit> {
  const { outfits, owned } = await repo.findClosetOutfit(database.sql, userId, outfitId);
  const [outfit] = await withOwnedPieces(cards, outfits, owned);
  // Someone else's closet outfit, an outfit not (yet) complete and an unknown id all look the
  // same from here.
  if (!outfit) throw notFound('That outfit is not in your closet.');
  return outfit;
}

export async function countOccasions(
  { sql }: Database,
  userId: number,
): Promise<ClosetOccasionCount[]> {
  const rows = await repo.countClosetOutfitsByOccasion(sql, userId);
  const occasions = new Map<number, ClosetOccasionCount>();
  // Rows come by occasion; within one, the cover's pictures go in slot order, as on a card.
  const bySlot = (a: repo.OccasionCoverRow, b: repo.OccasionCoverRow) =>
    SLOTS.indexOf(a.slot!) - SLOTS.indexOf(b.slot!);
  for (const row of [...rows].sort((a, b) => a.occasionId - b.occasionId || bySlot(a, b))) {
    const occasion = occasions.get(row.occasionId) ?? {
      id: row.occasionId,
      name: row.occasion,
      outfits: row.outfits,
      cover: [],
    };
    if (row.image !== null) occasion.cover.push(row.image);
    occasions.set(row.occasionId, occasion);
  }
  return [...occasions.values()];
}

export function countCategories({ sql }: Database, userId: number): Promise<ClosetCategoryCount[]> {
  return repo.countPiecesByCategory(sql, userId);
}

export async function listPieces(
  database: Database,
  userId: number,
  categoryNameOrId: string,
  query: ListQuery,
): Promise<ClosetPiecePage> {
  const category = await findCategory(database.db, categoryNameOrId);
  if (!category) throw notFound(`There is no category called "${categoryNameOrId}".`);
  const key = pieceCursor.decode(query.cursor);
  if (key && key[1] !== category.id) {
    throw badRequest('That cursor is not one this list gave.', {
      cursor: 'is not a cursor this list gave',
    });
  }
  const rows = await repo.pagePieces(
    database.sql,
    userId,
    { categoryId: category.id, terms: await searchTerms(database.sql, query.q) },
    key && [key[0], key[2]],
  );
  const page = await pageFrom(
    rows,
    (row) => pieceCursor.encode([row.atKey, category.id, row.id]),
    (shown) => shown.map(toPiece),
  );
  return { category, ...page };
}

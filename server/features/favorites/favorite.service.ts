import { z } from 'zod';
import type { Item } from '../../../contracts/catalog';
import type { Page } from '../../../contracts/common';
import { OUTFIT_PAGE_SIZE } from '../../../contracts/common';
import type {
  CategoryCount,
  ChangeColorBodySchema,
  ChangeSizeBodySchema,
  FavoriteItem,
  FavoriteOutfit,
  FavoriteOutfitPiece,
  OccasionCount,
  VariantOption,
  VariantsQuerySchema,
} from '../../../contracts/favorites';
import type { ItemHeartResult } from '../../../contracts/feed';
import { MAX_QUANTITY } from '../../../contracts/money';
import type { OutfitItem } from '../../../contracts/outfit';
import type { Database, Db } from '../../db/client';
import { findCategory, resolveCategoryRefs } from '../../lib/categories';
import { cursorCodec, IdKeySchema, pageFrom, TimestampKeySchema } from '../../lib/cursor';
import {
  AppError,
  badRequest,
  conflict,
  databaseError,
  notFound,
  PG,
  pgCode,
} from '../../lib/errors';
import { groupBy } from '../../lib/group-by';
import { toItem, type VariantWanted } from '../../lib/items';
import { writeLikedPieces } from '../../lib/liked-pieces';
import type { OutfitCards } from '../../lib/outfit-cards';
import { toVariant } from '../../lib/products';
import { compareSizes } from '../../lib/sizes';
import { expandTerms, searchWords } from '../../lib/text-search';
import * as repo from './favorite.repository';

type ChangeColorInput = z.output<typeof ChangeColorBodySchema>;
type ChangeSizeInput = z.output<typeof ChangeSizeBodySchema>;
type VariantsInput = z.output<typeof VariantsQuerySchema>;

export function toFavoriteItem(row: repo.FavoriteRow): FavoriteItem {
  // Added to the new item rather than spread (docs/architecture.md, "Object shapes").
  return Object.assign(toItem(row), {
    outfitId: row.outfitId,
    outfitName: row.outfitName,
    occasionId: row.occasionId,
    source: row.source,
    quantity: row.quantity,
    sizeChosen: row.sizeChosen,
    favoritedAt: new Date(row.favoritedAt).toISOString(),
  });
}

// ---- outfits ----

/**
 * Liked outfits with their pieces as this shopper keeps them: a piece whose colour or size they
 * changed shows the variant they chose, a piece they took out of favourites shows the outfit's
 * own with `favorite: null`. `rows` are the shopper's rows of item_favorites tagged with the
 * outfits, newest first.
 */
async function assembleOutfits(
  cards: OutfitCards,
  liked: repo.LikedOutfit[],
  rows: repo.LikedOutfitRow[],
): Promise<FavoriteOutfit[]> {
  if (liked.length === 0) return [];
  const outfits = await cards.current(liked.map((l) => l.outfitId));
  const likes = new Map(liked.map((l) => [l.outfitId, l]));
  const byOutfitAndCategory = groupBy(rows, (row) => `${row.outfitId}:${row.categoryId}`);
  const fromRow = (row: repo.LikedOutfitRow, slot: OutfitItem['slot']) =>
    cardPiece(toItem(row), slot, { quantity: row.quantity, sizeChosen: row.sizeChosen });
  return outfits.map((outfit) => {
    // Always found: `current` answers only the ids it was asked for, each a like of the page.
    const like = likes.get(outfit.id);
    return {
      id: outfit.id,
      name: outfit.name,
      description: outfit.description,
      occasionId: outfit.occasionId,
      occasion: outfit.occasion,
      favoritedAt: new Date(like?.likedAt ?? 0).toISOString(),
      items: outfit.items.map((piece): FavoriteOutfitPiece => {
        // One slot per category, so the category finds the shopper's rows for it.
        const candidates = byOutfitAndCategory.get(`${outfit.id}:${piece.categoryId}`) ?? [];
        const own = candidates.find((c) => c.id === piece.id);
        if (own) return fromRow(own, piece.slot);
        // A like not written out brings the outfit's own piece, which wins over other rows.
        if (like && !like.piecesWritten) {
          return cardPiece(piece, piece.slot, { quantity: 1, sizeChosen: false });
        }
        const chosen = candidates[0];
        return chosen ? fromRow(chosen, piece.slot) : cardPiece(piece, piece.slot, null);
      }),
    };
  });
}

/** A piece as a favourite outfit's card shows it (the variant kept, how many are wanted). */
function cardPiece(
  item: Item,
  slot: OutfitItem['slot'],
  favorite: FavoriteOutfitPiece['favorite'],
): FavoriteOutfitPiece {
  return {
    id: item.id,
    slot,
    name: item.name,
    img: item.img,
    color: item.color,
    size: item.size,
    price: item.price,
    priceCents: item.priceCents,
    favorite,
  };
}

/** A page of liked outfits ends at a like: its time and outfit. */
const likeCursor = cursorCodec('fo', z.tuple([TimestampKeySchema, IdKeySchema]));

/** A page of favourite pieces ends at a piece: its time, outfit (0 for none), category and item. */
const pieceCursor = cursorCodec(
  'fp',
  z.tuple([TimestampKeySchema, IdKeySchema, IdKeySchema, IdKeySchema]),
);

async function pageOfOutfits(
  database: Database,
  cards: OutfitCards,
  userId: number,
  filter: Parameters<typeof repo.pageLikedOutfits>[2],
  cursor: string | undefined,
): Promise<Page<FavoriteOutfit>> {
  const after = likeCursor.decode(cursor);
  const { liked, rows, lastLikeWalked } = await repo.pageLikedOutfits(
    database,
    userId,
    filter,
    after,
  );
  const page = await pageFrom(
    liked,
    (like) => likeCursor.encode([like.atKey, like.outfitId]),
    (shown) => assembleOutfits(cards, shown, rows),
    OUTFIT_PAGE_SIZE,
  );
  // A search's walk that stopped at its bound: the next page starts after its last like.
  return lastLikeWalked ? { ...page, nextCursor: likeCursor.encode(lastLikeWalked) } : page;
}

async function pageOfPieces(
  database: Database,
  userId: number,
  filter: Parameters<typeof repo.pageFavoriteItems>[2],
  cursor: string | undefined,
): Promise<Page<FavoriteItem>> {
  const after = pieceCursor.decode(cursor);
  const { rows, walkBound } = await repo.pageFavoriteItems(database, userId, filter, after);
  const page = await pageFrom(
    rows,
    (row) => pieceCursor.encode(repo.pieceKey(row)),
    (shown) => shown.map(toFavoriteItem),
  );
  // A search's walk that stopped at its bound: the next page starts before that moment.
  return walkBound ? { ...page, nextCursor: pieceCursor.encode(repo.beforeTime(walkBound)) } : page;
}

/**
 * A page of one occasion's liked outfits, 400 for an occasion that does not exist. Only an empty
 * page asks: a like's outfit has an occasion that exists (0001's foreign key).
 */
async function checkedOccasion(
  db: Db,
  occasionId: number | undefined,
  field: string,
  page: Page<FavoriteOutfit>,
): Promise<Page<FavoriteOutfit>> {
  if (page.items.length > 0 || occasionId === undefined) return page;
  if (!(await repo.occasionExists(db, occasionId))) {
    throw badRequest('There is no such occasion.', { [field]: 'is not a known occasion' });
  }
  return page;
}

export function listFavoriteOutfits(
  database: Database,
  cards: OutfitCards,
  userId: number,
  cursor?: string,
): Promise<Page<FavoriteOutfit>> {
  return pageOfOutfits(database, cards, userId, {}, cursor);
}

export async function listFavoriteOutfitsForOccasion(
  database: Database,
  cards: OutfitCards,
  userId: number,
  occasionId: number,
  cursor?: string,
): Promise<Page<FavoriteOutfit>> {
  const page = await pageOfOutfits(database, cards, userId, { occasionId }, cursor);
  return checkedOccasion(database.db, occasionId, 'occasionId', page);
}

export async function searchFavoriteOutfits(
  database: Database,
  cards: OutfitCards,
  userId: number,
  q: string,
  occasionId: number | undefined,
  cursor?: string,
): Promise<Page<FavoriteOutfit>> {
  const terms = await expandTerms(database.sql, searchWords(q));
  const page = await pageOfOutfits(database, cards, userId, { occasionId, terms }, cursor);
  return checkedOccasion(database.db, occasionId, 'occasion', page);
}

export async function countByOccasion(db: Db, userId: number): Promise<OccasionCount[]> {
  return repo.countLikedByOccasion(db, userId);
}

export async function countByCategory({ sql }: Database, userId: number): Promise<CategoryCount[]> {
  return repo.countFavoritesByCategory(sql, userId);
}

// ---- items ----

export async function listFavoriteItemsInCategory(
  database: Database,
  userId: number,
  categoryRef: string,
  cursor?: string,
): Promise<Page<FavoriteItem>> {
  const category = await findCategory(database.db, categoryRef);
  if (!category) throw notFound(`There is no category "${categoryRef}".`);
  return pageOfPieces(database, userId, { categoryIds: [category.id] }, cursor);
}

export async function searchFavoriteItems(
  database: Database,
  userId: number,
  q: string,
  categoryRefs: readonly string[],
  cursor?: string,
): Promise<Page<FavoriteItem>> {
  const categoryIds = await resolveCategoryRefs(database.db, categoryRefs);
  const terms = await expandTerms(database.sql, searchWords(q));
  return pageOfPieces(database, userId, { categoryIds, terms }, cursor);
}

/**
 * The one favourite meant by (item, outfit). Without an outfit the shopper's only favourite of
 * the item is meant; when the piece is a favourite more than once the caller must say which.
 */
async function findFavorite(
  db: Db,
  userId: number,
  itemId: number,
  outfitId: repo.OutfitRef,
  sibling?: VariantWanted,
) {
  const rows = await repo.listFavoriteItems(db, userId, { itemId, outfitId }, sibling);
  const [row] = rows;
  if (!row) throw notFound('That piece is not among your favourites.');
  if (rows.length > 1) {
    throw badRequest('That piece is a favourite more than once: say which outfit it is from.', {
      outfitId: 'is required for this piece',
    });
  }
  return row;
}

/**
 * Runs a change of one favourite on its row of item_favorites, found by the key it is given. A
 * favourite tagged with an outfit may stand for a piece of a like whose pieces follow from it
 * (server/lib/liked-pieces.ts): those are written out first, in one transaction with the change,
 * so a refused change takes them back. A piece hearted on its own needs neither.
 */
function changing<T>(
  db: Db,
  userId: number,
  row: repo.FavoriteRow,
  change: (db: Db, key: FavoriteKey) => Promise<T>,
): Promise<T> {
  const { outfitId } = row;
  const key = { itemId: row.id, outfitId };
  if (outfitId === null) return change(db, key);
  return db.transaction(async (tx) => {
    // A heart on the outfit is written already, but it stands in for a piece of the like, which
    // must be written too before the heart moves to another variant.
    await writeLikedPieces(tx, userId, outfitId);
    return change(tx, key);
  });
}

interface FavoriteKey {
  itemId: number;
  outfitId: number | null;
}

export async function getFavoriteItem(
  db: Db,
  userId: number,
  itemId: number,
  outfitId: repo.OutfitRef,
): Promise<FavoriteItem> {
  try {
    return toFavoriteItem(await findFavorite(db, userId, itemId, outfitId));
  } catch (error) {
    // An address from before a colour or size change names the old variant: the favourite of
    // that outfit is still there, in another variant of the same product.
    if (!(error instanceof AppError) || error.status !== 404 || typeof outfitId !== 'number') {
      throw error;
    }
    const [moved] = await repo.listFavoriteItems(db, userId, { sameProductAs: itemId, outfitId });
    if (!moved) throw error;
    return toFavoriteItem(moved);
  }
}

async function reload(db: Db, userId: number, key: FavoriteKey): Promise<FavoriteItem> {
  const [row] = await repo.listFavoriteItems(db, userId, key);
  if (!row) throw notFound('That piece is not among your favourites.');
  return toFavoriteItem(row);
}

/**
 * Changes the wanted quantity by delta. The result must stay within 0–9: a change that would
 * leave that range is refused (400) rather than clamped, so a client working from a stale
 * quantity learns about it instead of silently getting a number it did not ask for.
 */
export async function changeQuantity(
  db: Db,
  userId: number,
  itemId: number,
  outfitId: repo.OutfitRef,
  delta: number,
): Promise<FavoriteItem> {
  const bounds = { min: 0, max: MAX_QUANTITY };
  // A piece hearted on its own changes in one statement; the read runs only when it refused.
  if (outfitId === null) {
    const changed = await repo.changeHeartedQuantity(db, userId, itemId, delta, bounds);
    if (changed) return toFavoriteItem(changed);
  }
  const row = await findFavorite(db, userId, itemId, outfitId);
  return changing(db, userId, row, async (tx, key) => {
    const next = await repo.changeQuantity(tx, userId, key, delta, bounds);
    if (next === undefined) {
      const { quantity } = await reload(tx, userId, key);
      throw badRequest(
        `You want ${quantity}; the quantity must stay between 0 and ${MAX_QUANTITY}.`,
        { qty: `must keep the quantity between 0 and ${MAX_QUANTITY}` },
      );
    }
    // Writing a like's pieces out keeps their source and time, so only the quantity is new.
    return toFavoriteItem({ ...row, quantity: next });
  });
}

/** SPEC's `item` may be the id or the item itself; Drape's client sends itemId and outfitId. */
function changeTarget(input: ChangeColorInput | ChangeSizeInput): {
  itemId: number;
  outfitId: repo.OutfitRef;
} {
  if (input.itemId !== undefined) return { itemId: input.itemId, outfitId: input.outfitId };
  const item = input.item;
  if (typeof item === 'number') return { itemId: item, outfitId: input.outfitId };
  if (item === undefined) throw badRequest('Say which piece.', { itemId: 'is required' });
  return {
    itemId: item.id,
    outfitId: input.outfitId !== undefined ? input.outfitId : item.outfitId,
  };
}

/**
 * Moves a favourite to the sibling variant of the same product: a colour change keeps the size,
 * a size change keeps the colour. When that variant is not made, 409 and nothing changes.
 */
async function changeVariant(
  db: Db,
  userId: number,
  target: { itemId: number; outfitId: repo.OutfitRef },
  want: { color?: string; size?: string },
): Promise<FavoriteItem> {
  // Either way the move fails as a unique violation when the variant is a favourite already.
  try {
    // A piece hearted on its own moves in one statement; the read runs only when it refused.
    if (target.outfitId === null) {
      const moved = await repo.moveHeartedToVariant(db, userId, target.itemId, want);
      if (moved) return toFavoriteItem(moved);
    }
    return await moveVariant(db, userId, target, want);
  } catch (error) {
    if (pgCode(error) === PG.uniqueViolation) {
      throw conflict(
        // A hearted piece moved onto a variant hearted elsewhere is refused by the one-heart key.
        target.outfitId === null || isSecondHeart(error)
          ? 'That colour and size is already among your favourites.'
          : 'That colour and size is already among your favourites for this outfit.',
      );
    }
    throw error;
  }
}

/** The favourite read first: which row, and whether the variant is made; then moved. */
async function moveVariant(
  db: Db,
  userId: number,
  target: { itemId: number; outfitId: repo.OutfitRef },
  want: { color?: string; size?: string },
): Promise<FavoriteItem> {
  const row = await findFavorite(db, userId, target.itemId, target.outfitId, want);
  const { siblingId } = row;
  if (siblingId === null || siblingId === undefined) {
    throw conflict(
      want.color !== undefined
        ? `${row.name} is not made in ${want.color} in size ${row.size}.`
        : `${row.name} in ${row.color} is not made in size ${want.size}.`,
    );
  }
  if (siblingId === row.id) return toFavoriteItem(row);
  return changing(db, userId, row, async (tx, key) => {
    const sibling = await repo.moveFavorite(tx, userId, key, siblingId, want.size !== undefined);
    if (!sibling) throw notFound('That piece is not among your favourites.');
    // The same favourite, now of the sibling variant.
    return toFavoriteItem({ ...row, ...sibling });
  });
}

export function changeColor(db: Db, userId: number, input: ChangeColorInput) {
  return changeVariant(db, userId, changeTarget(input), { color: input.newColor });
}

export function changeSize(db: Db, userId: number, input: ChangeSizeInput) {
  return changeVariant(db, userId, changeTarget(input), { size: input.newSize });
}

// ---- variants ----

/**
 * The variants of a product, for the selectors: narrowed to one colour (the sizes it is made
 * in) or one size (the colours it is made in).
 */
export async function listVariants(db: Db, query: VariantsInput): Promise<VariantOption[]> {
  const productIds = await repo.findProductIds(db, query);
  if (productIds.length === 0) throw notFound('There is no such product.');
  const rows = await repo.listVariants(db, productIds, { color: query.color, size: query.size });
  return rows
    .map(toVariant)
    .sort((a, b) => a.color.localeCompare(b.color) || compareSizes(a.size, b.size));
}

// ---- hearts from search ----

export async function heartItem(
  db: Db,
  userId: number,
  itemId: number,
  sizeChosen = false,
): Promise<boolean> {
  let heart: { itemExists: boolean; added: boolean };
  try {
    heart = await repo.insertHeart(db, userId, itemId, sizeChosen);
  } catch (error) {
    // The item was deleted between the statement's read and its insert.
    if (pgCode(error) === PG.foreignKeyViolation) throw notFound('There is no such item.');
    throw error;
  }
  if (!heart.itemExists) throw notFound('There is no such item.');
  return heart.added;
}

/**
 * Takes away the shopper's heart of the item wherever it was given (a piece has one heart): on
 * its own, or on an outfit, whose like (if any) keeps the piece.
 */
export async function unheartItem(db: Db, userId: number, itemId: number): Promise<void> {
  await repo.takeHeartAway(db, userId, itemId);
}

// ---- hearts on an outfit's pieces, from the feed ----

/**
 * Hearts a piece of an outfit, or takes the heart away. A piece has one heart, wherever it was
 * given (on this outfit, another or on its own): hearting it again changes nothing, and taking it
 * away takes that one as search does, so a liked outfit keeps the piece. A piece of a like first
 * becomes the shopper's own choice, keeping the date it was liked. With no heart to take, the
 * outfit's favourite of the piece goes (a like's piece, or a variant the shopper switched to:
 * switching wrote the like out already).
 */
export async function heartOutfitPiece(
  db: Db,
  userId: number,
  { itemId, outfitId }: { itemId: number; outfitId: number },
  favorite: boolean,
): Promise<ItemHeartResult> {
  const done = { itemId, outfitId, favorite };
  let piece: repo.HeartOnOutfit;
  try {
    piece = await repo.heartOnOutfit(db, userId, outfitId, itemId, favorite);
  } catch (error) {
    // The same piece hearted elsewhere at this very moment: it has its one heart.
    if (favorite && isSecondHeart(error)) return done;
    throw error;
  }
  if (!piece.outfitExists) throw notFound('That outfit does not exist.');
  if (favorite && !piece.ofOutfit) throw notFound('That piece is not part of this outfit.');
  if (!piece.itemExists) throw notFound('That item does not exist.');
  if (piece.heartLeft) {
    // Hearted already: asked again, nothing changes; taken away, that heart goes.
    if (!favorite) await unheartItem(db, userId, itemId);
  } else if (!piece.written) {
    // No transaction: writing a like's pieces out changes no favourite, so each statement stands
    // on its own, and a like given meanwhile still lists this piece once, by its heart.
    await writeLikedPieces(db, userId, outfitId);
    if (favorite) {
      await repo.insertOutfitHeart(db, userId, itemId, outfitId).catch((error: unknown) => {
        if (!isSecondHeart(error)) throw error;
      });
    } else await repo.deleteHeart(db, userId, itemId, outfitId);
  }
  return done;
}

/** A write refused because the shopper has hearted the piece already (0065's key). */
function isSecondHeart(error: unknown): boolean {
  const refused = databaseError(error);
  return refused?.code === PG.uniqueViolation && refused.constraint === repo.ONE_HEART_KEY;
}

import type {
  ClosetCategoryCount,
  ClosetOccasionCount,
  ClosetOccasionOutfitPage,
  ClosetOutfit,
  ClosetOutfitPage,
  ClosetPiece,
  ClosetPiecePage,
} from '../../../contracts/closet';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { toItem } from '../../lib/items';
import { loadOutfits } from '../../lib/outfits';
import * as repo from './closet.repository';

interface Page {
  limit: number;
  offset: number;
}

function toPiece(row: repo.PieceRow): ClosetPiece {
  // Added to the new item rather than spread: see `toOutfit` (server/lib/outfits.ts).
  return Object.assign(toItem(row), {
    quantity: row.quantity,
    firstBoughtAt: row.firstBoughtAt,
    lastBoughtAt: row.lastBoughtAt,
  });
}

function nextOffset(page: Page, shown: number, total: number): number | null {
  const next = page.offset + shown;
  return shown > 0 && next < total ? next : null;
}

/**
 * Closet outfits with their pieces, each piece paired with the variant the shopper owns:
 * the very item when they bought it, else their most recently bought colour or size of it.
 */
async function withOwnedPieces(
  db: Db,
  userId: number,
  refs: readonly repo.ClosetOutfitRef[],
): Promise<ClosetOutfit[]> {
  const loaded = await loadOutfits(
    db,
    refs.map((r) => r.id),
  );
  const productIds = loaded.flatMap((o) => o.items.map((i) => i.productId));
  const owned = await repo.findPiecesOfProducts(db, userId, productIds);
  const byItem = new Map(owned.map((p) => [p.id, p]));
  const byProduct = new Map<number, repo.PieceRow>();
  // Rows come newest first, so the first seen per product is the latest bought.
  for (const p of owned) if (!byProduct.has(p.productId)) byProduct.set(p.productId, p);
  const completedAt = new Map(refs.map((r) => [r.id, r.completedAt]));

  return loaded.flatMap((outfit) => {
    const pieces = outfit.items.flatMap((piece) => {
      const mine = byItem.get(piece.id) ?? byProduct.get(piece.productId);
      return mine ? [{ ...piece, owned: toPiece(mine) }] : [];
    });
    // A purchase can't be undone between the two reads in practice, but if the closet did
    // shrink in between, an outfit missing a piece is no longer a closet outfit.
    if (pieces.length !== outfit.items.length) return [];
    return [{ ...outfit, items: pieces, completedAt: completedAt.get(outfit.id) ?? '' }];
  });
}

async function outfitPage(
  db: Db,
  userId: number,
  filter: repo.ClosetOutfitFilter,
  page: Page,
): Promise<ClosetOutfitPage> {
  const refs = await repo.findClosetOutfits(db, userId, filter, page);
  // A page past the end carries no count; only then is it asked for separately.
  const total =
    refs[0]?.total ?? (page.offset > 0 ? await repo.countClosetOutfits(db, userId, filter) : 0);
  const outfits = await withOwnedPieces(db, userId, refs);
  return { outfits, total, nextOffset: nextOffset(page, refs.length, total) };
}

const searchPattern = (q: string | undefined) => (q ? repo.containsPattern(q) : undefined);

export function listClosetOutfits(
  db: Db,
  userId: number,
  query: Page & { q?: string | undefined },
): Promise<ClosetOutfitPage> {
  return outfitPage(db, userId, { pattern: searchPattern(query.q) }, query);
}

export async function listClosetOutfitsForOccasion(
  db: Db,
  userId: number,
  occasionNameOrId: string,
  query: Page & { q?: string | undefined },
): Promise<ClosetOccasionOutfitPage> {
  const occasion = await repo.findOccasion(db, occasionNameOrId);
  if (!occasion) throw notFound(`There is no occasion called "${occasionNameOrId}".`);
  const page = await outfitPage(
    db,
    userId,
    { occasionId: occasion.id, pattern: searchPattern(query.q) },
    query,
  );
  return { occasion, ...page };
}

export async function getClosetOutfit(
  db: Db,
  userId: number,
  outfitId: number,
): Promise<ClosetOutfit> {
  const refs = await repo.findClosetOutfits(db, userId, { outfitId }, { limit: 1, offset: 0 });
  const [outfit] = await withOwnedPieces(db, userId, refs);
  // Someone else's closet outfit, an outfit not (yet) complete and an unknown id all look the
  // same from here.
  if (!outfit) throw notFound('That outfit is not in your closet.');
  return outfit;
}

export async function countOccasions(db: Db, userId: number): Promise<ClosetOccasionCount[]> {
  const [all, counts] = await Promise.all([
    repo.listOccasions(db),
    repo.countClosetOutfitsByOccasion(db, userId),
  ]);
  const covers = await loadOutfits(
    db,
    counts.map((c) => c.latestOutfitId),
  );
  const coverOf = new Map(covers.map((o) => [o.occasionId, o.items.map((i) => i.img)]));
  const countOf = new Map(counts.map((c) => [c.occasionId, c.outfits]));
  return all.map((o) => ({
    id: o.id,
    name: o.name,
    outfits: countOf.get(o.id) ?? 0,
    cover: coverOf.get(o.id) ?? [],
  }));
}

export async function countCategories(db: Db, userId: number): Promise<ClosetCategoryCount[]> {
  const [all, counts] = await Promise.all([
    repo.listCategories(db),
    repo.countPiecesByCategory(db, userId),
  ]);
  const byCategory = new Map(counts.map((c) => [c.categoryId, c]));
  return all.map((c) => {
    const count = byCategory.get(c.id);
    return {
      ...c,
      pieces: count?.pieces ?? 0,
      units: count?.units ?? 0,
      cover: count?.cover ?? null,
    };
  });
}

export async function listPieces(
  db: Db,
  userId: number,
  categoryNameOrId: string,
  query: Page & { q?: string | undefined },
): Promise<ClosetPiecePage> {
  const category = await repo.findCategory(db, categoryNameOrId);
  if (!category) throw notFound(`There is no category called "${categoryNameOrId}".`);
  const filter = {
    categoryId: category.id,
    ...(query.q ? { pattern: searchPattern(query.q) } : {}),
  };
  const [rows, total] = await Promise.all([
    repo.findPieces(db, userId, filter, query),
    repo.countPieces(db, userId, filter),
  ]);
  return {
    category,
    pieces: rows.map(toPiece),
    total,
    nextOffset: nextOffset(query, rows.length, total),
  };
}

import { eq, inArray } from 'drizzle-orm';
import { SLOTS, type Slot } from '../../contracts/catalog';
import type { Outfit } from '../../contracts/outfit';
import type { Db } from '../db/client';
import { categories, items, occasions, outfitItems, outfits } from '../db/schema';
import { type ItemRow, itemColumns, toItem } from './items';

const SLOT_ORDER = new Map(SLOTS.map((slot, i) => [slot, i]));

type PieceRow = ItemRow & { slot: Slot };

/** An outfit from its own columns and its pieces' rows, the pieces in slot order. */
export function toOutfit(head: Omit<Outfit, 'items'>, pieces: readonly PieceRow[]): Outfit {
  // Written out rather than spread: Node 20's V8 builds `{ ...head, items }` (a spread, then a
  // key the spread object lacks) on a slow path, about a microsecond each.
  return {
    id: head.id,
    name: head.name,
    description: head.description,
    occasionId: head.occasionId,
    occasion: head.occasion,
    items: pieces
      .map((piece) => Object.assign(toItem(piece), { slot: piece.slot }))
      .sort((a, b) => (SLOT_ORDER.get(a.slot) ?? 0) - (SLOT_ORDER.get(b.slot) ?? 0)),
  };
}

/**
 * Outfits with their five pieces, in the order of `ids` (missing ids are skipped).
 * Two queries whatever the number of outfits, so lists never go N+1.
 */
export async function loadOutfits(db: Db, ids: readonly number[]): Promise<Outfit[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const [heads, pieces] = await Promise.all([
    db
      .select({
        id: outfits.id,
        name: outfits.name,
        description: outfits.description,
        occasionId: outfits.occasionId,
        occasion: occasions.name,
      })
      .from(outfits)
      .innerJoin(occasions, eq(occasions.id, outfits.occasionId))
      .where(inArray(outfits.id, unique)),
    db
      .select({ ...itemColumns, outfitId: outfitItems.outfitId, slot: outfitItems.slot })
      .from(outfitItems)
      .innerJoin(items, eq(items.id, outfitItems.itemId))
      .innerJoin(categories, eq(categories.id, items.categoryId))
      .where(inArray(outfitItems.outfitId, unique)),
  ]);
  const byOutfit = new Map<number, PieceRow[]>();
  for (const piece of pieces) {
    const list = byOutfit.get(piece.outfitId) ?? [];
    list.push(piece);
    byOutfit.set(piece.outfitId, list);
  }
  const byId = new Map(heads.map((h) => [h.id, toOutfit(h, byOutfit.get(h.id) ?? [])]));
  return ids.flatMap((id) => {
    const outfit = byId.get(id);
    return outfit ? [outfit] : [];
  });
}

import { sql } from 'drizzle-orm';
import { SLOTS, type Slot } from '../../contracts/catalog';
import type { Outfit } from '../../contracts/outfit';
import { type Db, rowsOf } from '../db/client';
import { type ItemRow, toItem } from './items';

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

/** An outfit's piece as one row: the outfit's own columns beside the piece's. */
export type CardRow = PieceRow & {
  outfitId: number;
  outfitName: string;
  description: string;
  occasionId: number;
  occasion: string;
};

/** The columns of `CardRow`, from outfits `o` joined as `CARD_JOINS`. */
export const CARD_COLUMNS = `o.id AS "outfitId", o.name AS "outfitName", o.description,
            o.occasion_id AS "occasionId", oc.name AS occasion, oi.slot,
            i.id, i.product_id AS "productId", i.name, i.image, i.category_id AS "categoryId",
            c.name AS category, i.price_cents AS "priceCents", i.seller, i.color,
            i.color_hex AS "colorHex", i.size, i.stock`;
export const CARD_JOINS = `JOIN occasions oc ON oc.id = o.occasion_id
       JOIN outfit_items oi ON oi.outfit_id = o.id
       JOIN items i ON i.id = oi.item_id
       JOIN categories c ON c.id = i.category_id`;

/** Outfits from their pieces' rows, five to an outfit, in the order they first appear. */
export function cardsOf(rows: readonly CardRow[]): Outfit[] {
  const byOutfit = new Map<number, { head: Omit<Outfit, 'items'>; pieces: CardRow[] }>();
  for (const row of rows) {
    let outfit = byOutfit.get(row.outfitId);
    if (!outfit) {
      const head = {
        id: row.outfitId,
        name: row.outfitName,
        description: row.description,
        occasionId: row.occasionId,
        occasion: row.occasion,
      };
      outfit = { head, pieces: [] };
      byOutfit.set(row.outfitId, outfit);
    }
    outfit.pieces.push(row);
  }
  return [...byOutfit.values()].map(({ head, pieces }) => toOutfit(head, pieces));
}

/**
 * Outfits with their five pieces (0001's trigger keeps every outfit at five), in the order of
 * `ids` (missing ids are skipped). One statement whatever the number of outfits, so lists never
 * go N+1; written in SQL rather than with the query builder, whose mapping of each row's
 * nineteen columns cost more than the statement on lists of a hundred outfits.
 */
export async function loadOutfits(db: Db, ids: readonly number[]): Promise<Outfit[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<CardRow>(
    db,
    sql`SELECT ${sql.raw(CARD_COLUMNS)}
          FROM outfits o
          ${sql.raw(CARD_JOINS)}
         WHERE o.id = ANY(${`{${[...new Set(ids)].join(',')}}`}::int[])`,
  );
  const byId = new Map(cardsOf(rows).map((outfit) => [outfit.id, outfit]));
  return ids.flatMap((id) => {
    const outfit = byId.get(id);
    return outfit ? [outfit] : [];
  });
}

import { sql } from 'drizzle-orm';
import { SLOTS, type Slot } from '../../contracts/catalog';
import type { Outfit } from '../../contracts/outfit';
import { idList, queryPrepared, type SqlClient } from '../db/client';
import { type ItemRow, itemColumnsSql, toItem } from './items';

const SLOT_ORDER = new Map(SLOTS.map((slot, i) => [slot, i]));

/** An outfit's piece as one row: the outfit's own columns beside the piece's. */
type CardRow = ItemRow & {
  slot: Slot;
  outfitId: number;
  outfitName: string;
  description: string;
  occasionId: number;
  occasion: string;
};

/**
 * Outfit cards: outfits with their five pieces (0001's trigger keeps every outfit at five) in
 * slot order, in the order of `ids` (missing ids are skipped). The one way an outfit card is
 * built, for the feed, search, favourites, closets and the design studio; one statement whatever
 * the number of outfits, so lists never go N+1. Prepared, a text for each number of outfits:
 * its planning cost as much as its run.
 */
export async function loadOutfits(client: SqlClient, ids: readonly number[]): Promise<Outfit[]> {
  if (ids.length === 0) return [];
  // A list of parameters, not an array: with an array PostgreSQL planned it afresh each call.
  const rows = await queryPrepared<CardRow>(
    client,
    'outfit_cards',
    sql`SELECT o.id AS "outfitId", o.name AS "outfitName", o.description,
               o.occasion_id AS "occasionId", oc.name AS occasion, oi.slot, ${itemColumnsSql}
          FROM outfits o
          JOIN occasions oc ON oc.id = o.occasion_id
          JOIN outfit_items oi ON oi.outfit_id = o.id
          JOIN items i ON i.id = oi.item_id
          JOIN categories c ON c.id = i.category_id
         WHERE o.id IN (${idList([...new Set(ids)])})`,
  );
  const byId = new Map<number, Outfit>();
  for (const row of rows) {
    let outfit = byId.get(row.outfitId);
    if (!outfit) {
      const { outfitId: id, outfitName: name, description, occasionId, occasion } = row;
      outfit = { id, name, description, occasionId, occasion, items: [] };
      byId.set(id, outfit);
    }
    // The key the item lacks goes first (docs/architecture.md, "Object shapes").
    outfit.items.push({ slot: row.slot, ...toItem(row) });
  }
  const bySlot = (a: { slot: Slot }, b: { slot: Slot }) =>
    (SLOT_ORDER.get(a.slot) ?? 0) - (SLOT_ORDER.get(b.slot) ?? 0);
  return ids.flatMap((id) => {
    const outfit = byId.get(id);
    if (!outfit) return [];
    outfit.items.sort(bySlot);
    return [outfit];
  });
}

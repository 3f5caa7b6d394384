import { sql } from 'drizzle-orm';
import { SLOTS, type Slot } from '../../../contracts/catalog';
import { queryPrepared, type SqlClient } from '../../db/client';

/** One of an outfit's five pieces as the database has it. */
export interface PieceRow {
  outfitId: number;
  occasionId: number;
  itemId: number;
  slot: Slot;
}

/** An item as the shape is read: its product's garment (a blazer, jeans) is its kind. */
export interface ItemRow {
  id: number;
  productId: number;
  categoryId: number;
  color: string;
  garment?: string;
}

/**
 * A piece as the ranking weighs it: its look (its category in its colour), colour and kind are
 * numbered, so a ranking's tallies are keyed by numbers, never by strings built on the way.
 */
export interface Piece {
  itemId: number;
  slot: Slot;
  productId: number;
  lookId: number;
  colorId: number;
  kindId: number;
}

/**
 * What the feed's ranking needs of the catalogue, read once and kept in memory: every outfit's
 * occasion and pieces, every item's product, look and kind, and which outfits hold each item,
 * product and kind or are of each occasion. A ranking then asks the database only for the
 * shopper's history and the stock of its best candidates (rankFeed).
 */
export class CatalogueShape {
  readonly outfits = new Map<number, { occasionId: number; pieces: Piece[] }>();
  /** Every outfit with pieces, in id order. */
  readonly outfitIds: number[];
  /** The largest ids (at least 1): the ranges of seeded draws, and the lengths of tallies. */
  readonly maxOutfitId: number;
  readonly maxItemId: number;
  readonly maxProductId: number;
  readonly maxOccasionId: number;
  /** How many kinds (counted from 1: 0 is a kind not known), looks and colours the catalogue has. */
  readonly kindCount: number;
  readonly lookCount: number;
  readonly colorCount: number;
  /** Each item's product, look (-1: no such item) and kind by id: arrays, a fraction of objects. */
  readonly #itemProduct: Int32Array;
  readonly #itemLook: Int32Array;
  readonly #itemKind: Int32Array;
  readonly #looks: { categoryId: number; colorId: number; color: string }[] = [];
  readonly #byItem = new Map<number, number[]>();
  readonly #byProduct = new Map<number, number[]>();
  /** Sorted ids: the outfits of each occasion and holding each kind, the items of each look. */
  readonly #sorted: Record<'occasion' | 'kind' | 'look', Int32Array[]>;

  constructor(
    /** The catalogue_version it was read at (0020). */
    readonly version: number,
    pieces: readonly PieceRow[],
    items: readonly ItemRow[],
  ) {
    this.maxItemId = largest(items, (item) => item.id);
    this.maxProductId = largest(items, (item) => item.productId);
    this.maxOccasionId = largest(pieces, (piece) => piece.occasionId);
    this.#itemProduct = new Int32Array(this.maxItemId + 1);
    this.#itemLook = new Int32Array(this.maxItemId + 1).fill(-1);
    this.#itemKind = new Int32Array(this.maxItemId + 1);
    const colors = new Map<string, number>();
    const looks = new Map<number, number>();
    const kinds = new Map<string, number>();
    const lookItems = new Map<number, number[]>();
    for (const { id, productId, categoryId, color, garment } of items) {
      const colorId = numberOf(colors, color);
      const lookId = numberOf(looks, categoryId * 65_536 + colorId);
      this.#looks[lookId] = { categoryId, colorId, color };
      this.#itemProduct[id] = productId;
      this.#itemLook[id] = lookId;
      this.#itemKind[id] = garment === undefined ? 0 : numberOf(kinds, garment, 1);
      push(lookItems, lookId, id);
    }
    const byOccasion = new Map<number, number[]>();
    const byKind = new Map<number, number[]>();
    for (const { outfitId, occasionId, itemId, slot } of pieces) {
      const item = this.item(itemId);
      if (!item) continue;
      let outfit = this.outfits.get(outfitId);
      if (!outfit) {
        outfit = { occasionId, pieces: [] };
        this.outfits.set(outfitId, outfit);
        push(byOccasion, occasionId, outfitId);
      }
      // Written out: V8 reads a spread's copy on a slow path. The slot is one of the five constant
      // strings, not the row's copy, so `TASTE.slot[slot]` finds it without comparing text.
      const { productId, lookId, colorId, kindId } = item;
      outfit.pieces.push({
        itemId,
        slot: SLOTS.find((s) => s === slot) ?? slot,
        productId,
        lookId,
        colorId,
        kindId,
      });
      push(this.#byItem, itemId, outfitId);
      push(this.#byProduct, item.productId, outfitId);
    }
    for (const [id, { pieces }] of this.outfits) {
      for (const kind of new Set(pieces.map((p) => p.kindId))) if (kind > 0) push(byKind, kind, id);
    }
    this.outfitIds = [...this.outfits.keys()].sort((a, b) => a - b);
    this.maxOutfitId = Math.max(1, this.outfitIds.at(-1) ?? 1);
    this.#sorted = {
      occasion: sortedLists(byOccasion),
      kind: sortedLists(byKind),
      look: sortedLists(lookItems),
    };
    this.kindCount = kinds.size;
    this.lookCount = looks.size;
    this.colorCount = colors.size;
  }

  /** Reads the shape as the database has it now. */
  static async read(client: SqlClient): Promise<CatalogueShape> {
    // The counter first: a change committed during the reads moves it past this, so the next
    // ranking reads the shape again.
    const [{ version }] = (await queryPrepared<{ version: string }>(
      client,
      'shape_version',
      sql`SELECT version FROM catalogue_version`,
    )) as [{ version: string }];
    const [pieces, items] = await Promise.all([
      queryPrepared<PieceRow>(
        client,
        'shape_pieces',
        sql`SELECT oi.outfit_id AS "outfitId", o.occasion_id AS "occasionId",
                   oi.item_id AS "itemId", oi.slot
              FROM outfit_items oi JOIN outfits o ON o.id = oi.outfit_id
             ORDER BY oi.outfit_id, oi.slot`,
      ),
      queryPrepared<ItemRow>(
        client,
        'shape_items',
        sql`SELECT i.id, i.product_id AS "productId", i.category_id AS "categoryId", i.color,
                   p.garment
              FROM items i JOIN products p ON p.id = i.product_id`,
      ),
    ]);
    return new CatalogueShape(Number(version), pieces, items);
  }

  /** An item's product, look, colour and kind, or undefined for an item the catalogue lacks. */
  item(id: number): Omit<Piece, 'slot'> | undefined {
    const lookId = id > 0 && id <= this.maxItemId ? this.#itemLook[id]! : -1;
    if (lookId < 0) return undefined;
    const [productId, kindId] = [this.#itemProduct[id]!, this.#itemKind[id]!];
    return { itemId: id, productId, lookId, colorId: this.#looks[lookId]!.colorId, kindId };
  }

  /** Orders looks by category, then colour name: how ties between equal tastes fall. */
  compareLooks(a: number, b: number): number {
    const [x, y] = [this.#looks[a]!, this.#looks[b]!];
    return x.categoryId - y.categoryId || (x.color < y.color ? -1 : x.color > y.color ? 1 : 0);
  }

  outfitsWithItem(itemId: number): readonly number[] {
    return this.#byItem.get(itemId) ?? [];
  }

  outfitsWithProduct(productId: number): readonly number[] {
    return this.#byProduct.get(productId) ?? [];
  }

  /**
   * Up to `count` outfits of an occasion, outfits holding a kind, or items of a look, in id
   * order from `pivot` on, wrapping round: a seeded window onto a list of any size.
   */
  window(of: 'occasion' | 'kind' | 'look', id: number, pivot: number, count: number): number[] {
    const ids = this.#sorted[of][id];
    if (!ids) return [];
    // The first of the sorted ids not below the pivot.
    let lo = 0;
    let hi = ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ids[mid]! < pivot) lo = mid + 1;
      else hi = mid;
    }
    const window: number[] = [];
    for (let n = 0; n < Math.min(count, ids.length); n++) {
      if (lo === ids.length) lo = 0;
      window.push(ids[lo++]!);
    }
    return window;
  }
}

/** The number of `key`, giving the next (counting from `first`) to a key not seen yet. */
function numberOf<K>(numbers: Map<K, number>, key: K, first = 0): number {
  let n = numbers.get(key);
  if (n === undefined) {
    n = numbers.size + first;
    numbers.set(key, n);
  }
  return n;
}

/** The largest of `of` over the rows, and at least 1. */
function largest<T>(rows: readonly T[], of: (row: T) => number): number {
  return rows.reduce((max, row) => Math.max(max, of(row)), 1);
}

/** Each key's ids, sorted, at the key's index. */
function sortedLists(lists: Map<number, number[]>): Int32Array[] {
  const sorted: Int32Array[] = [];
  for (const [key, ids] of lists) sorted[key] = Int32Array.from(ids).sort();
  return sorted;
}

function push<K>(map: Map<K, number[]>, key: K, value: number) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const kept = new WeakMap<
  SqlClient,
  { shape?: CatalogueShape; reading?: Promise<CatalogueShape> }
>();

/**
 * The catalogue's shape at `version` or later, as this process keeps it for the database behind
 * `client`; read again when the database's counter has moved past the copy kept. Rankings that
 * find it stale together share one read.
 */
export async function catalogueShape(client: SqlClient, version: number): Promise<CatalogueShape> {
  const entry = kept.get(client) ?? {};
  kept.set(client, entry);
  while (!entry.shape || entry.shape.version < version) {
    entry.reading ??= CatalogueShape.read(client).finally(() => {
      entry.reading = undefined;
    });
    const read = await entry.reading;
    if (!entry.shape || entry.shape.version < read.version) entry.shape = read;
  }
  return entry.shape;
}

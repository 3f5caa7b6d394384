import { sql } from 'drizzle-orm';
import { SLOTS, type Slot } from '../../../contracts/catalog';
import { queryPrepared, type SqlClient } from '../../db/client';

/**
 * The slot as one of the five constant strings: a slot read from a row is a string of its own,
 * and weighing a piece by `TASTE.slot[piece.slot]` with it would look the text up every time.
 */
const constantSlot = (slot: Slot): Slot => SLOTS.find((s) => s === slot) ?? slot;

/** One of an outfit's five pieces as the database has it. */
export interface PieceRow {
  itemId: number;
  slot: Slot;
  productId: number;
  categoryId: number;
  color: string;
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
 * A piece as the ranking weighs it: its look (its category in its colour), its colour and its
 * kind (its product's garment) are numbered, so a ranking's tallies are keyed by numbers, never
 * by strings built on the way.
 */
export interface Piece {
  itemId: number;
  slot: Slot;
  productId: number;
  lookId: number;
  colorId: number;
  kindId: number;
}

export interface OutfitShape {
  id: number;
  occasionId: number;
  pieces: Piece[];
}

/**
 * What the feed's ranking needs of the catalogue, read once and kept in memory: every outfit's
 * occasion and pieces, which outfits hold each item and each product, and every item's product
 * look and kind, and which outfits are of each occasion and hold each kind. A shopper's ranking
 * then asks the database for their own history and the stock of the
 * best candidates only (rankFeed). About 20,000 outfits and 140,000 items at full benchmark size:
 * a few megabytes, read in about a second.
 */
export class CatalogueShape {
  readonly outfits = new Map<number, OutfitShape>();
  /** Every outfit with pieces, in id order. */
  readonly outfitIds: number[];
  /** The largest outfit id and item id (at least 1): the ranges seeded draws are taken from. */
  readonly maxOutfitId: number;
  readonly maxItemId: number;
  /** The largest product and occasion ids: the ranking's tallies are arrays that long. */
  readonly maxProductId: number;
  readonly maxOccasionId: number;
  readonly #byItem = new Map<number, number[]>();
  readonly #byProduct = new Map<number, number[]>();
  /** Outfits of each occasion and holding each kind, in ascending id order. */
  readonly #byOccasion: Int32Array[] = [];
  readonly #byKind: Int32Array[] = [];
  readonly #kinds = new Map<string, number>();
  readonly #colors = new Map<string, number>();
  readonly #colorNames: string[] = [];
  readonly #looks = new Map<number, number>();
  /** Each look's category and colour, by look id. */
  readonly #lookCategory: number[] = [];
  readonly #lookColor: number[] = [];
  /** Each look's item ids in ascending order, by look id. */
  readonly #lookItems: Int32Array[] = [];
  /** Each item's product and look, by item id (0: no such item). */
  readonly #itemProduct: Int32Array;
  readonly #itemLook: Int32Array;
  readonly #itemKind: Int32Array;

  constructor(
    /** The catalogue_version it was read at (0020). */
    readonly version: number,
    pieces: readonly (PieceRow & { outfitId: number; occasionId: number })[],
    items: readonly ItemRow[],
  ) {
    let maxItemId = 1;
    let maxProductId = 1;
    for (const item of items) {
      maxItemId = Math.max(maxItemId, item.id);
      maxProductId = Math.max(maxProductId, item.productId);
    }
    this.maxItemId = maxItemId;
    this.#itemProduct = new Int32Array(maxItemId + 1);
    this.#itemLook = new Int32Array(maxItemId + 1).fill(-1);
    this.#itemKind = new Int32Array(maxItemId + 1);
    const lookItems = new Map<number, number[]>();
    for (const item of items) {
      const lookId = this.#lookOf(item.categoryId, item.color);
      this.#itemProduct[item.id] = item.productId;
      this.#itemLook[item.id] = lookId;
      this.#itemKind[item.id] = this.#kindOf(item.garment);
      push(lookItems, lookId, item.id);
    }
    for (const [lookId, ids] of lookItems) this.#lookItems[lookId] = Int32Array.from(ids).sort();

    for (const piece of pieces) {
      let outfit = this.outfits.get(piece.outfitId);
      if (!outfit) {
        outfit = { id: piece.outfitId, occasionId: piece.occasionId, pieces: [] };
        this.outfits.set(piece.outfitId, outfit);
      }
      const lookId = this.#lookOf(piece.categoryId, piece.color);
      outfit.pieces.push({
        itemId: piece.itemId,
        slot: constantSlot(piece.slot),
        productId: piece.productId,
        lookId,
        colorId: this.#lookColor[lookId]!,
        kindId: piece.itemId <= maxItemId ? this.#itemKind[piece.itemId]! : 0,
      });
      push(this.#byItem, piece.itemId, piece.outfitId);
      push(this.#byProduct, piece.productId, piece.outfitId);
    }
    this.outfitIds = [...this.outfits.keys()].sort((a, b) => a - b);
    const byOccasion = new Map<number, number[]>();
    const byKind = new Map<number, number[]>();
    for (const id of this.outfitIds) {
      const outfit = this.outfits.get(id)!;
      push(byOccasion, outfit.occasionId, id);
      for (const kind of new Set(outfit.pieces.map((p) => p.kindId))) {
        if (kind > 0) push(byKind, kind, id);
      }
    }
    for (const [occasionId, ids] of byOccasion) this.#byOccasion[occasionId] = Int32Array.from(ids);
    for (const [kindId, ids] of byKind) this.#byKind[kindId] = Int32Array.from(ids);
    let maxOccasionId = 1;
    for (const piece of pieces) {
      maxOccasionId = Math.max(maxOccasionId, piece.occasionId);
      maxProductId = Math.max(maxProductId, piece.productId);
    }
    this.maxOccasionId = maxOccasionId;
    this.maxProductId = maxProductId;
    this.maxOutfitId = Math.max(1, this.outfitIds.at(-1) ?? 1);
  }

  /** A garment's number, counting from 1; 0 for an item whose garment is not known. */
  #kindOf(garment: string | undefined): number {
    if (garment === undefined) return 0;
    let kindId = this.#kinds.get(garment);
    if (kindId === undefined) {
      kindId = this.#kinds.size + 1;
      this.#kinds.set(garment, kindId);
    }
    return kindId;
  }

  #lookOf(categoryId: number, color: string): number {
    let colorId = this.#colors.get(color);
    if (colorId === undefined) {
      colorId = this.#colorNames.length;
      this.#colors.set(color, colorId);
      this.#colorNames.push(color);
    }
    const key = categoryId * 65_536 + colorId;
    let lookId = this.#looks.get(key);
    if (lookId === undefined) {
      lookId = this.#lookCategory.length;
      this.#looks.set(key, lookId);
      this.#lookCategory.push(categoryId);
      this.#lookColor.push(colorId);
    }
    return lookId;
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
      queryPrepared<PieceRow & { outfitId: number; occasionId: number }>(
        client,
        'shape_pieces',
        sql`SELECT oi.outfit_id AS "outfitId", o.occasion_id AS "occasionId",
                   oi.item_id AS "itemId", oi.slot, oi.product_id AS "productId",
                   oi.category_id AS "categoryId", oi.color
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

  /** An item's product, look and colour, or undefined for an item the catalogue lacks. */
  item(id: number): Omit<Piece, 'slot'> | undefined {
    const lookId = id > 0 && id <= this.maxItemId ? this.#itemLook[id]! : -1;
    if (lookId < 0) return undefined;
    return {
      itemId: id,
      productId: this.#itemProduct[id]!,
      lookId,
      colorId: this.#lookColor[lookId]!,
      kindId: this.#itemKind[id]!,
    };
  }

  /** How many kinds (garments) the catalogue has; their ids count from 1. */
  get kindCount(): number {
    return this.#kinds.size;
  }

  /** Up to `count` outfits of an occasion from `pivot` on, wrapping round: a seeded window. */
  occasionWindow(occasionId: number, pivot: number, count: number): number[] {
    return windowOf(this.#byOccasion[occasionId], pivot, count);
  }

  /** Up to `count` outfits holding a piece of a kind from `pivot` on, wrapping round. */
  kindWindow(kindId: number, pivot: number, count: number): number[] {
    return windowOf(this.#byKind[kindId], pivot, count);
  }

  /** How many looks and colours the catalogue has; their ids count from 0. */
  get lookCount(): number {
    return this.#lookCategory.length;
  }

  get colorCount(): number {
    return this.#colorNames.length;
  }

  /** The look of a category in a colour, if any item has it. */
  look(categoryId: number, color: string): number | undefined {
    const colorId = this.#colors.get(color);
    return colorId === undefined ? undefined : this.#looks.get(categoryId * 65_536 + colorId);
  }

  /** Orders looks by category, then colour name: how ties between equal tastes fall. */
  compareLooks(a: number, b: number): number {
    const byCategory = this.#lookCategory[a]! - this.#lookCategory[b]!;
    if (byCategory !== 0) return byCategory;
    const ca = this.#colorNames[this.#lookColor[a]!]!;
    const cb = this.#colorNames[this.#lookColor[b]!]!;
    return ca < cb ? -1 : ca > cb ? 1 : 0;
  }

  outfitsWithItem(itemId: number): readonly number[] {
    return this.#byItem.get(itemId) ?? [];
  }

  outfitsWithProduct(productId: number): readonly number[] {
    return this.#byProduct.get(productId) ?? [];
  }

  /**
   * Up to `count` items of a look in id order from `pivot` on, wrapping round to the lowest ids:
   * a seeded window onto a look of any size.
   */
  lookWindow(lookId: number, pivot: number, count: number): number[] {
    return windowOf(this.#lookItems[lookId], pivot, count);
  }
}

/** Up to `count` of sorted `ids` from `pivot` on, wrapping round to the lowest. */
function windowOf(ids: Int32Array | undefined, pivot: number, count: number): number[] {
  if (!ids) return [];
  let start = lowerBound(ids, pivot);
  const window: number[] = [];
  for (let n = 0; n < Math.min(count, ids.length); n++) {
    if (start === ids.length) start = 0;
    window.push(ids[start++]!);
  }
  return window;
}

function push<K>(map: Map<K, number[]>, key: K, value: number) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The index of the first element of sorted `ids` not below `value`. */
function lowerBound(ids: Int32Array, value: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface Kept {
  shape?: CatalogueShape;
  reading?: Promise<CatalogueShape>;
}

const kept = new WeakMap<SqlClient, Kept>();

/**
 * The catalogue's shape at `version` or later, as this process keeps it for the database behind
 * `client`; read again when the database's counter has moved past the copy kept. Rankings that
 * find it stale together share one read.
 */
export async function catalogueShape(client: SqlClient, version: number): Promise<CatalogueShape> {
  let entry = kept.get(client);
  if (!entry) {
    entry = {};
    kept.set(client, entry);
  }
  let shape = entry.shape;
  while (!shape || shape.version < version) {
    let reading = entry.reading;
    if (!reading) {
      const holder = entry;
      reading = CatalogueShape.read(client).finally(() => {
        holder.reading = undefined;
      });
      holder.reading = reading;
    }
    const read = await reading;
    if (!entry.shape || entry.shape.version < read.version) entry.shape = read;
    shape = entry.shape;
  }
  return shape;
}

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

/** A piece as the ranking weighs it: look (category and colour), colour and kind are numbered. */
export interface Piece {
  itemId: number;
  slot: Slot;
  productId: number;
  lookId: number;
  colorId: number;
  kindId: number;
}

export type ItemFacts = Omit<Piece, 'slot'>;
type Grouping = 'occasion' | 'kind' | 'look';

/**
 * What the ranking needs of the catalogue, kept in memory: every outfit's occasion and pieces,
 * every item's numbered facts, and which outfits hold each item, product, kind or occasion.
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
  /** Kinds are counted from 1 (0 is a kind not known). */
  readonly kindCount: number;
  readonly lookCount: number;
  readonly colorCount: number;
  readonly #items = new Map<number, ItemFacts>();
  readonly #looks: { categoryId: number; color: string }[] = [];
  readonly #byItem = new Map<number, number[]>();
  readonly #byProduct = new Map<number, number[]>();
  /** Ascending ids: the outfits of each occasion and holding each kind, the items of each look. */
  readonly #sorted: Record<Grouping, Map<number, number[]>> = {
    occasion: new Map(),
    kind: new Map(),
    look: new Map(),
  };

  constructor(
    /** The catalogue_version it was read at (0020). */
    readonly version: number,
    pieces: readonly PieceRow[],
    items: readonly ItemRow[],
  ) {
    const colors = new Map<string, number>();
    const looks = new Map<number, number>();
    const kinds = new Map<string, number>();
    for (const { id, productId, categoryId, color, garment } of items) {
      const colorId = numberOf(colors, color);
      const lookId = numberOf(looks, categoryId * 65_536 + colorId);
      this.#looks[lookId] = { categoryId, color };
      const kindId = garment === undefined ? 0 : numberOf(kinds, garment, 1);
      this.#items.set(id, { itemId: id, productId, lookId, colorId, kindId });
      push(this.#sorted.look, lookId, id);
    }
    for (const { outfitId, occasionId, itemId, slot } of pieces) {
      const item = this.#items.get(itemId);
      if (!item) continue;
      let outfit = this.outfits.get(outfitId);
      if (!outfit) {
        outfit = { occasionId, pieces: [] };
        this.outfits.set(outfitId, outfit);
        push(this.#sorted.occasion, occasionId, outfitId);
      }
      // Written out, not spread: a spread's copy is read on V8's slow path. The slot is the
      // constant string, so `TASTE.slot[slot]` finds it without comparing text.
      const { productId, lookId, colorId, kindId } = item;
      const interned = SLOTS.find((s) => s === slot) ?? slot;
      outfit.pieces.push({ itemId, slot: interned, productId, lookId, colorId, kindId });
      push(this.#byItem, itemId, outfitId);
      push(this.#byProduct, productId, outfitId);
    }
    for (const [id, { pieces }] of this.outfits) {
      for (const kind of new Set(pieces.map((p) => p.kindId))) {
        if (kind > 0) push(this.#sorted.kind, kind, id);
      }
    }
    for (const lists of Object.values(this.#sorted))
      for (const ids of lists.values()) ids.sort(byNumber);
    this.outfitIds = [...this.outfits.keys()].sort(byNumber);
    this.maxOutfitId = largest(this.outfitIds);
    this.maxItemId = largest(this.#items.keys());
    this.maxProductId = largest(items.map((item) => item.productId));
    this.maxOccasionId = largest(this.#sorted.occasion.keys());
    this.kindCount = kinds.size;
    this.lookCount = looks.size;
    this.colorCount = colors.size;
  }

  /** Reads the shape as the database has it now. */
  static async read(client: SqlClient): Promise<CatalogueShape> {
    // The counter first: a change committed during the reads moves it past this one.
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
  item(id: number): ItemFacts | undefined {
    return this.#items.get(id);
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
  window(of: Grouping, id: number, pivot: number, count: number): number[] {
    const ids = this.#sorted[of].get(id) ?? [];
    const from = Math.max(
      0,
      ids.findIndex((n) => n >= pivot),
    );
    const window = ids.slice(from, from + count);
    return window.concat(ids.slice(0, Math.min(count - window.length, from)));
  }
}

const byNumber = (a: number, b: number) => a - b;

/** The largest of the numbers, and at least 1. */
const largest = (numbers: Iterable<number>) => [...numbers].reduce((a, b) => Math.max(a, b), 1);

/** The number of `key`, giving the next (counting from `first`) to a key not seen yet. */
function numberOf<K>(numbers: Map<K, number>, key: K, first = 0): number {
  const n = numbers.get(key) ?? numbers.size + first;
  numbers.set(key, n);
  return n;
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
 * The catalogue's shape at `version` or later, kept per database client and read again once the
 * database's counter moves past the copy; rankings that find it stale together share one read.
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

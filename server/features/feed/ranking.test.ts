import { describe, expect, it } from 'vitest';
import { SLOTS, type Slot } from '../../../contracts/catalog';
import { CatalogueShape, type PieceRow } from './catalogue-shape';
import { type PlacedBy, rankCandidates, type ShopperHistory, seededHash } from './ranking';

interface Look {
  item: number;
  product?: number;
  category?: number;
  color?: string;
  garment?: string;
}

/**
 * A catalogue from outfits given as their first (outerwear) piece; the other four pieces are
 * items of their own, in a colour and products no signal shares unless `pieces` says otherwise.
 */
function shapeOf(
  outfits: { id: number; occasion: number; coat: Look; pieces?: Look[] }[],
  extraItems: Look[] = [],
): CatalogueShape {
  const rows: PieceRow[] = [];
  const items = new Map<
    number,
    { id: number; productId: number; categoryId: number; color: string; garment?: string }
  >();
  const piece = (look: Look, slot: Slot, index: number) => ({
    itemId: look.item,
    slot,
    productId: look.product ?? look.item + 10_000,
    categoryId: look.category ?? 20 + index,
    color: look.color ?? `Filler ${look.item}`,
    garment: look.garment,
  });
  for (const outfit of outfits) {
    const looks = outfit.pieces ?? [
      outfit.coat,
      ...[1, 2, 3, 4].map((n) => ({ item: outfit.id * 100 + n })),
    ];
    looks.forEach((look, index) => {
      const p = piece(look, SLOTS[index]!, index);
      const { garment, ...row } = p;
      rows.push({ ...row, outfitId: outfit.id, occasionId: outfit.occasion });
      items.set(p.itemId, {
        id: p.itemId,
        productId: p.productId,
        categoryId: p.categoryId,
        color: p.color,
        ...(garment && { garment }),
      });
    });
  }
  for (const look of extraItems) {
    const p = piece(look, 'outerwear', 0);
    items.set(p.itemId, {
      id: p.itemId,
      productId: p.productId,
      categoryId: p.categoryId,
      color: p.color,
    });
  }
  return new CatalogueShape(1, rows, [...items.values()]);
}

const history = (h: Partial<ShopperHistory> = {}): ShopperHistory => {
  const recent = h.recent ?? [];
  return {
    recent,
    hearts: h.hearts ?? [],
    swiped: h.swiped ?? new Set(recent.map((r) => r.outfitId)),
  };
};

/** A ranking of the shopper's feed, with what placed each card. */
function rankedWithReasons(shape: CatalogueShape, recent: ShopperHistory['recent'], seed: number) {
  const placedBy = new Map<number, PlacedBy>();
  const ranked = rankCandidates(shape, history({ recent }), { seed, exclude: [] }, placedBy);
  return { ranked, placedBy };
}

// Outfit 1 is liked or noped in the tests below. Its coat is item 1: product 501, category 1,
// Black. Each other outfit's coat shares less of it, and nothing else.
const liked = {
  id: 1,
  occasion: 1,
  pieces: [
    { item: 1, product: 501, category: 1, color: 'Black' },
    { item: 2, product: 502, category: 2, color: 'White' },
    { item: 3, product: 503, category: 3, color: 'Blue' },
    { item: 4, product: 504, category: 4, color: 'Grey' },
    { item: 5, product: 505, category: 5, color: 'Brown' },
  ],
  coat: { item: 1 },
};
/** An outfit of occasion 2 whose coat is the given item; its other pieces share nothing. */
const coated = (id: number, coat: Look) => ({ id, occasion: 2, coat });
const sameCoat = coated(2, { item: 1, product: 501, category: 1, color: 'Black' });
const sameProduct = coated(3, { item: 6, product: 501, category: 1, color: 'Black' });
const sameLook = coated(4, { item: 7, product: 601, category: 1, color: 'Black' });
const sameColour = coated(5, { item: 8, product: 602, category: 9, color: 'Black' });
const nothingShared = coated(6, { item: 9, product: 603, category: 9, color: 'Red' });
const shop = () => shapeOf([liked, sameCoat, sameProduct, sameLook, sameColour, nothingShared]);

describe('rankCandidates', () => {
  it('ranks by what is shared with a liked outfit: the piece, then its product, its look, its colour', () => {
    const ranked = rankCandidates(shop(), history({ recent: [{ outfitId: 1, like: true }] }), {
      seed: 0,
      exclude: [],
    });
    expect(ranked).toEqual([2, 3, 4, 5, 6]);
  });

  it('counts a nope against the pieces of the outfit, and a heart for its piece', () => {
    const noped = rankCandidates(shop(), history({ recent: [{ outfitId: 1, like: false }] }), {
      seed: 0,
      exclude: [],
    });
    expect(noped.at(-1)).toBe(2);
    // A heart on the coat of outfit 4 outweighs the nope of outfit 1's coat, which it shares a look with.
    const hearted = rankCandidates(
      shop(),
      history({ recent: [{ outfitId: 1, like: false }], hearts: [7] }),
      { seed: 0, exclude: [] },
    );
    expect(hearted[0]).toBe(4);
  });

  it('never offers an outfit the shopper swiped or the client already holds', () => {
    const swiped = new Set([1, 5]);
    const ranked = rankCandidates(
      shop(),
      history({ recent: [{ outfitId: 1, like: true }], swiped }),
      {
        seed: 9,
        exclude: [3],
      },
    );
    expect(ranked.sort()).toEqual([2, 4, 6]);
  });

  it('goes round the occasions for a shopper with no history, whatever the seed', () => {
    const outfits = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      occasion: (i % 4) + 1,
      coat: { item: 1_000 + i },
    }));
    for (const seed of [0, 1, 77, 123_456]) {
      const occasions = rankCandidates(shapeOf(outfits), history(), { seed, exclude: [] }).map(
        (id) => outfits[id - 1]!.occasion,
      );
      for (let round = 0; round < 3; round++) {
        expect(new Set(occasions.slice(round * 4, round * 4 + 4)).size).toBe(4);
      }
    }
  });

  it('lets a clear occasion taste take most of the page, one card in five kept for exploring', () => {
    // 60 outfits over 5 occasions, none sharing a piece: only the occasion can be learned.
    const outfits = Array.from({ length: 60 }, (_, i) => ({
      id: i + 1,
      occasion: (i % 5) + 1,
      coat: { item: 1_000 + i },
    }));
    const shape = shapeOf(outfits);
    // Liked three of occasion 1, swiped left on two of each other occasion.
    const recent = outfits
      .slice(0, 15)
      .filter((o) => o.occasion === 1 || o.id <= 10)
      .map((o) => ({ outfitId: o.id, like: o.occasion === 1 }));
    for (const seed of [1, 2, 3]) {
      const placedBy = new Map<number, PlacedBy>();
      const ranked = rankCandidates(shape, history({ recent }), { seed, exclude: [] }, placedBy);
      const page = ranked.slice(0, 10);
      const liked = page.filter((id) => outfits[id - 1]!.occasion === 1);
      expect(liked.length).toBeGreaterThanOrEqual(7);
      // Places 5 and 10 explore, with an outfit of another occasion.
      for (const place of [4, 9]) {
        expect(placedBy.get(page[place]!)).toEqual({ kind: 'explore' });
        expect(outfits[page[place]! - 1]!.occasion).not.toBe(1);
      }
      expect(placedBy.get(liked[0]!)).toEqual({ kind: 'occasion', likes: 3 });
    }
  });

  it('explores one card in two for a shopper whose latest six swipes were all left', () => {
    const outfits = Array.from({ length: 60 }, (_, i) => ({
      id: i + 1,
      occasion: (i % 5) + 1,
      coat: { item: 1_000 + i },
    }));
    const recent = [7, 8, 9, 10, 11, 12, 1].map((id) => ({ outfitId: id, like: id === 1 }));
    const placedBy = new Map<number, PlacedBy>();
    const ranked = rankCandidates(
      shapeOf(outfits),
      history({ recent }),
      { seed: 4, exclude: [] },
      placedBy,
    );
    const explored = ranked.slice(0, 10).filter((id) => placedBy.get(id)?.kind === 'explore');
    expect(explored).toHaveLength(5);
    // One left swipe fewer in the run: one card in five again.
    const steady = [7, 8, 9, 10, 11, 1, 12].map((id) => ({ outfitId: id, like: id === 1 }));
    const placed = new Map<number, PlacedBy>();
    const again = rankCandidates(
      shapeOf(outfits),
      history({ recent: steady }),
      { seed: 4, exclude: [] },
      placed,
    );
    expect(again.slice(0, 10).filter((id) => placed.get(id)?.kind === 'explore')).toHaveLength(2);
  });

  it('learns a garment liked in every occasion, and the occasion alone does not hide it', () => {
    // 60 outfits over 5 occasions; every sixth one holds a crossbody bag, each of its own
    // product and colour, so that the bags fall in every occasion in turn.
    const outfits = Array.from({ length: 60 }, (_, i) => {
      const id = i + 1;
      const bag = i % 6 === 0;
      return {
        id,
        occasion: (i % 5) + 1,
        coat: { item: 1_000 + id },
        pieces: [
          { item: 1_000 + id },
          { item: 2_000 + id },
          { item: 3_000 + id, ...(bag && { garment: 'crossbody' }) },
          { item: 4_000 + id },
          { item: 5_000 + id },
        ],
      };
    });
    const withBag = (id: number) => (id - 1) % 6 === 0;
    // The shopper swiped the first 25: left on the twenty without a bag, then right on the
    // five with one (one of each occasion). Five looks with a bag are left to show.
    const first = Array.from({ length: 25 }, (_, i) => i + 1);
    const recent = [...first.filter(withBag), ...first.filter((id) => !withBag(id))].map(
      (outfitId) => ({ outfitId, like: withBag(outfitId) }),
    );
    for (const seed of [1, 2, 3]) {
      const { ranked, placedBy } = rankedWithReasons(shapeOf(outfits), recent, seed);
      const tasted = ranked.slice(0, 8).filter((id) => placedBy.get(id)?.kind !== 'explore');
      expect(tasted.filter(withBag)).toHaveLength(5);
      expect(placedBy.get(tasted[0]!)).toMatchObject({ kind: 'piece', match: 'kind' });
    }
  });

  it('credits a liked look to the garment that explains it, and counts one every rejected look had against', () => {
    // One occasion. Every look the shopper liked had a hoodie and sneakers; every look they
    // swiped left had sneakers alone. The hoodie explains the likes, so sneakers count against.
    const outfit = (id: number, hoodie: boolean, sneaker: boolean) => ({
      id,
      occasion: 1,
      coat: { item: 1_000 + id },
      pieces: [
        { item: 1_000 + id },
        { item: 2_000 + id, ...(hoodie && { garment: 'hoodie' }) },
        { item: 3_000 + id },
        { item: 4_000 + id },
        { item: 5_000 + id, ...(sneaker && { garment: 'sneaker' }) },
      ],
    });
    const outfits = [
      ...[1, 2, 3, 4, 5].map((id) => outfit(id, true, true)),
      ...[6, 7, 8, 9, 10].map((id) => outfit(id, false, true)),
      // Unswiped: hoodies alone, sneakers alone (ids below neither's, so a tie goes their way),
      // neither; the jittered seeds also catch hoodies that merely tie.
      ...[11, 12, 13].map((id) => outfit(id, true, false)),
      ...[14, 15, 16].map((id) => outfit(id, false, true)),
      ...[17, 18, 19].map((id) => outfit(id, false, false)),
    ];
    const recent = [1, 6, 2, 7, 3, 8, 4, 9, 5, 10].map((outfitId) => ({
      outfitId,
      like: outfitId <= 5,
    }));
    const kindOf = (id: number) => (id <= 13 ? 'hoodie' : id <= 16 ? 'sneaker' : 'neither');
    for (const seed of [0, 1, 2]) {
      const { ranked, placedBy } = rankedWithReasons(shapeOf(outfits), recent, seed);
      // Every fifth place is kept for exploring.
      const tasted = ranked.filter((_, place) => place % 5 !== 4);
      expect(placedBy.get(ranked[4]!)).toEqual({ kind: 'explore' });
      const order = tasted.map(kindOf).filter((kind, i, all) => all.indexOf(kind) === i);
      expect(order).toEqual(['hoodie', 'neither', 'sneaker']);
      expect(tasted.slice(0, 3).map(kindOf)).toEqual(['hoodie', 'hoodie', 'hoodie']);
    }
  });

  it('explores the occasions the shopper was shown least lately', () => {
    const outfits = Array.from({ length: 100 }, (_, i) => ({
      id: i + 1,
      occasion: (i % 5) + 1,
      coat: { item: 1_000 + i },
    }));
    // Latest ten swipes: eight likes of occasion 1, a left on occasion 2 and one on occasion 3.
    const recent = [1, 2, 6, 11, 3, 16, 21, 26, 31, 36].map((outfitId) => ({
      outfitId,
      like: outfits[outfitId - 1]!.occasion === 1,
    }));
    for (const seed of [1, 2, 3, 4, 5]) {
      const { ranked, placedBy } = rankedWithReasons(shapeOf(outfits), recent, seed);
      // Places 5 and 10 are kept for exploring.
      const explored = [ranked[4]!, ranked[9]!];
      expect(explored.map((id) => placedBy.get(id)?.kind)).toEqual(['explore', 'explore']);
      expect(explored.map((id) => outfits[id - 1]!.occasion).sort()).toEqual([4, 5]);
    }
  });

  it('gives one order for one seed, and others for others', () => {
    const outfits = Array.from({ length: 40 }, (_, i) => ({
      id: i + 1,
      occasion: (i % 5) + 1,
      coat: { item: 1_000 + i },
    }));
    const order = (seed: number) =>
      rankCandidates(shapeOf(outfits), history(), { seed, exclude: [] }).join();
    expect(order(5)).toBe(order(5));
    expect(new Set([order(5), order(6), order(7)]).size).toBe(3);
  });

  it('finds outfits through the liked pieces in a catalogue too large to explore in full', () => {
    // Ids spread over 1..50,000, so the hundred seeded draws of ids mostly miss.
    const outfits = [
      { ...liked, id: 49_999 },
      { ...sameCoat, id: 20_000 },
      { ...sameProduct, id: 30_000 },
      ...Array.from({ length: 20 }, (_, i) => ({
        id: 1 + i * 2_500,
        occasion: 3,
        coat: { item: 2_000 + i },
      })),
    ];
    const shape = shapeOf(outfits);
    const recent = [{ outfitId: 49_999, like: true }];
    for (const seed of [1, 2, 3]) {
      const ranked = rankCandidates(shape, history({ recent }), {
        seed,
        exclude: [],
        exactUpTo: 10,
      });
      expect(ranked.slice(0, 2)).toEqual([20_000, 30_000]);
      expect(ranked.length).toBeLessThan(outfits.length - 1);
    }
    // The exhaustive retry looks at every unswiped outfit.
    const all = rankCandidates(shape, history({ recent }), {
      seed: 1,
      exclude: [],
      exactUpTo: 10,
      exhaustive: true,
    });
    expect(all.sort((a, b) => a - b)).toEqual(
      outfits
        .map((o) => o.id)
        .filter((id) => id !== 49_999)
        .sort((a, b) => a - b),
    );
  });
});

describe('CatalogueShape.window', () => {
  const shape = shapeOf(
    [],
    [3, 8, 15, 20].map((item) => ({ item, category: 1, color: 'Black' })),
  );
  it('reads a look from the pivot on, wrapping round to its lowest ids', () => {
    const black = shape.item(3)!.lookId;
    expect(shape.window('look', black, 10, 3)).toEqual([15, 20, 3]);
    expect(shape.window('look', black, 1, 3)).toEqual([3, 8, 15]);
    expect(shape.window('look', black, 21, 9)).toEqual([3, 8, 15, 20]);
    expect(shape.window('look', black + 1, 1, 3)).toEqual([]);
  });
});

describe('seededHash', () => {
  it('is the same for the same value and seed, and scatters neighbours', () => {
    expect(seededHash(42, 7)).toBe(seededHash(42, 7));
    expect(seededHash(42, 7)).not.toBe(seededHash(42, 8));
    const buckets = new Array(16).fill(0);
    for (let i = 0; i < 16_000; i++) buckets[seededHash(i, 99) % 16] += 1;
    for (const count of buckets) expect(count).toBeGreaterThan(800);
  });
});

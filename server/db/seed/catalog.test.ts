import { describe, expect, it } from 'vitest';
import type { Slot } from '../../../contracts/catalog';
import { colorFromSlug, GARMENTS, isGarment, renderItemSvg } from '../../features/images/pictures';
import { CATEGORIES, type Catalog, generateCatalog, OCCASIONS } from './catalog';

const SLOT_CATEGORY: Record<Slot, number> = {
  outerwear: 6,
  top: 1,
  accessory: 7,
  bottom: 2,
  footwear: 3,
};

const IMAGE_RE = /^\/images\/items\/([a-z-]+)\/([a-z-]+)\.webp$/;

function expectSequentialIds(rows: readonly { id: number }[]) {
  rows.forEach((row, i) => {
    expect(row.id).toBe(i + 1);
  });
}

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const dupes = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) dupes.add(v);
    seen.add(v);
  }
  return [...dupes];
}

describe('generateCatalog', () => {
  const catalog: Catalog = generateCatalog();

  it('is deterministic', () => {
    expect(generateCatalog()).toEqual(catalog);
    expect(generateCatalog({ scale: 2, seed: 7 })).toEqual(generateCatalog({ scale: 2, seed: 7 }));
  });

  it('depends on the seed', () => {
    const other = generateCatalog({ seed: 12345 });
    expect(other.items.map((i) => i.stock)).not.toEqual(catalog.items.map((i) => i.stock));
  });

  it('keeps the fixed categories and occasions', () => {
    expect(CATEGORIES).toEqual([
      { id: 1, name: 'Tops', slot: 'top' },
      { id: 2, name: 'Bottoms', slot: 'bottom' },
      { id: 3, name: 'Footwear', slot: 'footwear' },
      { id: 6, name: 'Outerwear', slot: 'outerwear' },
      { id: 7, name: 'Accessories', slot: 'accessory' },
    ]);
    expect(OCCASIONS.map((o) => [o.id, o.name])).toEqual([
      [1, 'Airport'],
      [2, 'Brunch'],
      [3, 'Casual'],
      [4, 'Date Night'],
      [5, 'Work'],
    ]);
  });

  it('makes a believable shop at scale 1', () => {
    const { products, items, outfits } = catalog;
    expect(products).toHaveLength(60);
    expect(items.length).toBeGreaterThanOrEqual(200);
    expect(outfits).toHaveLength(60);
    for (const category of CATEGORIES) {
      expect(products.filter((p) => p.categoryId === category.id)).toHaveLength(12);
    }
    for (const occasion of OCCASIONS) {
      expect(outfits.filter((o) => o.occasionId === occasion.id).length).toBeGreaterThanOrEqual(8);
    }
    expectSequentialIds(products);
    expectSequentialIds(items);
    expectSequentialIds(outfits);
    expect(new Set(products.map((p) => p.seller)).size).toBeGreaterThanOrEqual(8);
  });

  it('gives every product 2 to 4 colours and a consistent price', () => {
    for (const product of catalog.products) {
      const variants = catalog.items.filter((i) => i.productId === product.id);
      const colors = new Set(variants.map((i) => i.color));
      expect(colors.size).toBeGreaterThanOrEqual(2);
      expect(colors.size).toBeLessThanOrEqual(4);
      expect(new Set(variants.map((i) => i.priceCents)).size).toBe(1);
      for (const item of variants) {
        expect(item.name).toBe(product.name);
        expect(item.categoryId).toBe(product.categoryId);
      }
    }
  });

  it('prices in whole cents within shop-like ranges, including some over $1,000', () => {
    for (const item of catalog.items) {
      expect(Number.isInteger(item.priceCents)).toBe(true);
      expect(item.priceCents).toBeGreaterThanOrEqual(1800);
      expect(item.priceCents).toBeLessThanOrEqual(150000);
    }
    expect(catalog.items.some((i) => i.priceCents >= 100000)).toBe(true);
  });

  it('has mostly stocked items, a few sold out and a few nearly gone', () => {
    const { items } = catalog;
    const soldOut = items.filter((i) => i.stock === 0).length / items.length;
    const low = items.filter((i) => i.stock >= 1 && i.stock <= 3).length;
    expect(soldOut).toBeGreaterThan(0.005);
    expect(soldOut).toBeLessThan(0.08);
    expect(low).toBeGreaterThan(0);
    for (const item of items) {
      expect(Number.isInteger(item.stock)).toBe(true);
      expect(item.stock).toBeGreaterThanOrEqual(0);
      expect(item.stock).toBeLessThanOrEqual(40);
    }
  });

  it('keeps names, slugs and variants unique', () => {
    const { products, items, outfits } = catalog;
    expect(duplicates(products.map((p) => p.name))).toEqual([]);
    expect(duplicates(products.map((p) => p.slug))).toEqual([]);
    expect(duplicates(outfits.map((o) => o.name))).toEqual([]);
    expect(duplicates(items.map((i) => `${i.productId}|${i.color}|${i.size}`))).toEqual([]);
    for (const product of products) {
      expect(product.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(product.description.length).toBeGreaterThan(30);
    }
  });

  it('builds every outfit from existing, in-stock items in the right categories', () => {
    const byId = new Map(catalog.items.map((i) => [i.id, i]));
    for (const outfit of catalog.outfits) {
      expect(Object.keys(outfit.items).sort()).toEqual(Object.keys(SLOT_CATEGORY).sort());
      for (const [slot, itemId] of Object.entries(outfit.items) as [Slot, number][]) {
        const item = byId.get(itemId);
        expect(item, `outfit ${outfit.id} ${slot}`).toBeDefined();
        expect(item?.stock).toBeGreaterThan(0);
        expect(item?.categoryId).toBe(SLOT_CATEGORY[slot]);
      }
      expect(outfit.description.length).toBeGreaterThan(20);
    }
  });

  it('points every item at a picture the server can decode', () => {
    const garmentOf = new Map(catalog.products.map((p) => [p.id, p.garment]));
    for (const item of catalog.items) {
      const match = IMAGE_RE.exec(item.image);
      expect(match, item.image).not.toBeNull();
      const [, garment = '', slug = ''] = match ?? [];
      expect(isGarment(garment)).toBe(true);
      expect(garment).toBe(garmentOf.get(item.productId));
      expect(colorFromSlug(slug)).toEqual({ name: item.color, hex: item.colorHex });
    }
  });

  it('rejects a scale that is not a positive integer', () => {
    expect(() => generateCatalog({ scale: 0 })).toThrow(RangeError);
    expect(() => generateCatalog({ scale: 1.5 })).toThrow(RangeError);
  });

  it('reaches benchmark size at scale 250 with unique names', () => {
    const big = generateCatalog({ scale: 250 });
    expect(big.items.length).toBeGreaterThanOrEqual(100_000);
    expect(big.outfits.length).toBeGreaterThanOrEqual(20_000);
    expect(new Set(big.outfits.map((o) => o.name)).size).toBe(big.outfits.length);
    expect(new Set(big.products.map((p) => p.name)).size).toBe(big.products.length);
    expect(new Set(big.products.map((p) => p.slug)).size).toBe(big.products.length);
    const stocked = new Set(big.items.filter((i) => i.stock > 0).map((i) => i.id));
    expect(big.outfits.every((o) => Object.values(o.items).every((id) => stocked.has(id)))).toBe(
      true,
    );
  }, 60_000);
});

describe('renderItemSvg', () => {
  it('covers all five categories with distinct garments', () => {
    expect(new Set(GARMENTS).size).toBe(GARMENTS.length);
    expect(GARMENTS.length).toBeGreaterThanOrEqual(20);
    expect(isGarment('trench')).toBe(true);
    expect(isGarment('spacesuit')).toBe(false);
  });

  it.each(GARMENTS)('draws a self-contained %s', (garment) => {
    for (const hex of ['#1d1d1f', '#f8f7f4', '#bf9462']) {
      const svg = renderItemSvg(garment, hex);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg).toContain(hex);
      expect(svg).not.toMatch(/<script|href=|url\((?!#)|@import|<text/i);
      expect(svg).not.toMatch(/NaN|undefined/);
      // Every element that opens is closed (a cheap well-formedness check without a parser).
      const opened = svg.match(/<[a-zA-Z][^>]*[^/]>/g)?.length ?? 0;
      const closed = svg.match(/<\/[a-zA-Z]+>/g)?.length ?? 0;
      expect(opened).toBe(closed);
    }
  });

  it('refuses colours that are not #rrggbb', () => {
    expect(() => renderItemSvg('tee', 'red')).toThrow(RangeError);
    expect(() => renderItemSvg('tee', '#fff"/><script>')).toThrow(RangeError);
  });
});

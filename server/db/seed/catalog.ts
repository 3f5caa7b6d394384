/**
 * Deterministic catalogue generator: products, their colour × size variants (items) and
 * ready-made outfits, made from the data in `catalog-data.ts`. No database code; the seeder
 * decides how to store it.
 *
 * Scale 1 is the shop a person browses (60 products, ~560 items, 60 outfits). Larger scales
 * repeat the product line in numbered editions and add outfits faster than products, so a
 * benchmark can reach 100k items and 20k outfits at scale 250 while every name stays unique.
 */

import { CATEGORY_ID_BY_SLOT, type Category, SLOTS, type Slot } from '../../../contracts/catalog';
import {
  type ColorName,
  colorByName,
  PALETTE,
  type PaletteColor,
} from '../../features/images/palette';
import type { Garment } from '../../features/images/pictures';
import {
  CATEGORY_NAMES,
  GARMENT_COLORS,
  LINE,
  LOOKS,
  type Look,
  NEUTRALS,
  OCCASION_GARMENTS,
  OCCASIONS,
  SIZE_PROFILES,
  STORIES,
} from './catalog-data';

// The generated shop is read with its occasions (the seeder, the feed's evaluation).
export { OCCASIONS };

/** The seeded categories, in id order: ids and slots from the contracts, names from the data. */
export const CATEGORIES: readonly Category[] = SLOTS.map((slot) => ({
  id: CATEGORY_ID_BY_SLOT[slot],
  name: CATEGORY_NAMES[slot],
  slot,
})).sort((a, b) => a.id - b.id);

export interface CatalogProduct {
  id: number;
  name: string;
  slug: string;
  categoryId: number;
  garment: Garment;
  seller: string;
  description: string;
}

export interface CatalogItem {
  id: number;
  productId: number;
  categoryId: number;
  name: string;
  color: string;
  colorHex: string;
  size: string;
  priceCents: number;
  stock: number;
  image: string;
}

export interface CatalogOutfit {
  id: number;
  name: string;
  description: string;
  occasionId: number;
  /** Item ids, one per slot. */
  items: Record<Slot, number>;
}

export interface Catalog {
  products: CatalogProduct[];
  items: CatalogItem[];
  outfits: CatalogOutfit[];
}

// ---------------------------------------------------------------------------------------------
// Randomness: mulberry32, so output depends on nothing but the options.

type Rng = () => number;

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

function pick<T>(rng: Rng, list: readonly T[]): T {
  const value = list[Math.floor(rng() * list.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

function shuffled<T>(rng: Rng, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}

// Generation

const DEFAULT_SEED = 0x0d3a9e;

function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Editions 2+ move the price a little, rounded the way a shop would ($5 steps, or $x8). */
function editionPrice(rng: Rng, base: number, edition: number): number {
  if (edition === 1) return base;
  const raw = base * (0.88 + rng() * 0.24);
  const step = raw >= 1000 ? 50 : raw >= 200 ? 10 : 5;
  let dollars = Math.max(step, Math.round(raw / step) * step);
  if (dollars < 200 && rng() < 0.4) dollars -= 2;
  return dollars;
}

/** The middle of a size run: where secondary colours are stocked. */
function coreSizes(sizes: readonly string[]): readonly string[] {
  if (sizes.length <= 3) return sizes;
  const start = Math.floor((sizes.length - 3) / 2);
  return sizes.slice(start, start + 3);
}

function colorCount(rng: Rng): number {
  const r = rng();
  return r < 0.45 ? 2 : r < 0.85 ? 3 : 4;
}

function stockLevel(rng: Rng): number {
  const r = rng();
  if (r < 0.03) return 0;
  if (r < 0.1) return intBetween(rng, 1, 3);
  return intBetween(rng, 4, 40);
}

function validScale(scale: number): number {
  if (!Number.isInteger(scale) || scale < 1) {
    throw new RangeError(`scale must be a positive integer, got ${scale}`);
  }
  return scale;
}

/**
 * The demo shop's scale (`npm start`, `npm run db:seed`): 48 looks per occasion, 240 outfits, so a
 * shopper whose taste the feed has learned within twenty swipes still has looks of it to see.
 * The tests' shop is scale 1 (60 outfits), small enough to walk whole.
 */
export const DEMO_SCALE = 3;

/** Outfits per occasion: 12 at scale 1, then 16 per scale step, so scale 250 gives 20,000. */
function looksPerOccasion(scale: number): number {
  return scale === 1 ? 12 : 16 * scale;
}

interface ItemIndex {
  /** In-stock item ids by garment, then colour. */
  byGarment: Map<Garment, Map<ColorName, number[]>>;
  garmentsBySlot: Record<Slot, Garment[]>;
  /** In-stock items by product and colour (see variantKey), to move between sizes. */
  siblings: Map<number, CatalogItem[]>;
  /** Every item, in id order (ids are 1..n). */
  items: readonly CatalogItem[];
}

const COLOR_INDEX = new Map(PALETTE.map((c, i) => [c.name, i]));

// A numeric key: string keys made the 100k-item index several times slower.
function variantKey(item: CatalogItem): number {
  return item.productId * 64 + (COLOR_INDEX.get(item.color) ?? 63);
}

function inProfileSize(index: ItemIndex, itemId: number, profile: readonly string[]): number {
  const item = index.items[itemId - 1];
  if (!item) return itemId;
  const siblings = index.siblings.get(variantKey(item)) ?? [];
  for (const size of profile) {
    const sibling = siblings.find((s) => s.size === size);
    if (sibling) return sibling.id;
  }
  return itemId;
}

function buildIndex(products: readonly CatalogProduct[], items: readonly CatalogItem[]): ItemIndex {
  const garmentOf = new Map(products.map((p) => [p.id, p.garment]));
  const byGarment = new Map<Garment, Map<ColorName, number[]>>();
  const garmentsBySlot: Record<Slot, Garment[]> = {
    outerwear: [],
    top: [],
    accessory: [],
    bottom: [],
    footwear: [],
  };
  const siblings = new Map<number, CatalogItem[]>();
  const slotOfCategory = new Map(CATEGORIES.map((c) => [c.id, c.slot]));
  for (const item of items) {
    if (item.stock <= 0) continue;
    const key = variantKey(item);
    const list = siblings.get(key);
    if (list) list.push(item);
    else siblings.set(key, [item]);
    const garment = garmentOf.get(item.productId);
    const slot = slotOfCategory.get(item.categoryId);
    if (!garment || !slot) continue;
    let colors = byGarment.get(garment);
    if (!colors) {
      colors = new Map();
      byGarment.set(garment, colors);
      garmentsBySlot[slot].push(garment);
    }
    const color = item.color as ColorName;
    const ids = colors.get(color);
    if (ids) ids.push(item.id);
    else colors.set(color, [item.id]);
  }
  return { byGarment, garmentsBySlot, siblings, items };
}

/** A uniformly random in-stock item among the given garments and colours, if any exists. */
function pickItem(
  rng: Rng,
  index: ItemIndex,
  garments: readonly Garment[],
  colors: readonly ColorName[] | undefined,
): number | undefined {
  const pools: number[][] = [];
  let total = 0;
  for (const garment of garments) {
    const byColor = index.byGarment.get(garment);
    if (!byColor) continue;
    if (colors) {
      for (const color of colors) {
        const ids = byColor.get(color);
        if (ids) {
          pools.push(ids);
          total += ids.length;
        }
      }
    } else {
      for (const ids of byColor.values()) {
        pools.push(ids);
        total += ids.length;
      }
    }
  }
  if (total === 0) return undefined;
  let n = Math.floor(rng() * total);
  for (const ids of pools) {
    if (n < ids.length) return ids[n];
    n -= ids.length;
  }
  return undefined;
}

function chooseSlotItem(
  rng: Rng,
  index: ItemIndex,
  slot: Slot,
  occasionId: number,
  look: Look,
): number {
  const preferred = look.garments?.[slot] ?? OCCASION_GARMENTS[occasionId]?.[slot] ?? [];
  const occasion = OCCASION_GARMENTS[occasionId]?.[slot] ?? [];
  const any = index.garmentsBySlot[slot];
  const story: readonly ColorName[] = STORIES[look.story][slot];
  // Loosen one constraint at a time, colour before garment: a look's description names its
  // garments but only hints at its colours.
  const tiers: [readonly Garment[], readonly ColorName[] | undefined][] = [
    [preferred, story],
    [preferred, NEUTRALS],
    [occasion, story],
    [occasion, NEUTRALS],
    [any, story],
    [preferred, undefined],
    [any, undefined],
  ];
  for (const [garments, colors] of tiers) {
    const id = pickItem(rng, index, garments, colors);
    if (id !== undefined) return id;
  }
  throw new Error(`No in-stock item for slot ${slot}`);
}

export function generateCatalog(options: { scale?: number; seed?: number } = {}): Catalog {
  const scale = validScale(options.scale ?? 1);
  const seed = options.seed ?? DEFAULT_SEED;
  const productRng = mulberry32(seed);
  // A separate stream, so that changing how outfits are picked never reshuffles the stock.
  const outfitRng = mulberry32(seed ^ 0x5bd1e995);

  const products: CatalogProduct[] = [];
  const items: CatalogItem[] = [];

  for (let edition = 1; edition <= scale; edition++) {
    for (const { id: categoryId, slot } of CATEGORIES) {
      for (const template of LINE[slot]) {
        const name = edition === 1 ? template.name : `${template.name} — Edition ${edition}`;
        const product: CatalogProduct = {
          id: products.length + 1,
          name,
          slug: slugify(name),
          categoryId,
          garment: template.garment,
          seller: template.seller,
          description: template.description,
        };
        products.push(product);

        const palette = template.colors ?? GARMENT_COLORS[template.garment];
        const count = Math.min(colorCount(productRng), palette.length);
        // Edition 1 always leads with the template's signature colour.
        const colors =
          edition === 1
            ? [
                palette[0] as ColorName,
                ...shuffled(productRng, palette.slice(1)).slice(0, count - 1),
              ]
            : shuffled(productRng, palette).slice(0, count);
        const priceCents = editionPrice(productRng, template.price, edition) * 100;

        colors.forEach((colorName, i) => {
          const color: PaletteColor = colorByName(colorName);
          const sizes = i === 0 ? template.sizes : coreSizes(template.sizes);
          for (const size of sizes) {
            items.push({
              id: items.length + 1,
              productId: product.id,
              categoryId,
              name,
              color: color.name,
              colorHex: color.hex,
              size,
              priceCents,
              stock: stockLevel(productRng),
              image: `/images/items/${template.garment}/${color.slug}.webp`,
            });
          }
        });
      }
    }
  }

  const index = buildIndex(products, items);
  const perOccasion = looksPerOccasion(scale);
  const outfits: CatalogOutfit[] = [];
  const seen = new Set<string>();

  // Round-robin across occasions so that a feed ordered by id mixes them.
  for (let k = 0; k < perOccasion; k++) {
    for (const occasion of OCCASIONS) {
      const looks = LOOKS[occasion.id] ?? [];
      const look = looks[k % looks.length];
      if (!look) continue;
      const take = Math.floor(k / looks.length) + 1;
      const profile = pick(outfitRng, SIZE_PROFILES);
      let chosen: Record<Slot, number> | undefined;
      // Retry a few times so no two outfits are the same five items.
      for (let attempt = 0; attempt < 6; attempt++) {
        const candidate = Object.fromEntries(
          SLOTS.map((slot) => {
            const id = chooseSlotItem(outfitRng, index, slot, occasion.id, look);
            return [slot, inProfileSize(index, id, profile)];
          }),
        ) as Record<Slot, number>;
        chosen = candidate;
        const key = SLOTS.map((slot) => candidate[slot]).join(',');
        if (!seen.has(key)) {
          seen.add(key);
          break;
        }
      }
      if (!chosen) continue;
      outfits.push({
        id: outfits.length + 1,
        name: take === 1 ? look.name : `${look.name} — Look ${take}`,
        description: look.description,
        occasionId: occasion.id,
        items: chosen,
      });
    }
  }

  return { products, items, outfits };
}

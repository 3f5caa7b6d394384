/**
 * The shop's colour card. Item pictures are addressed by colour slug
 * (`/images/items/{garment}/{slug}.webp`, or `.svg` for the drawing), so this list is the only place a slug can be turned
 * back into a colour; renaming or removing an entry breaks every stored image path that uses it.
 */

export interface PaletteColor {
  name: string;
  slug: string;
  hex: string;
}

const NAMED = [
  ['Black', '#1d1d1f'],
  ['White', '#f8f7f4'],
  ['Ivory', '#f3ecdc'],
  ['Cream', '#ebdfc4'],
  ['Stone', '#c8bca8'],
  ['Camel', '#bf9462'],
  ['Chocolate', '#5a3b2b'],
  ['Rust', '#b0532f'],
  ['Burgundy', '#6e2233'],
  ['Blush', '#e6b8ad'],
  ['Sage', '#a2b199'],
  ['Olive', '#6d6a3c'],
  ['Forest', '#2f4a3b'],
  ['Navy', '#1f2a45'],
  ['Denim Blue', '#4d6f8f'],
  ['Sky Blue', '#a8c3db'],
  ['Charcoal', '#3c3e43'],
  ['Heather Grey', '#a9aaab'],
] as const;

export type ColorName = (typeof NAMED)[number][0];

export function toColorSlug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

export const PALETTE: readonly PaletteColor[] = NAMED.map(([name, hex]) => ({
  name,
  slug: toColorSlug(name),
  hex,
}));

const BY_SLUG = new Map(PALETTE.map((c) => [c.slug, c]));
const BY_NAME = new Map<string, PaletteColor>(PALETTE.map((c) => [c.name, c]));

export const COLOR_SLUG_RE = /^[a-z]+(?:-[a-z]+)*$/;

export function colorFromSlug(slug: string): { name: string; hex: string } | undefined {
  const color = BY_SLUG.get(slug);
  return color ? { name: color.name, hex: color.hex } : undefined;
}

export function colorByName(name: ColorName): PaletteColor {
  const color = BY_NAME.get(name);
  if (!color) throw new Error(`Unknown colour ${name}`);
  return color;
}

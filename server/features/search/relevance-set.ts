/**
 * What shoppers type on the demo shop (the scale-1 catalogue) and what they meant by it: for
 * each query, which pieces (or outfits) are a right answer. Judged by what a piece is (its
 * garment, colour, brand, name), not by the words search looks at, so a search that reads a
 * word wrongly scores low. `relevance.test.ts` runs the set and holds search to its floors.
 */

export interface JudgedPiece {
  name: string;
  garment: string;
  color: string;
  seller: string;
}

export interface JudgedOutfit {
  name: string;
  occasion: string;
  pieces: JudgedPiece[];
}

const garment =
  (...garments: string[]) =>
  (p: JudgedPiece) =>
    garments.includes(p.garment);
const coloured =
  (colours: string[], ...garments: string[]) =>
  (p: JudgedPiece) =>
    colours.includes(p.color) && (garments.length === 0 || garments.includes(p.garment));
const named = (word: RegExp) => (p: JudgedPiece) => word.test(p.name);
const brand = (seller: string) => (p: JudgedPiece) => p.seller === seller;

const GREYS = ['Heather Grey', 'Charcoal'];
const BROWNS = ['Chocolate', 'Camel'];
const GREENS = ['Sage', 'Olive', 'Forest'];
const BLUES = ['Navy', 'Denim Blue', 'Sky Blue'];
const REDS = ['Burgundy', 'Rust'];
const COATS = ['overcoat', 'trench', 'puffer'];
const JACKETS = ['denim-jacket', 'leather-jacket', 'puffer', 'blazer'];

export const PIECE_QUERIES: readonly { q: string; meant: (p: JudgedPiece) => boolean }[] = [
  // Plurals and singulars.
  { q: 'boots', meant: garment('boot') },
  { q: 'boot', meant: garment('boot') },
  { q: 'sneakers', meant: garment('sneaker') },
  { q: 'scarves', meant: garment('scarf') },
  { q: 'loafers', meant: garment('loafer') },
  { q: 'sandals', meant: garment('sandal') },
  { q: 'hoodies', meant: garment('hoodie') },
  { q: 'skirts', meant: garment('skirt') },
  { q: 'blouses', meant: garment('blouse') },
  { q: 'belts', meant: garment('belt') },
  { q: 'totes', meant: garment('tote') },
  { q: 'beanies', meant: garment('beanie') },
  // Other names, British and American.
  { q: 'trainers', meant: garment('sneaker') },
  { q: 'kicks', meant: garment('sneaker') },
  { q: 'jumper', meant: garment('sweater') },
  { q: 'jumpers', meant: garment('sweater') },
  { q: 'sweater', meant: garment('sweater') },
  { q: 'knitwear', meant: garment('sweater') },
  { q: 'pants', meant: garment('trousers', 'jeans', 'joggers') },
  { q: 'trousers', meant: garment('trousers') },
  { q: 't-shirt', meant: garment('tee') },
  { q: 'tshirt', meant: garment('tee') },
  { q: 'tees', meant: garment('tee') },
  { q: 'sweatshirt', meant: garment('hoodie') },
  { q: 'sweatpants', meant: garment('joggers') },
  { q: 'heels', meant: garment('heel') },
  { q: 'pumps', meant: garment('heel') },
  { q: 'raincoat', meant: garment('trench') },
  { q: 'parka', meant: garment('puffer') },
  { q: 'shades', meant: garment('sunglasses') },
  { q: 'handbag', meant: garment('tote', 'crossbody') },
  { q: 'hats', meant: garment('cap', 'beanie') },
  { q: 'cami', meant: garment('tank') },
  { q: 'coats', meant: garment(...COATS) },
  { q: 'jackets', meant: garment(...JACKETS) },
  { q: 'shoes', meant: garment('sneaker', 'boot', 'loafer', 'heel', 'sandal') },
  // Colours, alone and with a garment.
  { q: 'red', meant: coloured(REDS) },
  { q: 'black', meant: coloured(['Black']) },
  { q: 'navy', meant: coloured(['Navy']) },
  { q: 'grey', meant: coloured(GREYS) },
  { q: 'green', meant: coloured(GREENS) },
  { q: 'blue', meant: coloured(BLUES) },
  { q: 'black boots', meant: coloured(['Black'], 'boot') },
  { q: 'brown boots', meant: coloured(BROWNS, 'boot') },
  { q: 'navy blazer', meant: coloured(['Navy'], 'blazer') },
  { q: 'white sneakers', meant: coloured(['White'], 'sneaker') },
  { q: 'grey joggers', meant: coloured(GREYS, 'joggers') },
  { q: 'camel coat', meant: coloured(['Camel'], ...COATS) },
  { q: 'black leather jacket', meant: coloured(['Black'], 'leather-jacket') },
  // Two words that are one garment, and materials.
  { q: 'leather jackets', meant: garment('leather-jacket') },
  { q: 'denim jacket', meant: garment('denim-jacket') },
  { q: 'tank top', meant: garment('tank') },
  { q: 'silk blouse', meant: (p) => p.garment === 'blouse' && /silk/i.test(p.name) },
  { q: 'cashmere', meant: named(/cashmere/i) },
  { q: 'linen', meant: named(/linen/i) },
  // Brands.
  { q: 'corvo', meant: brand('Corvo Calzature') },
  { q: 'tidewater', meant: brand('Tidewater Denim') },
  { q: 'maison verlaine', meant: brand('Maison Verlaine') },
  // Typos.
  { q: 'jakcet', meant: garment(...JACKETS) },
  { q: 'sweter', meant: garment('sweater') },
  { q: 'sneakres', meant: garment('sneaker') },
  { q: 'blazr', meant: garment('blazer') },
  // A word still being typed.
  { q: 'blaz', meant: garment('blazer') },
  { q: 'sneak', meant: garment('sneaker') },
  { q: 'cardig', meant: () => false },
];

export const OUTFIT_QUERIES: readonly { q: string; meant: (o: JudgedOutfit) => boolean }[] = [
  { q: 'trench', meant: (o) => o.pieces.some(garment('trench')) },
  { q: 'white sneakers', meant: (o) => o.pieces.some(coloured(['White'], 'sneaker')) },
  { q: 'brunch', meant: (o) => o.occasion === 'Brunch' },
  { q: 'date night', meant: (o) => o.occasion === 'Date Night' },
  { q: 'airport', meant: (o) => o.occasion === 'Airport' },
  { q: 'lisbon', meant: (o) => /lisbon/i.test(o.name) },
  { q: 'black boots', meant: (o) => o.pieces.some(coloured(['Black'], 'boot')) },
  { q: 'leather jacket', meant: (o) => o.pieces.some(garment('leather-jacket')) },
];

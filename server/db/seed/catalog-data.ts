/**
 * The demo shop's catalogue as data: the product line, the colours each garment comes in, the
 * colour stories and looks outfits are drawn from, and the occasions. `catalog.ts` turns it
 * into products, items and outfits; nothing here runs.
 */

import type { Occasion, Slot } from '../../../contracts/catalog';
import type { ColorName } from '../../features/images/palette';
import type { Garment } from '../../features/images/pictures';

/** Category names by slot; their ids come from the contracts (CATEGORY_ID_BY_SLOT). */
export const CATEGORY_NAMES: Record<Slot, string> = {
  top: 'Tops',
  bottom: 'Bottoms',
  footwear: 'Footwear',
  outerwear: 'Outerwear',
  accessory: 'Accessories',
};

export const OCCASIONS: readonly Occasion[] = [
  { id: 1, name: 'Airport' },
  { id: 2, name: 'Brunch' },
  { id: 3, name: 'Casual' },
  { id: 4, name: 'Date Night' },
  { id: 5, name: 'Work' },
];

const SELLERS = {
  halden: 'Halden & Pike',
  verlaine: 'Maison Verlaine',
  tidewater: 'Tidewater Denim',
  kestrel: 'Kestrel Outdoor',
  fieldnote: 'Fieldnote Supply',
  corvo: 'Corvo Calzature',
  lumen: 'Studio Lumen',
  ashgrove: 'Ashgrove Mills',
  saltmarsh: 'Saltmarsh & Co.',
  brume: 'Atelier Brume',
} as const;

const APPAREL = ['XS', 'S', 'M', 'L', 'XL'] as const;
const WAIST = ['26', '28', '30', '32', '34', '36'] as const;
const SHOE_SMALL = ['EU 36', 'EU 37', 'EU 38', 'EU 39', 'EU 40', 'EU 41'] as const;
const SHOE_WIDE = ['EU 38', 'EU 39', 'EU 40', 'EU 41', 'EU 42', 'EU 43', 'EU 44', 'EU 45'] as const;
const ONE_SIZE = ['One Size'] as const;
const BELT = ['S', 'M', 'L'] as const;

/** Colours each garment is plausibly made in; the first is the one a shop would lead with. */
export const GARMENT_COLORS: Record<Garment, readonly ColorName[]> = {
  trench: ['Camel', 'Stone', 'Black', 'Navy', 'Olive', 'Cream'],
  overcoat: ['Camel', 'Charcoal', 'Black', 'Navy', 'Heather Grey', 'Forest', 'Burgundy'],
  puffer: ['Black', 'Navy', 'Olive', 'Cream', 'Rust', 'Forest', 'Charcoal', 'Sage'],
  'denim-jacket': ['Denim Blue', 'Black', 'Ivory', 'Stone', 'Sky Blue'],
  blazer: ['Navy', 'Black', 'Charcoal', 'Camel', 'Cream', 'Burgundy', 'Stone'],
  'leather-jacket': ['Black', 'Chocolate', 'Burgundy', 'Camel', 'Olive'],
  tee: ['White', 'Black', 'Heather Grey', 'Navy', 'Sage', 'Blush', 'Ivory', 'Olive', 'Rust'],
  shirt: ['White', 'Sky Blue', 'Ivory', 'Navy', 'Stone', 'Sage', 'Black'],
  blouse: ['Ivory', 'Blush', 'Black', 'Burgundy', 'Sage', 'White', 'Sky Blue'],
  sweater: ['Cream', 'Camel', 'Navy', 'Forest', 'Heather Grey', 'Charcoal', 'Burgundy', 'Rust'],
  hoodie: ['Heather Grey', 'Black', 'Navy', 'Sage', 'Cream', 'Olive', 'Forest'],
  tank: ['White', 'Black', 'Ivory', 'Blush', 'Sage', 'Burgundy'],
  jeans: ['Denim Blue', 'Black', 'Ivory', 'Stone', 'Charcoal', 'Sky Blue'],
  trousers: ['Black', 'Navy', 'Charcoal', 'Stone', 'Camel', 'Ivory', 'Olive', 'Heather Grey'],
  skirt: ['Black', 'Ivory', 'Camel', 'Burgundy', 'Sage', 'Navy', 'Blush'],
  shorts: ['Stone', 'Navy', 'Olive', 'Ivory', 'Denim Blue', 'Sage'],
  joggers: ['Heather Grey', 'Black', 'Navy', 'Olive', 'Charcoal', 'Cream'],
  sneaker: ['White', 'Black', 'Ivory', 'Navy', 'Stone'],
  boot: ['Black', 'Chocolate', 'Camel', 'Stone'],
  loafer: ['Black', 'Chocolate', 'Burgundy', 'Camel', 'Navy'],
  heel: ['Black', 'Burgundy', 'Blush', 'Camel', 'Ivory', 'Navy'],
  sandal: ['Camel', 'Black', 'Chocolate', 'Ivory', 'Stone'],
  tote: ['Camel', 'Black', 'Chocolate', 'Cream', 'Stone', 'Navy'],
  crossbody: ['Black', 'Camel', 'Chocolate', 'Burgundy', 'Stone', 'Navy'],
  cap: ['Navy', 'Black', 'Stone', 'Olive', 'Cream', 'Forest'],
  beanie: ['Charcoal', 'Cream', 'Rust', 'Forest', 'Navy', 'Black', 'Heather Grey'],
  scarf: ['Camel', 'Cream', 'Burgundy', 'Heather Grey', 'Forest', 'Navy', 'Rust'],
  sunglasses: ['Black', 'Chocolate', 'Camel', 'Ivory'],
  belt: ['Black', 'Chocolate', 'Camel', 'Burgundy'],
};

export interface ProductTemplate {
  name: string;
  garment: Garment;
  seller: string;
  /** Whole dollars at edition 1; later editions vary around it. */
  price: number;
  sizes: readonly string[];
  description: string;
  /** Overrides GARMENT_COLORS where the product's material limits the colours. */
  colors?: readonly ColorName[];
}

/** The product line by slot; generated in category id order, each slot in this order. */
export const LINE: Record<Slot, readonly ProductTemplate[]> = {
  top: [
    {
      name: 'Organic Cotton Crew Tee',
      garment: 'tee',
      seller: SELLERS.fieldnote,
      price: 28,
      sizes: APPAREL,
      description:
        'A midweight crew in GOTS-certified organic cotton with a tidy ribbed neck. Cut straight ' +
        'so it sits well on its own or under a jacket.',
    },
    {
      name: 'Heavyweight Boxy Tee',
      garment: 'tee',
      seller: SELLERS.lumen,
      price: 45,
      sizes: APPAREL,
      description:
        'Dense 240 gsm jersey in a cropped, boxy shape with dropped shoulders. Garment-dyed for ' +
        'a soft, lived-in hand from the first wear.',
    },
    {
      name: 'Linen Camp-Collar Shirt',
      garment: 'shirt',
      seller: SELLERS.saltmarsh,
      price: 78,
      sizes: APPAREL,
      colors: ['White', 'Ivory', 'Sky Blue', 'Sage', 'Stone', 'Navy'],
      description:
        'Breezy European linen with an open camp collar and a straight hem made to be worn ' +
        'untucked. Gets softer with every wash.',
    },
    {
      name: 'Oxford Button-Down Shirt',
      garment: 'shirt',
      seller: SELLERS.halden,
      price: 69,
      sizes: APPAREL,
      description:
        'Classic cotton oxford cloth with a soft-roll button-down collar and a single chest ' +
        'pocket. Smart enough for the office, easy enough for the weekend.',
    },
    {
      name: 'Washed Silk Blouse',
      garment: 'blouse',
      seller: SELLERS.verlaine,
      price: 145,
      sizes: APPAREL,
      description:
        'Sand-washed silk with a fluid drape, gathered sleeves and a neck tie that can be bowed ' +
        'or left loose. Hand wash cold.',
    },
    {
      name: 'Poplin Puff-Sleeve Blouse',
      garment: 'blouse',
      seller: SELLERS.verlaine,
      price: 88,
      sizes: APPAREL,
      description:
        'Crisp cotton poplin with softly gathered puff sleeves and elasticated cuffs. Pairs ' +
        'easily with denim or a midi skirt.',
    },
    {
      name: 'Merino Crewneck Sweater',
      garment: 'sweater',
      seller: SELLERS.ashgrove,
      price: 118,
      sizes: APPAREL,
      description:
        'Extra-fine Italian merino knitted into a light, breathable crewneck. Warm without ' +
        'bulk and naturally odour resistant.',
    },
    {
      name: 'Cable-Knit Fisherman Sweater',
      garment: 'sweater',
      seller: SELLERS.ashgrove,
      price: 148,
      sizes: APPAREL,
      description:
        'A chunky fisherman knit in British wool with traditional cables down the front. Ribbed ' +
        'cuffs and hem keep its shape season after season.',
    },
    {
      name: 'Loopback Fleece Hoodie',
      garment: 'hoodie',
      seller: SELLERS.fieldnote,
      price: 85,
      sizes: APPAREL,
      description:
        'Heavy loopback cotton fleece with a double-layer hood, flat drawcords and a roomy ' +
        'kangaroo pocket.',
    },
    {
      name: 'Brushed Cotton Travel Hoodie',
      garment: 'hoodie',
      seller: SELLERS.kestrel,
      price: 72,
      sizes: APPAREL,
      description:
        'Brushed on the inside for warmth and cut a little longer for cover on the move. Folds ' +
        'small enough for a carry-on.',
    },
    {
      name: 'Ribbed Scoop-Neck Tank',
      garment: 'tank',
      seller: SELLERS.lumen,
      price: 22,
      sizes: APPAREL,
      description:
        'A close-fitting rib tank in stretch cotton with a low scoop neck. The layering piece ' +
        'you will reach for all summer.',
    },
    {
      name: 'Satin Slip Cami',
      garment: 'tank',
      seller: SELLERS.verlaine,
      price: 95,
      sizes: APPAREL,
      colors: ['Black', 'Ivory', 'Blush', 'Burgundy', 'Sage'],
      description:
        'Liquid-soft satin with a bias cut that skims rather than clings. Wear it alone on warm ' +
        'evenings or under a blazer.',
    },
  ],
  bottom: [
    {
      name: 'High-Rise Wide-Leg Jeans',
      garment: 'jeans',
      seller: SELLERS.tidewater,
      price: 118,
      sizes: WAIST,
      description:
        'Rigid 13 oz denim with a high rise and a wide leg that falls straight to the floor. ' +
        'Breaks in beautifully over time.',
    },
    {
      name: 'Straight-Leg Selvedge Jeans',
      garment: 'jeans',
      seller: SELLERS.tidewater,
      price: 165,
      sizes: WAIST,
      colors: ['Denim Blue', 'Black', 'Charcoal', 'Ivory'],
      description:
        'Japanese selvedge denim woven on vintage shuttle looms, cut with a mid rise and a ' +
        'classic straight leg. Copper rivets and a button fly.',
    },
    {
      name: 'Relaxed Tapered Jeans',
      garment: 'jeans',
      seller: SELLERS.tidewater,
      price: 98,
      sizes: WAIST,
      description:
        'Roomy through the seat and thigh, tapering to a neat ankle. Cotton with a touch of ' +
        'stretch for all-day comfort.',
    },
    {
      name: 'Pleated Wool Trousers',
      garment: 'trousers',
      seller: SELLERS.halden,
      price: 155,
      sizes: WAIST,
      colors: ['Charcoal', 'Navy', 'Black', 'Camel', 'Heather Grey', 'Stone'],
      description:
        'Tropical-weight wool with double forward pleats and a pressed crease. Tailored at the ' +
        'waist, easy through the leg.',
    },
    {
      name: 'Tailored Cigarette Trousers',
      garment: 'trousers',
      seller: SELLERS.brume,
      price: 128,
      sizes: APPAREL,
      description:
        'A slim, cropped trouser in crease-resistant stretch twill with a flat front and ' +
        'slanted pockets. Travels well and always looks pressed.',
    },
    {
      name: 'Linen Drawstring Trousers',
      garment: 'trousers',
      seller: SELLERS.saltmarsh,
      price: 89,
      sizes: APPAREL,
      colors: ['Ivory', 'Stone', 'Olive', 'Black', 'Navy'],
      description:
        'Washed linen with a soft drawstring waist and a relaxed straight leg. Made for long ' +
        'lunches and warm evenings.',
    },
    {
      name: 'Satin Midi Slip Skirt',
      garment: 'skirt',
      seller: SELLERS.verlaine,
      price: 110,
      sizes: APPAREL,
      description:
        'A bias-cut satin skirt that moves with you, finished at a flattering midi length. ' +
        'Dress it up with heels or down with a knit.',
    },
    {
      name: 'Pleated A-Line Midi Skirt',
      garment: 'skirt',
      seller: SELLERS.brume,
      price: 98,
      sizes: APPAREL,
      description:
        'Soft pressed pleats fall from a neat waistband into a swingy A-line. Fully lined, with ' +
        'a concealed side zip.',
    },
    {
      name: 'Cotton Twill Chino Shorts',
      garment: 'shorts',
      seller: SELLERS.halden,
      price: 58,
      sizes: WAIST,
      description:
        'Garment-dyed cotton twill with a 7-inch inseam and a clean flat front. Roll the hem ' +
        'once for a sharper line.',
    },
    {
      name: 'Linen Pull-On Shorts',
      garment: 'shorts',
      seller: SELLERS.saltmarsh,
      price: 52,
      sizes: APPAREL,
      description:
        'Lightweight linen with an elasticated waist and deep side pockets. The easiest thing ' +
        'to pack for a beach weekend.',
    },
    {
      name: 'Tapered Fleece Joggers',
      garment: 'joggers',
      seller: SELLERS.fieldnote,
      price: 68,
      sizes: APPAREL,
      description:
        'Brushed-back cotton fleece with a drawcord waist, deep pockets and ribbed cuffs that ' +
        'stop at the ankle.',
    },
    {
      name: 'Cashmere Lounge Joggers',
      garment: 'joggers',
      seller: SELLERS.brume,
      price: 240,
      sizes: APPAREL,
      colors: ['Heather Grey', 'Cream', 'Charcoal', 'Navy', 'Black'],
      description:
        'Pure Mongolian cashmere knitted into a relaxed jogger. Unreasonably soft, and ' +
        'respectable enough for a long-haul flight.',
    },
  ],
  footwear: [
    {
      name: 'Court Leather Sneaker',
      garment: 'sneaker',
      seller: SELLERS.corvo,
      price: 135,
      sizes: SHOE_WIDE,
      description:
        'A minimal low-top in full-grain calf leather on a stitched rubber cupsole. Leather ' +
        'lined and made in Portugal.',
    },
    {
      name: 'Retro Suede Runner',
      garment: 'sneaker',
      seller: SELLERS.fieldnote,
      price: 110,
      sizes: SHOE_WIDE,
      description:
        'A seventies running silhouette in soft suede and nylon with a cushioned EVA midsole. ' +
        'Light enough for a full day on foot.',
    },
    {
      name: 'Canvas Low-Top Sneaker',
      garment: 'sneaker',
      seller: SELLERS.saltmarsh,
      price: 65,
      sizes: SHOE_WIDE,
      description:
        'Heavy cotton canvas on a vulcanised rubber sole. Simple, durable and better with ' +
        'every scuff.',
    },
    {
      name: 'Leather Chelsea Boot',
      garment: 'boot',
      seller: SELLERS.corvo,
      price: 225,
      sizes: SHOE_WIDE,
      description:
        'Polished calf leather with elastic side gussets, a pull tab and a Goodyear-welted ' +
        'sole that can be resoled for years.',
    },
    {
      name: 'Suede Ankle Boot',
      garment: 'boot',
      seller: SELLERS.verlaine,
      price: 190,
      sizes: SHOE_SMALL,
      description:
        'Water-repellent suede on a low stacked heel, with a gently rounded toe. Wears as ' +
        'easily with jeans as with a midi skirt.',
    },
    {
      name: 'Shearling-Lined Winter Boot',
      garment: 'boot',
      seller: SELLERS.kestrel,
      price: 285,
      sizes: SHOE_WIDE,
      colors: ['Chocolate', 'Black', 'Camel', 'Stone'],
      description:
        'Waxed leather lined with real shearling and set on a grippy lug sole. Built for ' +
        'icy pavements and long airport walks.',
    },
    {
      name: 'Polished Penny Loafer',
      garment: 'loafer',
      seller: SELLERS.corvo,
      price: 195,
      sizes: SHOE_WIDE,
      description:
        'A hand-sewn moccasin-toe loafer in polished leather with the classic penny strap. ' +
        'Leather sole with a rubber heel tip.',
    },
    {
      name: 'Soft Suede Driving Loafer',
      garment: 'loafer',
      seller: SELLERS.halden,
      price: 145,
      sizes: SHOE_WIDE,
      description:
        'Unlined suede that needs no breaking in, on a flexible sole. Slip them on without ' +
        'socks from spring to autumn.',
    },
    {
      name: 'Pointed-Toe Leather Pump',
      garment: 'heel',
      seller: SELLERS.verlaine,
      price: 165,
      sizes: SHOE_SMALL,
      description:
        'A sleek pointed pump on an 85 mm heel, with a padded footbed that makes the evening ' +
        'last longer.',
    },
    {
      name: 'Block-Heel Slingback',
      garment: 'heel',
      seller: SELLERS.corvo,
      price: 148,
      sizes: SHOE_SMALL,
      description:
        'A walkable 55 mm block heel with an adjustable slingback strap. Smart enough for the ' +
        'office and comfortable enough for the commute.',
    },
    {
      name: 'Strappy Leather Sandal',
      garment: 'sandal',
      seller: SELLERS.saltmarsh,
      price: 95,
      sizes: SHOE_SMALL,
      description:
        'Vegetable-tanned leather straps on a moulded footbed, with a buckled ankle strap. ' +
        'They shape to your foot over the summer.',
    },
    {
      name: 'Woven Slide Sandal',
      garment: 'sandal',
      seller: SELLERS.lumen,
      price: 78,
      sizes: SHOE_SMALL,
      description:
        'Hand-woven leather bands on a cushioned cork footbed. Easy on, easy off, and good ' +
        'for a whole day of walking.',
    },
  ],
  outerwear: [
    {
      name: 'Harbour Wool Trench',
      garment: 'trench',
      seller: SELLERS.brume,
      price: 385,
      sizes: APPAREL,
      description:
        'A double-breasted trench in water-repellent wool gabardine with storm flap, epaulettes ' +
        'and a self-tie belt. Fully lined.',
    },
    {
      name: 'Cotton Gabardine Trench',
      garment: 'trench',
      seller: SELLERS.halden,
      price: 295,
      sizes: APPAREL,
      description:
        'The classic mid-length trench in tightly woven cotton gabardine, with buckled cuffs ' +
        'and a belt that cinches the waist.',
    },
    {
      name: 'Recycled Down Puffer',
      garment: 'puffer',
      seller: SELLERS.kestrel,
      price: 245,
      sizes: APPAREL,
      description:
        'Filled with 700-fill recycled down in baffled channels, under a wind- and ' +
        'water-resistant shell. Warm to well below freezing.',
    },
    {
      name: 'Lightweight Packable Puffer',
      garment: 'puffer',
      seller: SELLERS.fieldnote,
      price: 149,
      sizes: APPAREL,
      description:
        'A featherlight quilted jacket that packs into its own pocket. The layer that lives in ' +
        'your carry-on.',
    },
    {
      name: 'Classic Rigid Denim Jacket',
      garment: 'denim-jacket',
      seller: SELLERS.tidewater,
      price: 128,
      sizes: APPAREL,
      description:
        'A trucker jacket in rigid 14 oz denim with pointed chest flaps, contrast stitching and ' +
        'adjustable waist tabs.',
    },
    {
      name: 'Cropped Trucker Jacket',
      garment: 'denim-jacket',
      seller: SELLERS.tidewater,
      price: 110,
      sizes: APPAREL,
      description:
        'A boxier, slightly cropped take on the trucker that sits neatly over dresses and ' +
        'high-rise trousers.',
    },
    {
      name: 'Single-Breasted Wool Blazer',
      garment: 'blazer',
      seller: SELLERS.halden,
      price: 245,
      sizes: APPAREL,
      description:
        'Half-canvassed Italian wool with notch lapels, two buttons and flap pockets. Sharp ' +
        'shoulders, soft construction.',
    },
    {
      name: 'Relaxed Linen Blazer',
      garment: 'blazer',
      seller: SELLERS.saltmarsh,
      price: 210,
      sizes: APPAREL,
      colors: ['Stone', 'Navy', 'Cream', 'Black', 'Camel'],
      description:
        'An unstructured linen blazer with flap pockets and a slightly longer cut. ' +
        'Throw it on over a tee and you are dressed.',
    },
    {
      name: 'Lambskin Biker Jacket',
      garment: 'leather-jacket',
      seller: SELLERS.corvo,
      price: 1180,
      sizes: APPAREL,
      description:
        'Butter-soft Italian lambskin in the classic asymmetric biker cut, with silver-tone ' +
        'zips, snap lapels and a buckled belt.',
    },
    {
      name: 'Washed Leather Moto Jacket',
      garment: 'leather-jacket',
      seller: SELLERS.fieldnote,
      price: 495,
      sizes: APPAREL,
      description:
        'Vegetable-tanned leather, washed for a broken-in look from day one. Zipped cuffs and ' +
        'a quilted lining.',
    },
    {
      name: 'Double-Faced Cashmere Overcoat',
      garment: 'overcoat',
      seller: SELLERS.brume,
      price: 1450,
      sizes: APPAREL,
      colors: ['Camel', 'Charcoal', 'Navy', 'Black', 'Heather Grey'],
      description:
        'Hand-finished double-faced cashmere, so light it feels unlined. A long single-breasted ' +
        'coat to wear for a decade.',
    },
    {
      name: 'Wool-Blend Car Coat',
      garment: 'overcoat',
      seller: SELLERS.halden,
      price: 320,
      sizes: APPAREL,
      description:
        'A thigh-length coat in a dense wool blend with notch lapels and flap pockets. Warm ' +
        'enough for winter, neat enough for the office.',
    },
  ],
  accessory: [
    {
      name: 'Canvas Weekender Tote',
      garment: 'tote',
      seller: SELLERS.saltmarsh,
      price: 85,
      sizes: ONE_SIZE,
      description:
        'A roomy tote in 18 oz waxed canvas with leather handles and an inside zip pocket. ' +
        'Fits a laptop and a change of clothes.',
    },
    {
      name: 'Structured Leather Tote',
      garment: 'tote',
      seller: SELLERS.corvo,
      price: 1050,
      sizes: ONE_SIZE,
      colors: ['Black', 'Camel', 'Chocolate', 'Burgundy', 'Stone'],
      description:
        'Hand-stitched in Florence from full-grain calf, with reinforced handles and a suede ' +
        'lined interior. Holds its shape for years.',
    },
    {
      name: 'Mini Leather Crossbody',
      garment: 'crossbody',
      seller: SELLERS.verlaine,
      price: 165,
      sizes: ONE_SIZE,
      description:
        'A compact flap bag with a brass turn-lock and an adjustable strap. Room for a phone, ' +
        'cards and keys.',
    },
    {
      name: 'Nylon Travel Crossbody',
      garment: 'crossbody',
      seller: SELLERS.kestrel,
      price: 58,
      sizes: ONE_SIZE,
      colors: ['Black', 'Navy', 'Olive', 'Stone', 'Camel'],
      description:
        'Water-resistant recycled nylon with a passport pocket and a quick-adjust strap. Keeps ' +
        'essentials close on the move.',
    },
    {
      name: 'Washed Cotton Baseball Cap',
      garment: 'cap',
      seller: SELLERS.fieldnote,
      price: 32,
      sizes: ONE_SIZE,
      description:
        'A soft six-panel cap in washed cotton twill with a curved brim and an adjustable ' +
        'back strap.',
    },
    {
      name: 'Wool-Blend Six-Panel Cap',
      garment: 'cap',
      seller: SELLERS.kestrel,
      price: 38,
      sizes: ONE_SIZE,
      description:
        'Warmer than cotton, with a brushed wool-blend crown and a stiff brim. For cold ' +
        'mornings and grey afternoons.',
    },
    {
      name: 'Ribbed Merino Beanie',
      garment: 'beanie',
      seller: SELLERS.ashgrove,
      price: 42,
      sizes: ONE_SIZE,
      description:
        'Fine-gauge merino rib with a deep turn-up, knitted in Scotland. Warm, breathable and ' +
        'never itchy.',
    },
    {
      name: 'Oversized Wool Scarf',
      garment: 'scarf',
      seller: SELLERS.ashgrove,
      price: 95,
      sizes: ONE_SIZE,
      description:
        'A generous lambswool scarf with fringed ends, long enough to wrap twice. Woven on a ' +
        'century-old mill in the Borders.',
    },
    {
      name: 'Cashmere Blanket Scarf',
      garment: 'scarf',
      seller: SELLERS.brume,
      price: 220,
      sizes: ONE_SIZE,
      description:
        'Pure cashmere woven into a wide, blanket-weight scarf. Doubles as a wrap on chilly ' +
        'flights.',
    },
    {
      name: 'Acetate Round Sunglasses',
      garment: 'sunglasses',
      seller: SELLERS.lumen,
      price: 145,
      sizes: ONE_SIZE,
      description:
        'Hand-polished Italian acetate frames with polarised, UV400 lenses and five-barrel ' +
        'hinges. Comes with a leather case.',
    },
    {
      name: 'Squared Cat-Eye Sunglasses',
      garment: 'sunglasses',
      seller: SELLERS.verlaine,
      price: 160,
      sizes: ONE_SIZE,
      description:
        'A bold, slightly lifted frame in thick acetate with gradient lenses. Full UV ' +
        'protection and a scratch-resistant coating.',
    },
    {
      name: 'Leather Trouser Belt',
      garment: 'belt',
      seller: SELLERS.halden,
      price: 68,
      sizes: BELT,
      description:
        'A 30 mm belt in bridle leather with a solid brass buckle. Edges burnished and painted ' +
        'by hand.',
    },
  ],
};

export type SlotColors = Record<Slot, readonly ColorName[]>;

/** Colour stories: an outfit draws each slot from its story so the five pieces go together. */
export const STORIES = {
  neutrals: {
    outerwear: ['Camel', 'Stone', 'Cream'],
    top: ['Ivory', 'White', 'Cream', 'Stone'],
    accessory: ['Chocolate', 'Camel', 'Stone'],
    bottom: ['Stone', 'Cream', 'Ivory', 'Denim Blue'],
    footwear: ['Chocolate', 'White', 'Camel', 'Stone'],
  },
  monochrome: {
    outerwear: ['Black', 'Charcoal'],
    top: ['White', 'Black', 'Heather Grey'],
    accessory: ['Black', 'Charcoal'],
    bottom: ['Black', 'Charcoal'],
    footwear: ['Black', 'White'],
  },
  nautical: {
    outerwear: ['Navy', 'Camel'],
    top: ['Ivory', 'White', 'Sky Blue'],
    accessory: ['Chocolate', 'Navy', 'Camel'],
    bottom: ['Navy', 'Stone', 'Ivory'],
    footwear: ['Chocolate', 'Navy', 'White'],
  },
  earth: {
    outerwear: ['Olive', 'Rust', 'Chocolate', 'Camel'],
    top: ['Cream', 'Ivory', 'Rust'],
    accessory: ['Chocolate', 'Camel', 'Olive'],
    bottom: ['Denim Blue', 'Olive', 'Stone'],
    footwear: ['Chocolate', 'Camel'],
  },
  greys: {
    outerwear: ['Charcoal', 'Heather Grey', 'Black'],
    top: ['White', 'Sky Blue', 'Heather Grey'],
    accessory: ['Black', 'Charcoal'],
    bottom: ['Charcoal', 'Heather Grey', 'Black'],
    footwear: ['Black', 'Chocolate', 'White'],
  },
  pastel: {
    outerwear: ['Denim Blue', 'Stone', 'Sage', 'Cream'],
    top: ['Blush', 'Sage', 'White', 'Sky Blue'],
    accessory: ['Camel', 'Cream', 'Stone'],
    bottom: ['Ivory', 'Denim Blue', 'White', 'Stone'],
    footwear: ['White', 'Camel', 'Blush', 'Ivory'],
  },
  evening: {
    outerwear: ['Black', 'Burgundy', 'Charcoal'],
    top: ['Burgundy', 'Black', 'Ivory'],
    accessory: ['Black', 'Burgundy'],
    bottom: ['Black', 'Charcoal'],
    footwear: ['Black', 'Burgundy'],
  },
  autumn: {
    outerwear: ['Forest', 'Olive', 'Camel', 'Chocolate'],
    top: ['Cream', 'Ivory', 'Forest', 'Rust'],
    accessory: ['Chocolate', 'Camel', 'Rust'],
    bottom: ['Denim Blue', 'Chocolate', 'Stone'],
    footwear: ['Chocolate', 'Camel', 'Black'],
  },
  travel: {
    outerwear: ['Black', 'Navy', 'Olive', 'Charcoal'],
    top: ['Heather Grey', 'White', 'Black', 'Navy'],
    accessory: ['Black', 'Navy', 'Charcoal'],
    bottom: ['Black', 'Charcoal', 'Heather Grey', 'Navy'],
    footwear: ['White', 'Black'],
  },
  denim: {
    outerwear: ['Denim Blue', 'Stone', 'Camel'],
    top: ['White', 'Ivory', 'Sky Blue', 'Navy'],
    accessory: ['Camel', 'Chocolate', 'Black'],
    bottom: ['Denim Blue'],
    footwear: ['White', 'Black', 'Chocolate'],
  },
} satisfies Record<string, SlotColors>;

export type Story = keyof typeof STORIES;

export const NEUTRALS: readonly ColorName[] = [
  'Black',
  'White',
  'Ivory',
  'Cream',
  'Stone',
  'Camel',
  'Navy',
  'Charcoal',
  'Heather Grey',
  'Denim Blue',
  'Chocolate',
];

export type SlotGarments = Record<Slot, readonly Garment[]>;

/** What each occasion reaches for when a look does not say otherwise. */
export const OCCASION_GARMENTS: Record<number, SlotGarments> = {
  1: {
    outerwear: ['puffer', 'denim-jacket', 'overcoat'],
    top: ['hoodie', 'tee', 'sweater'],
    accessory: ['crossbody', 'tote', 'cap', 'sunglasses', 'beanie'],
    bottom: ['joggers', 'jeans'],
    footwear: ['sneaker', 'boot'],
  },
  2: {
    outerwear: ['denim-jacket', 'trench', 'blazer'],
    top: ['blouse', 'shirt', 'tee', 'tank'],
    accessory: ['sunglasses', 'crossbody', 'tote'],
    bottom: ['skirt', 'jeans', 'shorts', 'trousers'],
    footwear: ['sandal', 'loafer', 'sneaker'],
  },
  3: {
    outerwear: ['denim-jacket', 'leather-jacket', 'puffer'],
    top: ['tee', 'hoodie', 'sweater', 'tank'],
    accessory: ['cap', 'beanie', 'tote', 'sunglasses'],
    bottom: ['jeans', 'shorts', 'joggers'],
    footwear: ['sneaker', 'boot'],
  },
  4: {
    outerwear: ['leather-jacket', 'blazer', 'trench', 'overcoat'],
    top: ['blouse', 'tank', 'shirt'],
    accessory: ['crossbody', 'belt'],
    bottom: ['skirt', 'trousers', 'jeans'],
    footwear: ['heel', 'boot', 'loafer'],
  },
  5: {
    outerwear: ['blazer', 'overcoat', 'trench'],
    top: ['shirt', 'blouse', 'sweater'],
    accessory: ['tote', 'belt', 'scarf'],
    bottom: ['trousers', 'skirt'],
    footwear: ['loafer', 'heel', 'boot'],
  },
};

export interface Look {
  name: string;
  description: string;
  story: Story;
  garments?: Partial<SlotGarments>;
}

export const LOOKS: Record<number, readonly Look[]> = {
  1: [
    {
      name: 'Red-Eye to Lisbon',
      description:
        'Soft layers that survive an overnight flight and still look put together at arrivals.',
      story: 'travel',
      garments: { outerwear: ['puffer'], top: ['hoodie'], bottom: ['joggers'] },
    },
    {
      name: 'Carry-On Only',
      description:
        'Everything goes with everything, so one small bag is enough for the whole week.',
      story: 'monochrome',
      garments: { top: ['tee'], accessory: ['tote'] },
    },
    {
      name: 'Layover in Tokyo',
      description:
        'A long coat over fine knitwear: warm on the plane, smart enough for a sushi counter ' +
        'between flights.',
      story: 'greys',
      garments: { outerwear: ['overcoat'], top: ['sweater'] },
    },
    {
      name: 'Window Seat, Early Start',
      description: 'A cosy knit and a tote big enough for a book and a blanket.',
      story: 'neutrals',
      garments: { top: ['sweater'], accessory: ['tote'] },
    },
    {
      name: 'Gate 22, Boarding Now',
      description: 'Denim on denim with clean sneakers. Nothing fussy at security.',
      story: 'denim',
      garments: { outerwear: ['denim-jacket'], top: ['tee'], bottom: ['jeans'] },
    },
    {
      name: 'Long-Haul Comfort',
      description:
        'A hoodie and joggers cut well enough for the taxi at the other end. Comfort without ' +
        'the pyjama look.',
      story: 'greys',
      garments: { top: ['hoodie'], bottom: ['joggers'], footwear: ['sneaker'] },
    },
    {
      name: 'Arrivals Hall Ready',
      description:
        'A trench over soft knitwear, for stepping off the plane straight into a meeting.',
      story: 'neutrals',
      garments: { outerwear: ['trench'], top: ['sweater'], footwear: ['sneaker'] },
    },
    {
      name: 'Weekend in Copenhagen',
      description: 'Down, wool and sturdy boots for a cold, bright city break.',
      story: 'autumn',
      garments: { outerwear: ['puffer'], accessory: ['beanie'], footwear: ['boot'] },
    },
    {
      name: 'Business Class Upgrade',
      description:
        'Polished enough for the lounge, relaxed enough to sleep in. A coat, a fine knit and ' +
        'loafers that slip off at the gate.',
      story: 'nautical',
      garments: {
        outerwear: ['overcoat'],
        top: ['sweater'],
        bottom: ['jeans'],
        accessory: ['tote'],
        footwear: ['loafer'],
      },
    },
    {
      name: 'Ski Chalet Transfer',
      description: 'Warm from the runway to the mountain: a serious puffer, a beanie and boots.',
      story: 'earth',
      garments: { outerwear: ['puffer'], accessory: ['beanie'], footwear: ['boot'] },
    },
    {
      name: 'Sunrise Departure',
      description: 'Light layers and sunglasses for a morning flight somewhere warm.',
      story: 'pastel',
      garments: { top: ['tee'], accessory: ['sunglasses'], outerwear: ['denim-jacket'] },
    },
    {
      name: 'Jet Lag Cure',
      description: 'A cap, a clean tee and a jacket you can nap under. Land looking rested.',
      story: 'travel',
      garments: { top: ['tee'], accessory: ['cap'] },
    },
  ],
  2: [
    {
      name: 'Sunday Brunch Al Fresco',
      description: 'Breathable layers and leather sandals for a long table in the sun.',
      story: 'neutrals',
      garments: { top: ['shirt'], bottom: ['trousers'], footwear: ['sandal'] },
    },
    {
      name: 'Bottomless Mimosas',
      description: 'A soft blouse and a swingy skirt that can handle a second round.',
      story: 'pastel',
      garments: { top: ['blouse'], bottom: ['skirt'], footwear: ['sandal'] },
    },
    {
      name: "Farmers' Market Stroll",
      description: 'A good tee, broken-in jeans and a tote for the sourdough and the peaches.',
      story: 'earth',
      garments: { top: ['tee'], accessory: ['tote'], bottom: ['jeans'] },
    },
    {
      name: 'Terrace Table for Four',
      description: 'A blazer over a crisp shirt with denim: the easy side of smart.',
      story: 'nautical',
      garments: { outerwear: ['blazer'], top: ['shirt'], bottom: ['jeans'] },
    },
    {
      name: 'Pancakes and Papers',
      description: 'A soft knit, favourite jeans and sneakers for a slow start.',
      story: 'denim',
      garments: { top: ['sweater'], bottom: ['jeans'], footwear: ['sneaker'] },
    },
    {
      name: 'Garden Party Pastels',
      description:
        'A light trench over a blouse and midi skirt, for when spring is still making up its mind.',
      story: 'pastel',
      garments: { outerwear: ['trench'], top: ['blouse'], bottom: ['skirt'] },
    },
    {
      name: 'Late Checkout Brunch',
      description:
        'A simple tank, easy trousers and dark glasses. No one needs to know about last night.',
      story: 'neutrals',
      garments: { top: ['tank'], bottom: ['trousers'], accessory: ['sunglasses'] },
    },
    {
      name: 'Flat Whites and Florals',
      description: 'A soft blouse with good jeans and a small crossbody.',
      story: 'pastel',
      garments: { top: ['blouse'], bottom: ['jeans'], accessory: ['crossbody'] },
    },
    {
      name: 'Corner Café Regulars',
      description: 'Leather, a good tee and dark denim. The uniform of the regulars.',
      story: 'monochrome',
      garments: { outerwear: ['leather-jacket'], top: ['tee'], bottom: ['jeans'] },
    },
    {
      name: 'Birthday Brunch Toast',
      description: 'Deep evening tones and a midi skirt for a celebration that starts at noon.',
      story: 'evening',
      garments: { top: ['blouse'], bottom: ['skirt'], footwear: ['heel'] },
    },
    {
      name: 'Seaside Eggs Benedict',
      description: 'Crisp nautical tones, shorts and sandals, and a view of the water.',
      story: 'nautical',
      garments: { top: ['tee'], bottom: ['shorts'], footwear: ['sandal'] },
    },
    {
      name: 'Slow Saturday Morning',
      description:
        'Knitwear and joggers you would happily wear out of the house. Because you will.',
      story: 'greys',
      garments: { top: ['sweater'], bottom: ['joggers'], footwear: ['sneaker'] },
    },
  ],
  3: [
    {
      name: 'Errands and Espresso',
      description: 'The reliable denim-and-tee formula, sharpened with good sneakers.',
      story: 'denim',
      garments: { top: ['tee'], bottom: ['jeans'], footwear: ['sneaker'] },
    },
    {
      name: 'Record Store Afternoon',
      description: 'A leather jacket, a plain tee and boots for digging through the crates.',
      story: 'monochrome',
      garments: { outerwear: ['leather-jacket'], top: ['tee'], footwear: ['boot'] },
    },
    {
      name: 'Park Bench Picnic',
      description: 'Shorts, a soft tee and a cap for an afternoon on the grass.',
      story: 'pastel',
      garments: { top: ['tee'], bottom: ['shorts'], accessory: ['cap'] },
    },
    {
      name: 'Saturday Flea Market',
      description: 'A trucker jacket in warm earth tones, built for rummaging.',
      story: 'earth',
      garments: { outerwear: ['denim-jacket'], bottom: ['jeans'] },
    },
    {
      name: 'Weekend Hike to Town',
      description: 'A puffer, a beanie and boots that do not mind a muddy path.',
      story: 'autumn',
      garments: {
        outerwear: ['puffer'],
        accessory: ['beanie'],
        bottom: ['jeans'],
        footwear: ['boot'],
      },
    },
    {
      name: 'Movie Marathon',
      description: 'The softest hoodie and joggers we sell, plus sneakers for the popcorn run.',
      story: 'greys',
      garments: { top: ['hoodie'], bottom: ['joggers'], footwear: ['sneaker'] },
    },
    {
      name: 'Bike Ride to the Coast',
      description: 'A tee and shorts in crisp nautical tones, with something to keep the sun off.',
      story: 'nautical',
      garments: { top: ['tee'], bottom: ['shorts'], accessory: ['cap', 'sunglasses'] },
    },
    {
      name: 'Gallery Drop-In',
      description: 'A blazer over a tee in black and white. Instantly looks like you belong.',
      story: 'monochrome',
      garments: { outerwear: ['blazer'], top: ['tee'], bottom: ['jeans'] },
    },
    {
      name: 'Autumn Leaves Walk',
      description: 'A warm knit, a big scarf and boots for a crisp afternoon.',
      story: 'autumn',
      garments: { top: ['sweater'], accessory: ['scarf'], bottom: ['jeans'], footwear: ['boot'] },
    },
    {
      name: 'First Warm Day',
      description: 'A tank and sunglasses, with a jacket over the arm just in case.',
      story: 'pastel',
      garments: { top: ['tank'], accessory: ['sunglasses'] },
    },
    {
      name: 'Bookshop Browsing',
      description: 'Soft knitwear and a tote with room for one more paperback.',
      story: 'neutrals',
      garments: { top: ['sweater'], accessory: ['tote'] },
    },
    {
      name: 'Game Day Easy',
      description: 'A hoodie and a cap in easy, team-neutral colours.',
      story: 'travel',
      garments: { top: ['hoodie'], accessory: ['cap'] },
    },
  ],
  4: [
    {
      name: 'Candlelit Corner Table',
      description: 'A fluid blouse, a midi skirt and heels in deep evening tones.',
      story: 'evening',
      garments: { top: ['blouse'], bottom: ['skirt'], footwear: ['heel'] },
    },
    {
      name: 'Rooftop Cocktails',
      description: 'A sharp blazer over a simple top. Heels for the view.',
      story: 'monochrome',
      garments: { outerwear: ['blazer'], top: ['tank'], footwear: ['heel'] },
    },
    {
      name: 'Jazz Club Downstairs',
      description: 'A leather jacket over a crisp shirt, with boots for a late set.',
      story: 'evening',
      garments: {
        outerwear: ['leather-jacket'],
        top: ['shirt'],
        bottom: ['trousers'],
        footwear: ['boot'],
      },
    },
    {
      name: 'Opening Night',
      description: 'A long coat, a fluid blouse and tailored trousers for a premiere.',
      story: 'monochrome',
      garments: {
        outerwear: ['overcoat'],
        top: ['blouse'],
        bottom: ['trousers'],
        footwear: ['heel'],
      },
    },
    {
      name: 'Wine Bar in Soho',
      description:
        'Warm leather, a simple tank and good jeans. Relaxed, but clearly making an effort.',
      story: 'earth',
      garments: {
        outerwear: ['leather-jacket'],
        top: ['tank'],
        bottom: ['jeans'],
        footwear: ['boot'],
      },
    },
    {
      name: 'Dinner at Eight',
      description: 'A blazer, a pressed shirt and loafers: a classic for a reason.',
      story: 'nautical',
      garments: {
        outerwear: ['blazer'],
        top: ['shirt'],
        bottom: ['trousers'],
        footwear: ['loafer'],
      },
    },
    {
      name: 'Late-Night Ramen',
      description: 'A leather jacket over a tee, dark denim and boots. Ready for the queue.',
      story: 'greys',
      garments: {
        outerwear: ['leather-jacket'],
        top: ['tee'],
        bottom: ['jeans'],
        footwear: ['boot'],
      },
    },
    {
      name: 'Moonlit Harbour Walk',
      description:
        'A trench over a soft blouse and a midi skirt, for a breezy stroll after dinner.',
      story: 'neutrals',
      garments: { outerwear: ['trench'], top: ['blouse'], bottom: ['skirt'] },
    },
    {
      name: 'Second Date, Same Spark',
      description:
        'A leather jacket, a simple top and jeans with heels. Confident, never trying too hard.',
      story: 'evening',
      garments: {
        outerwear: ['leather-jacket'],
        top: ['tank'],
        bottom: ['jeans'],
        footwear: ['heel'],
      },
    },
    {
      name: 'Theatre and Tapas',
      description: 'A warm coat and a fine knit for the interval and the late table after.',
      story: 'autumn',
      garments: { outerwear: ['overcoat'], top: ['sweater'], bottom: ['trousers'] },
    },
    {
      name: 'Velvet Rope',
      description:
        'Dark tailoring, a bare-armed top and a midi skirt. The door opens for this one.',
      story: 'evening',
      garments: { outerwear: ['blazer'], top: ['tank'], bottom: ['skirt'], footwear: ['heel'] },
    },
    {
      name: 'Anniversary Supper',
      description: 'A long coat over a soft blouse, for a table booked months ago.',
      story: 'neutrals',
      garments: { outerwear: ['overcoat'], top: ['blouse'], footwear: ['heel'] },
    },
  ],
  5: [
    {
      name: 'Monday Board Meeting',
      description:
        'Sharp tailoring, a crisp shirt and polished loafers. Authority without the stiffness.',
      story: 'nautical',
      garments: {
        outerwear: ['blazer'],
        top: ['shirt'],
        bottom: ['trousers'],
        footwear: ['loafer'],
        accessory: ['tote'],
      },
    },
    {
      name: 'Quarterly Review',
      description: 'Cool greys and a pressed shirt. Calm, clear, in control.',
      story: 'greys',
      garments: { outerwear: ['blazer'], top: ['shirt'], bottom: ['trousers'] },
    },
    {
      name: 'Client Pitch Day',
      description:
        'A sharp blazer, a fluid blouse and a midi skirt that says you have done the reading.',
      story: 'monochrome',
      garments: { outerwear: ['blazer'], top: ['blouse'], bottom: ['skirt'], footwear: ['heel'] },
    },
    {
      name: 'Commute in the Rain',
      description: 'A trench, warm knit and weatherproof boots for the walk from the station.',
      story: 'neutrals',
      garments: {
        outerwear: ['trench'],
        top: ['sweater'],
        bottom: ['trousers'],
        footwear: ['boot'],
      },
    },
    {
      name: 'Casual Friday',
      description: 'A blazer with a good tee and denim. Still sharp, just a little looser.',
      story: 'denim',
      garments: {
        outerwear: ['blazer'],
        top: ['tee'],
        bottom: ['jeans'],
        footwear: ['loafer', 'sneaker'],
      },
    },
    {
      name: 'Interview Confidence',
      description:
        'A well-cut blazer and a crisp shirt: the outfit that lets you talk about yourself.',
      story: 'nautical',
      garments: { outerwear: ['blazer'], top: ['shirt'], bottom: ['trousers'] },
    },
    {
      name: 'Studio Day',
      description: 'A wool coat, a good knit and relaxed trousers for a day of making things.',
      story: 'earth',
      garments: { outerwear: ['overcoat'], top: ['sweater'], bottom: ['trousers'] },
    },
    {
      name: 'All-Hands Afternoon',
      description: 'A soft blouse and tailored trousers in spring colours.',
      story: 'pastel',
      garments: { top: ['blouse'], bottom: ['trousers'], footwear: ['loafer'] },
    },
    {
      name: 'Conference Keynote',
      description: 'A long dark coat and a crisp shirt for the stage and the green room.',
      story: 'monochrome',
      garments: { outerwear: ['overcoat'], top: ['shirt'], bottom: ['trousers'] },
    },
    {
      name: 'Working Lunch',
      description:
        'A blouse, a midi skirt and loafers for a long day that includes a nice restaurant.',
      story: 'neutrals',
      garments: { top: ['blouse'], bottom: ['skirt'], footwear: ['loafer'] },
    },
    {
      name: 'Late at the Office',
      description: 'A warm knit, a wool scarf and comfortable boots for the last one out.',
      story: 'autumn',
      garments: { top: ['sweater'], accessory: ['scarf'], footwear: ['boot'] },
    },
    {
      name: 'First Day, New Desk',
      description: 'A trench, a pressed shirt and sensible shoes. Ready for every introduction.',
      story: 'greys',
      garments: {
        outerwear: ['trench'],
        top: ['shirt'],
        bottom: ['trousers'],
        footwear: ['heel', 'loafer'],
      },
    },
  ],
};

/**
 * A model's sizes, so one outfit is shown in sizes one person would wear together rather than
 * an XS coat over an XL shirt. Tried in order; a product without any of them keeps its pick.
 */
export const SIZE_PROFILES: readonly (readonly string[])[] = [
  ['S', '28', 'EU 38', 'EU 37'],
  ['M', '30', 'EU 39', 'EU 40'],
  ['L', '32', 'EU 41', 'EU 42'],
];

import { CATEGORY_ID_BY_SLOT } from '../../../contracts/catalog';

/**
 * The catalogue's own words, as shoppers use them: which words mean a colour of the colour card,
 * a kind of garment (the products' `garment`) or a whole category, with their British and
 * American names. Search reads a word typed through this table before it looks at the shop's
 * texts, so "trainers" finds the sneakers and "jumper" the sweaters. Keys are written singular
 * and lower-cased, without hyphens; two-word keys ("leather jacket") are read before their words.
 * When the catalogue gains a garment or a colour, it gains its words here.
 */

export interface Meaning {
  kind: 'colour' | 'category';
  /** How the chip names it: "Black", "Sneakers". */
  label: string;
  /** Word starts looked for in names, sellers and descriptions (also what the key itself is). */
  forms: readonly string[];
  /** The colours of the colour card it means, exactly as items carry them. */
  colours?: readonly string[];
  /** The products' garments it means. */
  garments?: readonly string[];
  /** Whole categories it means. */
  categoryIds?: readonly number[];
}

const colour = (label: string, colours: readonly string[], forms: readonly string[] = []) => ({
  kind: 'colour' as const,
  label,
  colours,
  forms,
});

const garment = (label: string, garments: readonly string[], forms: readonly string[]) => ({
  kind: 'category' as const,
  label,
  garments,
  forms,
});

const category = (label: string, slot: keyof typeof CATEGORY_ID_BY_SLOT) => ({
  kind: 'category' as const,
  label,
  categoryIds: [CATEGORY_ID_BY_SLOT[slot]],
  forms: [] as readonly string[],
});

const sneaker = garment('Sneakers', ['sneaker'], ['sneaker', 'trainer', 'runner', 'plimsoll']);
const sweater = garment('Sweaters', ['sweater'], ['sweater', 'jumper', 'pullover']);
const trousers = garment('Trousers', ['trousers', 'jeans', 'joggers'], ['trouser', 'pant']);
const tee = garment('T-shirts', ['tee'], ['tee', 'tshirt']);
const hoodie = garment('Hoodies', ['hoodie'], ['hoodie', 'hoody', 'sweatshirt']);
const tank = garment('Tank tops', ['tank'], ['tank', 'cami', 'singlet']);
const heel = garment('Heels', ['heel'], ['heel', 'pump', 'slingback', 'stiletto']);
const sandal = garment('Sandals', ['sandal'], ['sandal', 'slide']);
const loafer = garment('Loafers', ['loafer'], ['loafer', 'moccasin']);
const trench = garment('Trench coats', ['trench'], ['trench', 'mac', 'raincoat']);
const puffer = garment('Puffers', ['puffer'], ['puffer', 'parka', 'quilted']);
const leatherJacket = garment('Leather jackets', ['leather-jacket'], ['biker', 'moto']);
const denimJacket = garment('Denim jackets', ['denim-jacket'], ['trucker']);
const overcoat = garment('Coats', ['overcoat', 'trench', 'puffer'], ['coat', 'overcoat']);
const jacket = garment(
  'Jackets',
  ['denim-jacket', 'leather-jacket', 'puffer', 'blazer'],
  ['jacket'],
);
const joggers = garment('Joggers', ['joggers'], ['jogger', 'sweatpant', 'trackpant']);
const bag = garment('Bags', ['tote', 'crossbody'], ['bag', 'tote', 'crossbody']);
const hat = garment('Hats', ['cap', 'beanie'], ['hat', 'cap', 'beanie']);
const sunglasses = garment('Sunglasses', ['sunglasses'], ['sunglass', 'sunnies', 'shades']);
const footwear = category('Footwear', 'footwear');

export const SHOP_WORDS: ReadonlyMap<string, Meaning> = new Map<string, Meaning>([
  // The colour card, and the everyday names of its families.
  ['black', colour('Black', ['Black'])],
  ['white', colour('White', ['White'])],
  ['ivory', colour('Ivory', ['Ivory'])],
  ['cream', colour('Cream', ['Cream'])],
  ['stone', colour('Stone', ['Stone'])],
  ['camel', colour('Camel', ['Camel'])],
  ['chocolate', colour('Chocolate', ['Chocolate'])],
  ['rust', colour('Rust', ['Rust'])],
  ['burgundy', colour('Burgundy', ['Burgundy'])],
  ['blush', colour('Blush', ['Blush'])],
  ['sage', colour('Sage', ['Sage'])],
  ['olive', colour('Olive', ['Olive'])],
  ['forest', colour('Forest', ['Forest'])],
  ['navy', colour('Navy', ['Navy'])],
  ['charcoal', colour('Charcoal', ['Charcoal'])],
  ['denim blue', colour('Denim Blue', ['Denim Blue'])],
  ['sky blue', colour('Sky Blue', ['Sky Blue'])],
  ['light blue', colour('Sky Blue', ['Sky Blue'])],
  ['heather grey', colour('Heather Grey', ['Heather Grey'])],
  ['heather gray', colour('Heather Grey', ['Heather Grey'])],
  ['off white', colour('Ivory', ['Ivory', 'Cream'])],
  ['offwhite', colour('Ivory', ['Ivory', 'Cream'])],
  ['ecru', colour('Ivory', ['Ivory', 'Cream'])],
  ['grey', colour('Grey', ['Heather Grey', 'Charcoal'])],
  ['gray', colour('Grey', ['Heather Grey', 'Charcoal'])],
  ['brown', colour('Brown', ['Chocolate', 'Camel'])],
  ['tan', colour('Tan', ['Camel'])],
  ['beige', colour('Beige', ['Stone', 'Camel', 'Cream'])],
  ['khaki', colour('Khaki', ['Olive', 'Stone'])],
  ['red', colour('Red', ['Burgundy', 'Rust'])],
  ['maroon', colour('Burgundy', ['Burgundy'])],
  ['wine', colour('Burgundy', ['Burgundy'])],
  ['oxblood', colour('Burgundy', ['Burgundy'])],
  ['orange', colour('Orange', ['Rust'])],
  ['pink', colour('Pink', ['Blush'])],
  ['green', colour('Green', ['Sage', 'Olive', 'Forest'])],
  ['blue', colour('Blue', ['Navy', 'Denim Blue', 'Sky Blue'])],
  // Garments, singular, with their other names.
  ['sneaker', sneaker],
  ['trainer', sneaker],
  ['kick', sneaker],
  ['plimsoll', sneaker],
  ['runner', sneaker],
  ['running shoe', sneaker],
  ['sweater', sweater],
  ['jumper', sweater],
  ['pullover', sweater],
  ['knit', sweater],
  ['knitwear', sweater],
  ['trouser', trousers],
  ['trousers', trousers],
  ['pant', trousers],
  ['pants', trousers],
  ['slack', trousers],
  ['slacks', trousers],
  ['tee', tee],
  ['tshirt', tee],
  ['hoodie', hoodie],
  ['hoody', hoodie],
  ['sweatshirt', hoodie],
  ['tank', tank],
  ['tank top', tank],
  ['cami', tank],
  ['camisole', tank],
  ['vest', tank],
  ['singlet', tank],
  ['shirt', garment('Shirts', ['shirt'], ['shirt'])],
  ['blouse', garment('Blouses', ['blouse'], ['blouse'])],
  ['top', category('Tops', 'top')],
  ['jean', garment('Jeans', ['jeans'], ['jean'])],
  ['jeans', garment('Jeans', ['jeans'], ['jean'])],
  ['skirt', garment('Skirts', ['skirt'], ['skirt'])],
  ['short', garment('Shorts', ['shorts'], ['short'])],
  ['shorts', garment('Shorts', ['shorts'], ['short'])],
  ['jogger', joggers],
  ['joggers', joggers],
  ['sweatpant', joggers],
  ['sweatpants', joggers],
  ['trackpant', joggers],
  ['track pant', joggers],
  ['trackies', joggers],
  ['tracksuit bottom', joggers],
  ['bottom', category('Bottoms', 'bottom')],
  ['boot', garment('Boots', ['boot'], ['boot'])],
  ['bootie', garment('Boots', ['boot'], ['boot'])],
  ['loafer', loafer],
  ['moccasin', loafer],
  ['heel', heel],
  ['pump', heel],
  ['court shoe', heel],
  ['stiletto', heel],
  ['slingback', heel],
  ['sandal', sandal],
  ['slide', sandal],
  ['flip flop', sandal],
  ['shoe', footwear],
  ['footwear', footwear],
  ['trench', trench],
  ['trench coat', trench],
  ['mac', trench],
  ['raincoat', trench],
  ['rain coat', trench],
  ['rain jacket', trench],
  ['puffer', puffer],
  ['puffa', puffer],
  ['parka', puffer],
  ['down jacket', puffer],
  ['puffer jacket', puffer],
  ['blazer', garment('Blazers', ['blazer'], ['blazer'])],
  ['sport coat', garment('Blazers', ['blazer'], ['blazer'])],
  ['suit jacket', garment('Blazers', ['blazer'], ['blazer'])],
  ['leather jacket', leatherJacket],
  ['biker jacket', leatherJacket],
  ['moto jacket', leatherJacket],
  ['denim jacket', denimJacket],
  ['jean jacket', denimJacket],
  ['trucker jacket', denimJacket],
  ['jacket', jacket],
  ['bomber', jacket],
  ['bomber jacket', jacket],
  ['coat', overcoat],
  ['overcoat', overcoat],
  ['topcoat', overcoat],
  ['outerwear', category('Outerwear', 'outerwear')],
  ['tote', garment('Totes', ['tote'], ['tote'])],
  ['crossbody', garment('Crossbody bags', ['crossbody'], ['crossbody'])],
  ['cross body', garment('Crossbody bags', ['crossbody'], ['crossbody'])],
  ['bag', bag],
  ['handbag', bag],
  ['purse', bag],
  ['cap', garment('Caps', ['cap'], ['cap'])],
  ['baseball cap', garment('Caps', ['cap'], ['cap'])],
  ['beanie', garment('Beanies', ['beanie'], ['beanie'])],
  ['bobble hat', garment('Beanies', ['beanie'], ['beanie'])],
  ['hat', hat],
  ['scarf', garment('Scarves', ['scarf'], ['scarf'])],
  ['muffler', garment('Scarves', ['scarf'], ['scarf'])],
  ['sunglass', sunglasses],
  ['sunglasses', sunglasses],
  ['sunnies', sunglasses],
  ['shades', sunglasses],
  ['belt', garment('Belts', ['belt'], ['belt'])],
  ['accessory', category('Accessories', 'accessory')],
  ['accessories', category('Accessories', 'accessory')],
]);

/**
 * Garments the shop does not sell, and the key of the nearest it does: a search for one finds
 * nothing, and offers the nearest as a suggestion ("did you mean sweaters?"), never in its place.
 * Keys as in `SHOP_WORDS`.
 */
export const NEAREST_SOLD: ReadonlyMap<string, string> = new Map([
  ['cardigan', 'sweater'],
  ['cardi', 'sweater'],
  ['turtleneck', 'sweater'],
  ['rollneck', 'sweater'],
  ['polo', 'shirt'],
  ['overshirt', 'shirt'],
  ['gilet', 'puffer'],
  ['bodywarmer', 'puffer'],
  ['windbreaker', 'jacket'],
  ['anorak', 'jacket'],
  ['waistcoat', 'blazer'],
  ['brogue', 'loafer'],
  ['oxford', 'loafer'],
  ['derby', 'loafer'],
  ['mule', 'loafer'],
  ['espadrille', 'sandal'],
  ['legging', 'jogger'],
  ['backpack', 'bag'],
  ['rucksack', 'bag'],
  ['clutch', 'bag'],
  ['satchel', 'bag'],
  ['beret', 'hat'],
  ['fedora', 'hat'],
]);

/** Plurals no rule makes. */
export const IRREGULAR_PLURALS: ReadonlyMap<string, string> = new Map([
  ['scarves', 'scarf'],
  ['knives', 'knife'],
  ['shelves', 'shelf'],
  ['wolves', 'wolf'],
  ['leaves', 'leaf'],
  ['halves', 'half'],
  ['women', 'woman'],
  ['men', 'man'],
  ['children', 'child'],
  ['feet', 'foot'],
]);

/**
 * Words that join or point ("jacket and jeans", "boots for the rain") and tell nothing of a
 * piece: a search passes over them, and a misspelt word is never read as one of them.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a an and the for with of in on to or by at from into its it is as
   that this your you our than but be are has have will so`.split(/\s+/),
);

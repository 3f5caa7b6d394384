import { asc, eq, sql } from 'drizzle-orm';
import { SLOTS } from '../../../contracts/catalog';
import { type Db, idArray, queryPrepared, type SqlClient, type TextQuery } from '../../db/client';
import { items, products, searchWords } from '../../db/schema';
import type { ItemRow } from '../../lib/items';
import { likePattern } from '../../lib/text-search';
import { STOP_WORDS } from './shop-words';
import type { Concept, Lexicon } from './understand';

/** Where a page starts: after the entry of this rank and id (best rank first, then newest). */
export interface SearchKey {
  rank: number;
  id: number;
}

/** Before every entry: the first page. */
export const FIRST: SearchKey = { rank: 1_000_000, id: 2_147_483_647 };

/**
 * How much a concept adds to an entry's rank by where it was found: the name first, then the
 * colour, the category or garment, the brand and the description (decision 003).
 */
export const WEIGHT = { name: 16, colour: 8, category: 4, brand: 2, description: 1 } as const;
/** Outfits: name, occasion, a piece, the description; one piece holding every concept adds more. */
export const OUTFIT_WEIGHT = { name: 16, occasion: 8, piece: 4, description: 2, onePiece: 6 };

/**
 * What an empty search calls popular: colours hearted (or kept from a liked outfit) by the most
 * shoppers among the shop's latest hearts, at most this many and none older than this many days.
 * Read backwards along item_favorites' primary key, so the cost is bounded by `hearts`, not by
 * the shop's history.
 */
export const POPULAR = { hearts: 2_000, days: 30 } as const;

/**
 * Numbered parameters: the statement's text depends only on the shape of the search (how many
 * concepts, of which kinds), so it is prepared once per shape and connection.
 */
function parameters() {
  const values: unknown[] = [];
  return {
    values,
    add(value: unknown, type: string) {
      values.push(value);
      return `$${values.length}::${type}`;
    },
  };
}
type Parameters = ReturnType<typeof parameters>;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Word starts of any of the forms (`\m`: the start of a word), or the text as typed. */
export function formsPattern(concept: Concept): string {
  const alternatives = concept.forms.map(escapeRegex).join('|');
  return concept.literal ? `(?:${alternatives})` : `\\m(?:${alternatives})`;
}

/**
 * Where a concept is found in a piece (`i`, an item; `p`, its product), as SQL conditions by
 * field. A colour is found only in the colour; a category or garment in the product's garment,
 * the category or the name; a brand in the seller or the name; plain words anywhere. Without
 * `descriptions` and `categories`, only the item's own text and colour are tested, so `p` is
 * not read.
 */
function pieceHits(
  concept: Concept,
  $: Parameters,
  { descriptions = true, categories = true } = {},
) {
  const hits: { field: keyof typeof WEIGHT; sql: string }[] = [];
  const pattern = concept.forms.length ? $.add(formsPattern(concept), 'text') : null;
  if (pattern) hits.push({ field: 'name', sql: `lower(i.name) ~ ${pattern}` });
  if (concept.colours.length) {
    hits.push({ field: 'colour', sql: `i.color = ANY(${$.add(concept.colours, 'text[]')})` });
  } else if (pattern && concept.kind === 'text') {
    hits.push({ field: 'colour', sql: `lower(i.color) ~ ${pattern}` });
  }
  const category = categories
    ? [
        ...(concept.garments.length
          ? [`p.garment = ANY(${$.add(concept.garments, 'text[]')})`]
          : []),
        ...(concept.categoryIds.length
          ? [`i.category_id = ANY(${$.add(concept.categoryIds, 'int[]')})`]
          : []),
      ]
    : [];
  if (category.length) hits.push({ field: 'category', sql: `(${category.join(' OR ')})` });
  if (pattern && (concept.kind === 'brand' || concept.kind === 'text')) {
    hits.push({ field: 'brand', sql: `lower(i.seller) ~ ${pattern}` });
  }
  if (pattern && descriptions && describes(concept)) {
    hits.push({ field: 'description', sql: `lower(p.description) ~ ${pattern}` });
  }
  return hits;
}

const anyOf = (hits: { sql: string }[]) =>
  hits.length ? `(${hits.map((h) => h.sql).join(' OR ')})` : 'false';

/** A piece (`i`) in one of the categories asked, or any piece when none was. */
const inCategories = ($: Parameters, categoryIds: readonly number[]) =>
  categoryIds.length ? `i.category_id = ANY(${$.add([...categoryIds], 'int[]')})` : 'true';

/**
 * A piece (`i`, a colour lead) whose colour is made in one of the sizes typed ("jeans 32 34"):
 * one probe of `items_product_id_color_size_key`. Sizes filter; they add nothing to a rank.
 */
function madeInSizes($: Parameters, concepts: readonly Concept[]): string {
  const sizes = concepts.flatMap((c) => c.sizes);
  return sizes.length
    ? `EXISTS (SELECT 1 FROM items s WHERE s.product_id = i.product_id
                 AND s.color = i.color AND s.size = ANY(${$.add(sizes, 'text[]')}))`
    : 'true';
}

/** The concepts looked for in a piece's words and what it is: all but sizes. */
export const lookedFor = (concepts: readonly Concept[]) =>
  concepts.filter((c) => c.kind !== 'size');

/** The pieces that may hold every concept: each concept's leads (`candidates`), intersected. */
const leadsOfAll = (concepts: readonly Concept[], $: Parameters, descriptions = true) =>
  concepts.map((c) => `(${candidates(c, $, true, descriptions)})`).join(' INTERSECT ');

/** What the trigram indexes look for a concept by: its word forms and its colours' names. */
const likePatterns = (concept: Concept) =>
  [...concept.forms, ...concept.colours.map((c) => c.toLowerCase())].map(likePattern);

/**
 * The colour leads that may hold a concept, from indexes: a superset of those `pieceHits` finds
 * it in, so only they are ranked. Items' text (name, colour, seller) has a trigram index of
 * colour leads (0008), products' text (name, description) one of its own and their garment a
 * b-tree (0026); a category is read from `items_category_id_idx`.
 */
function candidates(
  concept: Concept,
  $: Parameters,
  leadsOnly = true,
  descriptions = true,
): string {
  const words = likePatterns(concept);
  const patterns = words.length ? $.add(words, 'text[]') : null;
  const lead = `SELECT i.id FROM items i WHERE ${leadsOnly ? 'i.colour_lead AND' : ''}`;
  const branches: string[] = [];
  if (patterns) branches.push(`${lead} i.search_text LIKE ANY(${patterns})`);
  if (concept.categoryIds.length) {
    branches.push(`${lead} i.category_id = ANY(${$.add(concept.categoryIds, 'int[]')})`);
  }
  const inProduct = [
    ...(patterns && descriptions && describes(concept)
      ? [`p.search_text LIKE ANY(${patterns})`]
      : []),
    ...(concept.garments.length ? [`p.garment = ANY(${$.add(concept.garments, 'text[]')})`] : []),
  ];
  if (inProduct.length) {
    branches.push(
      `${lead} i.product_id = ANY(ARRAY(SELECT p.id FROM products p WHERE ${inProduct.join(' OR ')}))`,
    );
  }
  return branches.length ? branches.join(' UNION ') : 'SELECT NULL::int AS id WHERE false';
}

/**
 * The product colours that hold a concept as a piece of an outfit does (by what it is, not by
 * its description), from the colour leads. Every size of a product colour shares what is
 * checked, and pieces carry their product colour (0019), so the outfits wearing one are read
 * from `outfit_items_look_idx`. A lead of the concept's category or garment holds it by being
 * one, so only the leads a word's trigrams found are checked against `pieceHits`. A product
 * colour found by two branches comes twice; the statement groups them.
 */
function pieceLooks(concept: Concept, $: Parameters): string {
  const words = likePatterns(concept);
  const leads = (where: string) =>
    `SELECT i.product_id, i.color FROM items i WHERE i.colour_lead AND ${where}`;
  const branches: string[] = [];
  if (concept.categoryIds.length) {
    branches.push(leads(`i.category_id = ANY(${$.add(concept.categoryIds, 'int[]')})`));
  }
  if (concept.garments.length) {
    branches.push(
      leads(`i.product_id = ANY(ARRAY(SELECT p.id FROM products p
                                      WHERE p.garment = ANY(${$.add(concept.garments, 'text[]')})))`),
    );
  }
  if (words.length) {
    // Its category and garment are the branches above: here only the item's own text, tested
    // in the scan that found the lead (no `p` here).
    const ownText = pieceHits(concept, $, { descriptions: false, categories: false });
    branches.push(leads(`i.search_text LIKE ANY(${$.add(words, 'text[]')}) AND ${anyOf(ownText)}`));
  }
  return branches.length
    ? branches.join(' UNION ALL ')
    : 'SELECT NULL::int AS product_id, NULL::text AS color WHERE false';
}

/**
 * Where a concept is found in outfits' own text: `occasions{k}`, the occasions whose name holds
 * it, and `rows`, the outfits whose name or description does (led by `outfits_search_trgm_idx`,
 * then checked), with `named` and `described` saying which. Null for a concept without word
 * forms (a colour or a size alone), which no text holds.
 */
function outfitText(concept: Concept, k: number, $: Parameters) {
  if (!concept.forms.length) return null;
  const patterns = $.add(concept.forms.map(likePattern), 'text[]');
  const pattern = $.add(formsPattern(concept), 'text');
  return {
    occasions: occasionsNamed(k, pattern),
    rows: `SELECT o.id, lower(o.name) ~ ${pattern} AS named, lower(o.description) ~ ${pattern} AS described
             FROM outfits o WHERE o.search_text LIKE ANY(${patterns})`,
  };
}

/**
 * Whether a concept is looked for in descriptions: plain words ("cashmere", "linen") only. A
 * description names other garments ("under a jacket"), colours and brands in passing; what a
 * piece is, its garment and category say.
 */
const describes = (concept: Concept) => concept.kind === 'text' && !concept.literal;

/** A form the words indexes find by its start (0050, 0051): ASCII letters and digits alone. */
const PLAIN_FORM = /^[a-z0-9]+$/;

/** A lexeme of a words index, quoted for a tsquery. */
const lexeme = (text: string) => `'${text.replace(/['\\]/g, '\\$&')}'`;

/**
 * A concept as a tsquery over a words index: any of its forms as a word start, or one of its
 * tokens (`_c` and a category, `_g` and a garment, with `colours` also `_k` and a colour). Null
 * for a concept typed literally or with a form that is no plain word, which no index splits so.
 */
function wordsQuery(concept: Concept, { colours }: { colours: boolean }): string | null {
  if (concept.literal || !concept.forms.every((form) => PLAIN_FORM.test(form))) return null;
  const alternatives = [
    ...concept.forms.map((form) => `${lexeme(form)}:*`),
    ...concept.categoryIds.map((id) => lexeme(`_c${id}`)),
    ...concept.garments.map((garment) => lexeme(`_g${garment}`)),
    ...(colours ? concept.colours.map((colour) => lexeme(`_k${colour}`)) : []),
  ];
  return alternatives.length ? `(${alternatives.join(' | ')})` : null;
}

/**
 * The shop's colours a piece may hold a concept by: those it names, or for plain words those
 * with a word it starts ("heather" in "Heather Grey"), split wherever the database might see a
 * word start, so that none it matches is missed.
 */
function coloursHolding(concept: Concept, shopColours: readonly string[]): string[] {
  if (concept.colours.length > 0) return [...concept.colours];
  if (concept.kind !== 'text') return [];
  return shopColours.filter((colour) =>
    colour
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .some((word) => concept.forms.some((form) => word.startsWith(form))),
  );
}

/**
 * A concept as a tsquery over the products' words (0050). Null where a product's words cannot
 * tell (`wordsQuery`), and for a concept a piece's colour may hold (`coloursHolding`): colours
 * belong to the pieces, not to the product.
 */
export function productWords(concept: Concept, shopColours: readonly string[]): string | null {
  if (coloursHolding(concept, shopColours).length > 0) return null;
  return wordsQuery(concept, { colours: false });
}

/** A concept as a tsquery over the outfits' words (0051), which hold their pieces' colours too. */
export const outfitWords = (concept: Concept) => wordsQuery(concept, { colours: true });

/**
 * The test of a product (`p`) whose words hold every concept (`products_words_idx`, 0050), or
 * null when they cannot tell one of them. Its pieces are a superset of those holding every
 * concept: the rest is checked against `pieceHits`. A concept a colour may hold is left to the
 * trigram leads: beside a garment ("navy jackets") the products' words would find every jacket,
 * where the trigram leads intersect the navy pieces with the jackets.
 */
function productsHolding(
  concepts: readonly Concept[],
  shopColours: readonly string[],
  $: Parameters,
): string | null {
  const told = concepts.map((c) => productWords(c, shopColours));
  return told.every((query) => query !== null)
    ? `p.words @@ ${$.add(told.join(' & '), 'tsquery')}`
    : null;
}

/** The colour leads of the products a test finds (`productsHolding`). */
const leadsOfProducts = (holding: string) =>
  `SELECT i.id FROM products p
     JOIN items i ON i.product_id = p.id AND i.colour_lead
    WHERE ${holding}`;

export interface VariantRow extends ItemRow {
  /** The result (first item of the colour) this variant belongs to. */
  resultId: number;
  hearted: boolean;
}

export interface ItemPage {
  /** The results (first item of each product colour), best first. */
  ids: number[];
  /** The key of the last result shown, when there is a next page. */
  next: SearchKey | null;
  /** Every size of those results' product colours, and which of them the shopper hearted. */
  variants: VariantRow[];
}

/**
 * A page of matching product colours, best first, and the sizes of each, in one statement.
 * Sizes share one name, colour and seller, so search shows one result per product colour, its
 * first item (`colour_lead`, 0008_colour_leads.sql). Every concept must be found somewhere in
 * the piece; the rank adds up where each was found (`WEIGHT`), and the page is read after the
 * cursor's rank and id, so pages neither repeat nor skip while the catalogue changes (a piece's
 * rank depends only on the piece and the words). Without words: the pieces most hearted lately
 * (`POPULAR`), then the newest, walked backwards along the primary key.
 */
export async function searchItemPage(
  client: SqlClient,
  concepts: readonly Concept[],
  options: ItemPageOptions,
): Promise<ItemPage> {
  // One plain word found in a piece's own text (name, colour, seller) ranks at least
  // `WEIGHT.brand`, above any piece that has it only in its description: when such pieces fill
  // the page, the description's far larger set of leads is not ranked at all.
  const words = lookedFor(concepts);
  const [only] = words;
  if (words.length === 1 && describes(only!) && options.after.rank >= WEIGHT.brand) {
    const rows = await queryPrepared<ItemPageRow>(
      client,
      'search_items',
      itemPageStatement(concepts, options, true),
    );
    if (rows.some((row) => row.n > options.limit)) return itemPageOf(rows, options.limit);
  }
  const rows = await queryPrepared<ItemPageRow>(
    client,
    'search_items',
    itemPageStatement(concepts, options, false),
  );
  return itemPageOf(rows, options.limit);
}

/**
 * Whether any piece holds every concept (in these categories): a suggestion's test. The same
 * leads as a page, checked until one holds; none is ranked.
 */
export async function findsAnyItem(
  client: SqlClient,
  concepts: readonly Concept[],
  options: { categoryIds: readonly number[]; shopColours: readonly string[] },
): Promise<boolean> {
  if (concepts.length === 0) return true;
  const $ = parameters();
  const filter = `${inCategories($, options.categoryIds)} AND ${madeInSizes($, concepts)}`;
  const words = lookedFor(concepts);
  const holds = words.map((c) => anyOf(pieceHits(c, $))).join(' AND ') || 'true';
  const holding = words.length ? productsHolding(words, options.shopColours, $) : null;
  // From the products' words, or else each concept's leads (the trigram, garment and category
  // indexes; every colour lead when only sizes were asked), `EXISTS` stops at the first piece
  // that holds every concept.
  const text = holding
    ? `SELECT EXISTS (SELECT 1 FROM products p
                        JOIN items i ON i.product_id = p.id AND i.colour_lead
                       WHERE ${holding} AND ${filter} AND ${holds}) AS found`
    : `WITH c AS (${words.length ? leadsOfAll(words, $) : 'SELECT i.id FROM items i WHERE i.colour_lead'})
       SELECT EXISTS (SELECT 1 FROM c JOIN items i ON i.id = c.id
                        JOIN products p ON p.id = i.product_id
                       WHERE ${filter} AND ${holds}) AS found`;
  const [row] = await queryPrepared<{ found: boolean }>(client, 'search_items_any', {
    text,
    params: $.values,
  });
  return row?.found ?? false;
}

type ItemPageRow = Omit<VariantRow, 'id'> & { id: number | null; n: number; rank: number };

interface ItemPageOptions {
  userId: number;
  categoryIds: readonly number[];
  /** The colours the shop's pieces come in (`Lexicon.colours`). */
  shopColours: readonly string[];
  after: SearchKey;
  limit: number;
}

/** `ownText`: only pieces with the concepts in their own text, ranked at least `WEIGHT.brand`. */
function itemPageStatement(
  concepts: readonly Concept[],
  options: ItemPageOptions,
  ownText: boolean,
): TextQuery {
  const { after, limit } = options;
  const $ = parameters();
  const take = $.add(limit + 1, 'int');
  // The categories asked and the sizes typed: which colour leads may be results at all.
  const filter = `${inCategories($, options.categoryIds)} AND ${madeInSizes($, concepts)}`;
  const words = lookedFor(concepts);
  let found: string;
  if (words.length === 0) {
    // Popular first (rank: shoppers who hearted the colour lately), then the newest (rank 0),
    // walked backwards along the primary key from the cursor's id once past the popular ones.
    const newestBelow = after.rank > 0 ? FIRST.id : after.id;
    found = `WITH lately AS (
               SELECT f.user_id, f.item_id, f.created_at FROM item_favorites f
                ORDER BY f.id DESC LIMIT ${$.add(POPULAR.hearts, 'int')}),
             popular AS (
               SELECT i.id, count(DISTINCT h.user_id)::int AS rank
                 FROM lately h
                 JOIN items hearted ON hearted.id = h.item_id
                 JOIN items i ON i.product_id = hearted.product_id AND i.color = hearted.color
                             AND i.colour_lead
                WHERE h.created_at > now() - make_interval(days => ${$.add(POPULAR.days, 'int')})
                  AND ${filter}
                GROUP BY i.id)
             SELECT id, rank FROM popular
             UNION ALL
             (SELECT i.id, 0 AS rank FROM items i
               WHERE i.colour_lead AND ${filter} AND i.id < ${$.add(newestBelow, 'int')}
                 AND i.id NOT IN (SELECT id FROM popular)
               ORDER BY i.id DESC LIMIT ${take})`;
    found = `SELECT id, rank FROM (${found}) m
              WHERE (m.rank, m.id) < (${$.add(after.rank, 'int')}, ${$.add(after.id, 'int')})
              ORDER BY m.rank DESC, m.id DESC LIMIT ${take}`;
  } else {
    // Each test of a piece once, as a flag (`h{concept}_{test}`) that the filter and the rank
    // both read: written into each, every regular expression ran twice.
    const flags = words.flatMap((c, k) =>
      pieceHits(c, $).map((hit, j) => ({ ...hit, k, name: `h${k}_${j}` })),
    );
    const rank = flags.map((f) => `(CASE WHEN h.${f.name} THEN ${WEIGHT[f.field]} ELSE 0 END)`);
    const holdsEach = words.map((_, k) =>
      anyOf(flags.filter((f) => f.k === k).map((f) => ({ sql: `h.${f.name}` }))),
    );
    // Two words or more, none of which a colour may hold: the products holding all of them,
    // found together in one index, where each word's own leads would be thousands to intersect.
    const holding =
      words.length > 1 && !ownText ? productsHolding(words, options.shopColours, $) : null;
    const leads = holding ? leadsOfProducts(holding) : leadsOfAll(words, $, !ownText);
    // Only the leads, found from indexes, are ranked, each in a subquery of its own (the outer
    // `OFFSET 0`), never a piece outside them. The inner `OFFSET 0` keeps the flags a subquery
    // of their own, which PostgreSQL would otherwise write out into every place that reads them.
    found = `WITH c AS (${leads})
             SELECT m.id, m.rank FROM c CROSS JOIN LATERAL (
               SELECT i.id, (${rank.join(' + ') || '0'}) AS rank
                 FROM items i
                 JOIN products p ON p.id = i.product_id
                 CROSS JOIN LATERAL (
                   SELECT ${flags.map((f) => `${f.sql} AS ${f.name}`).join(', ')} OFFSET 0) h
                WHERE i.id = c.id AND ${filter} AND ${holdsEach.join(' AND ')}
                OFFSET 0
             ) m
             WHERE (m.rank, m.id) < (${$.add(after.rank, 'int')}, ${$.add(after.id, 'int')})
               ${ownText ? `AND m.rank >= ${WEIGHT.brand}` : ''}
             ORDER BY m.rank DESC, m.id DESC LIMIT ${take}`;
  }
  const user = $.add(options.userId, 'int');
  const shown = $.add(limit, 'int');
  const text = `
    WITH page AS (
      SELECT id, rank, row_number() OVER (ORDER BY rank DESC, id DESC) AS n FROM (${found}) f)
    SELECT p.n, p.rank, p.id AS "resultId", i.id, i.product_id AS "productId", i.name, i.image,
           i.category_id AS "categoryId", c.name AS category, i.price_cents AS "priceCents",
           i.seller, i.color, i.color_hex AS "colorHex", i.size, i.stock,
           EXISTS (SELECT 1 FROM item_favorites f
                    WHERE f.user_id = ${user} AND f.item_id = i.id AND f.source = 'heart') AS hearted
      FROM page p
      JOIN items r ON r.id = p.id
      -- The row past the page only tells that there is a next page: no sizes for it.
      LEFT JOIN items i ON i.product_id = r.product_id AND i.color = r.color AND p.n <= ${shown}
      LEFT JOIN categories c ON c.id = i.category_id
     ORDER BY p.n`;
  return { text, params: $.values };
}

function itemPageOf(rows: readonly ItemPageRow[], limit: number): ItemPage {
  const ids: number[] = [];
  const variants: VariantRow[] = [];
  let next: SearchKey | null = null;
  let last: SearchKey | null = null;
  for (const row of rows) {
    if (row.n > limit) {
      next = last;
      continue;
    }
    if (ids[ids.length - 1] !== row.resultId) {
      ids.push(row.resultId);
      last = { rank: row.rank, id: row.resultId };
    }
    if (row.id !== null) variants.push({ ...row, id: row.id });
  }
  return { ids, next, variants };
}

/**
 * The next `limit` matching outfits with their ranks, best first, then newest, and whether more
 * follow. A concept is found in the outfit's name,
 * its occasion, its description or one of its pieces (as in item search); an outfit with one
 * piece that holds every concept ("white sneakers") ranks above one whose white piece and
 * sneakers are apart. Without words: the newest outfits.
 */
export async function searchOutfitPage(
  client: SqlClient,
  concepts: readonly Concept[],
  options: { after: SearchKey; limit: number },
): Promise<{ found: SearchKey[]; more: boolean }> {
  // Sizes are not read here: an outfit is not bought in one size.
  const words = lookedFor(concepts);
  const { after, limit } = options;
  const $ = parameters();
  const take = $.add(limit + 1, 'int');
  let text: string;
  if (words.length === 0) {
    text = `SELECT o.id, 0 AS rank FROM outfits o WHERE o.id < ${$.add(after.id, 'int')}
             ORDER BY o.id DESC LIMIT ${take}`;
  } else {
    text = `SELECT r.id, r.rank FROM (${rankedOutfits(words, $)}) r
             WHERE (r.rank, r.id) < (${$.add(after.rank, 'int')}, ${$.add(after.id, 'int')})
             ORDER BY r.rank DESC, r.id DESC LIMIT ${take}`;
  }
  const rows = await queryPrepared<{ id: number; rank: number }>(client, 'search_outfits', {
    text,
    params: $.values,
  });
  return { found: rows.slice(0, limit), more: rows.length > limit };
}

/** The places an outfit may hold a concept; one without word forms only in a piece. */
const placesOf = (concept: Concept): Exclude<keyof typeof OUTFIT_WEIGHT, 'onePiece'>[] =>
  concept.forms.length ? ['name', 'occasion', 'piece', 'description'] : ['piece'];

/**
 * Every outfit holding every concept, with its rank. `matched` holds one row an outfit, with a
 * flag for each place and concept, named after `OUTFIT_WEIGHT`'s fields (`piece0`, `name0`, …,
 * and `onePiece`): the rank adds up the weights of its true flags. The outfits are those the
 * outfits' words find (`matchedAmongWords`), or, when one of the concepts cannot be asked of them
 * (typed literally, or not in plain letters and digits), every outfit each concept is found in
 * (`matchedByLooks`).
 */
function rankedOutfits(words: readonly Concept[], $: Parameters): string {
  const flags = [
    ...words.flatMap((c, k) => placesOf(c).map((place) => `${place}${k}`)),
    'onePiece',
  ];
  const told = words.map(outfitWords);
  const { ctes, matched } = told.every((query) => query !== null)
    ? matchedAmongWords(words, told as string[], $)
    : matchedByLooks(words, flags, $);
  const weighs = (flag: string, weight: number) =>
    `(CASE WHEN m."${flag}" THEN ${weight} ELSE 0 END)`;
  const rank = [
    ...words.flatMap((c, k) =>
      placesOf(c).map((place) => weighs(`${place}${k}`, OUTFIT_WEIGHT[place])),
    ),
    weighs('onePiece', OUTFIT_WEIGHT.onePiece),
  ].join(' + ');
  // An outfit must hold every concept, each somewhere.
  const holdsAll = words
    .map(
      (c, k) =>
        `(${placesOf(c)
          .map((place) => `m."${place}${k}"`)
          .join(' OR ')})`,
    )
    .join(' AND ');
  return `WITH ${[...ctes, matched].join(',\n')}
          SELECT m.id, (${rank}) AS rank FROM matched m WHERE ${holdsAll}`;
}

/** `occasions{k}`: the occasions whose name holds concept k (`pattern`, its `formsPattern`). */
const occasionsNamed = (k: number, pattern: string) =>
  `occasions${k} AS MATERIALIZED (SELECT oc.id FROM occasions oc WHERE lower(oc.name) ~ ${pattern})`;

/**
 * A concept as one piece's tokens behind its slot in the outfits' words (0051), where
 * `pieceLooks` would find it: its forms in the piece's name; its colours, or for plain words
 * its forms in the colour; for a brand or plain words, its forms in the seller; its categories
 * and garments.
 */
function pieceTokens(concept: Concept, slot: string): string[] {
  const at = (field: string, token: string) => lexeme(`${slot}.${field}.${token}`);
  const prefixes = (field: string) => concept.forms.map((form) => `${at(field, form)}:*`);
  return [
    ...prefixes('n'),
    ...(concept.colours.length
      ? concept.colours.map((colour) => at('k', colour))
      : concept.kind === 'text'
        ? prefixes('c')
        : []),
    ...(concept.kind === 'brand' || concept.kind === 'text' ? prefixes('s') : []),
    ...concept.categoryIds.map((id) => at('t', String(id))),
    ...concept.garments.map((garment) => at('g', garment)),
  ];
}

const anyToken = (tokens: readonly string[]) => `(${tokens.join(' | ')})`;

/**
 * The outfits whose words hold every concept (`outfit_words_idx`, 0051), each with its flags:
 * which pieces hold what, from the same words (`pieceTokens`), and its name, description and
 * occasion by their regular expressions. Only when every concept can be asked of the words.
 */
function matchedAmongWords(words: readonly Concept[], told: readonly string[], $: Parameters) {
  const patterns = words.map((c) => (c.forms.length ? $.add(formsPattern(c), 'text') : null));
  const tokens = words.map((c) => SLOTS.map((slot) => pieceTokens(c, slot)));
  const holds = (query: string | null) =>
    query ? `w.words @@ ${$.add(query, 'tsquery')}` : 'false';
  const inAPiece = tokens.map((bySlot) =>
    holds(bySlot.flat().length ? anyToken(bySlot.flat()) : null),
  );
  // One piece holding every concept: in some slot, each concept's tokens.
  const onePiece = tokens.every((bySlot) => bySlot.flat().length)
    ? SLOTS.map((_, s) => `(${tokens.map((bySlot) => anyToken(bySlot[s]!)).join(' & ')})`).join(
        ' | ',
      )
    : null;
  const flag = (place: string, k: number) => {
    if (place === 'piece') return inAPiece[k]!;
    if (place === 'occasion') return `o.occasion_id IN (SELECT id FROM occasions${k})`;
    return `lower(o.${place}) ~ ${patterns[k]}`;
  };
  const columns = [
    ...words.flatMap((c, k) => placesOf(c).map((place) => `${flag(place, k)} AS "${place}${k}"`)),
    `${holds(onePiece)} AS "onePiece"`,
  ];
  // Materialized: each flag read once, where the rank and the filter would each test the words.
  const matched = `matched AS MATERIALIZED (
    SELECT o.id, ${columns.join(', ')}
      FROM outfit_words w
      JOIN outfits o ON o.id = w.outfit_id
     WHERE w.words @@ ${$.add(told.join(' & '), 'tsquery')})`;
  return {
    ctes: patterns.flatMap((pattern, k) => (pattern ? [occasionsNamed(k, pattern)] : [])),
    matched,
  };
}

/**
 * Every outfit each concept is found in. Each concept's pieces are found once, as product
 * colours (`looks`, with `holds{k}` for each concept k): an outfit holds the concept when one of
 * its pieces is one. Its name, description and occasion are matched once per concept too. Each
 * way an outfit is found gives rows of flags, and `matched` gathers them, one row an outfit.
 */
function matchedByLooks(words: readonly Concept[], flags: readonly string[], $: Parameters) {
  const looks = `looks AS (
    SELECT product_id, color, ${words.map((_, k) => `bool_or(k = ${k}) AS holds${k}`).join(', ')}
      FROM (${words
        .map((c, k) => `SELECT product_id, color, ${k} AS k FROM (${pieceLooks(c, $)}) b${k}`)
        .join(' UNION ALL ')}) u
     GROUP BY product_id, color)`;
  const texts = words.map((c, k) => outfitText(c, k, $));
  const row = (id: string, set: Record<string, string>) =>
    `SELECT ${id} AS id, ${flags.map((f) => `${set[f] ?? 'false'} AS "${f}"`).join(', ')}`;
  const sources = [
    `${row('oi.outfit_id', {
      ...Object.fromEntries(words.map((_, k) => [`piece${k}`, `lk.holds${k}`])),
      onePiece: words.map((_, k) => `lk.holds${k}`).join(' AND '),
    })}
       FROM looks lk
       JOIN outfit_items oi ON oi.product_id = lk.product_id AND oi.color = lk.color`,
    ...texts.flatMap((t, k) =>
      t
        ? [
            `${row('t.id', { [`name${k}`]: 't.named', [`description${k}`]: 't.described' })}
               FROM (${t.rows}) t WHERE t.named OR t.described`,
            `${row('o.id', { [`occasion${k}`]: 'true' })} FROM outfits o
              WHERE o.occasion_id IN (SELECT id FROM occasions${k})`,
          ]
        : [],
    ),
  ];
  const matched = `matched AS (
    SELECT id, ${flags.map((f) => `bool_or("${f}") AS "${f}"`).join(', ')}
      FROM (${sources.join(' UNION ALL ')}) ways
     GROUP BY id)`;
  const occasions = texts.flatMap((t) => (t ? [t.occasions] : []));
  return { ctes: [looks, ...occasions], matched };
}

/** The shop's words (`search_words`, 0003_search.sql) but its stop words, its sellers and colours. */
export async function readLexicon(db: Db): Promise<Lexicon> {
  const [words, sellers, colours] = await Promise.all([
    db.select({ word: searchWords.word }).from(searchWords).orderBy(asc(searchWords.word)),
    db.selectDistinct({ seller: products.seller }).from(products).orderBy(asc(products.seller)),
    db.selectDistinct({ colour: items.color }).from(items).where(eq(items.colourLead, true)),
  ]);
  return {
    words: words.map((r) => r.word).filter((word) => !STOP_WORDS.has(word)),
    sellers: sellers.map((r) => r.seller),
    colours: colours.map((r) => r.colour),
  };
}

/** Which of these outfits the shopper swiped right on. */
export async function likedAmong(
  client: SqlClient,
  userId: number,
  outfitIds: readonly number[],
): Promise<Set<number>> {
  if (outfitIds.length === 0) return new Set();
  // One primary-key probe an outfit. The subquery returns the whole swipe row, which no index
  // holds: `swipes_user_recent_idx` holds its outfit and direction, and a plan made for the
  // typical shopper answered from it by reading the shopper's every swipe.
  const rows = await queryPrepared<{ id: number }>(
    client,
    'search_liked_among',
    sql`SELECT k.id FROM unnest(${idArray(outfitIds)}::int[]) AS k(id)
         WHERE ((SELECT s FROM swipes s
                  WHERE s.user_id = ${userId} AND s.outfit_id = k.id)).direction = 'like'`,
  );
  return new Set(rows.map((r) => r.id));
}

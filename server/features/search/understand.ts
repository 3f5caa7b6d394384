import { type Understood, WORD_BREAKS } from '../../../contracts/search';
import { LETTER_SIZES } from '../../../contracts/sizes';
import { editDistance, MIN_TYPO_LENGTH } from '../../lib/text-search';
import {
  IRREGULAR_PLURALS,
  type Meaning,
  NEAREST_SOLD,
  SHOP_WORDS,
  STOP_WORDS,
} from './shop-words';

/**
 * Reads what a shopper typed as the catalogue means it: each word (or pair of words, "leather
 * jacket") becomes a concept: a colour, a kind of garment or category, a brand, or plain words to
 * find at the start of a word in the shop's texts. Plurals are read as their singular, the last
 * word as the start of a word still being typed, and a word the shop does not have as the shop's
 * words closest to it (one edit for four to seven letters, two from eight, none shorter). A
 * size ("size M", "32", "EU 40") is a concept of its own, which filters instead of being looked for.
 * Pure: the shop's words come in as a `Lexicon`.
 */

/**
 * The words the shop's texts use (`search_words`), its sellers and the colours its pieces come
 * in, as read from the database.
 */
export interface Lexicon {
  words: readonly string[];
  sellers: readonly string[];
  colours: readonly string[];
}

export interface Concept {
  /** The words as typed, which a chip removes. */
  words: string;
  kind: 'colour' | 'category' | 'brand' | 'size' | 'text';
  /** What the chip says ("Black", "Sneakers", "Corvo Calzature", "EU 40"), null for plain words. */
  label: string | null;
  /** The word was not in the shop and was read as the closest words it has. */
  corrected: boolean;
  /** Word starts to look for in names, sellers and descriptions (`literal`: anywhere, as typed). */
  forms: string[];
  literal: boolean;
  colours: string[];
  garments: string[];
  categoryIds: number[];
  /** A size's spellings as the shop writes sizes ("M"; "40", "EU 40"): a piece made in one. */
  sizes: string[];
}

export interface Understanding {
  concepts: Concept[];
}

const MAX_WORDS = 6;
const MAX_FORMS = 8;

const WORD = /^[\p{L}\p{N}]+$/u;

/** Lower-cased words; hyphens, apostrophes and stops separate words ("t-shirt" is one word). */
export function wordsOf(q: string): string[] {
  const text = q
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/\bt[\s-]?shirt/g, 'tshirt');
  const words = text.split(WORD_BREAKS).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/** The word, then what it would be as a singular (`boots` → boot, `scarves` → scarf). */
export function singulars(word: string): string[] {
  const out = [word];
  const irregular = IRREGULAR_PLURALS.get(word);
  if (irregular) out.push(irregular);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) {
    if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`, word.slice(0, -1));
    else if (word.endsWith('ves')) out.push(`${word.slice(0, -3)}f`, word.slice(0, -1));
    else if (/(ss|sh|ch|x|z)es$/.test(word)) out.push(word.slice(0, -2));
    else out.push(word.slice(0, -1));
  }
  return [...new Set(out)];
}

/** How many edits a word of this length may hold and still be read as a word of the shop. */
export const typosAllowed = (word: string) =>
  word.length < MIN_TYPO_LENGTH ? 0 : word.length < 8 ? 1 : 2;

/**
 * A concept from the table. A garment's own word is looked for too ("knit" in "Cable-Knit"); a
 * colour's or a category's is not: "tan" is no word start of "Tank", "top" none of "Low-Top".
 */
function fromMeaning(words: string, meaning: Meaning, corrected: boolean, key?: string): Concept {
  const own = key !== undefined && meaning.garments?.length && !key.includes(' ') ? [key] : [];
  return {
    words,
    kind: meaning.kind,
    label: meaning.label,
    corrected,
    forms: [...new Set([...meaning.forms, ...own])],
    literal: false,
    colours: [...(meaning.colours ?? [])],
    garments: [...(meaning.garments ?? [])],
    categoryIds: [...(meaning.categoryIds ?? [])],
    sizes: [],
  };
}

function plain(words: string, forms: string[], options: Partial<Concept> = {}): Concept {
  return {
    words,
    kind: 'text',
    label: null,
    corrected: false,
    forms,
    literal: false,
    colours: [],
    garments: [],
    categoryIds: [],
    sizes: [],
    ...options,
  };
}

/** The shop's words closest to `word` within the edits its length allows, nearest first. */
export function closestWords(word: string, candidates: Iterable<string>, max: number): string[] {
  if (max === 0) return [];
  let best = max + 1;
  let found: string[] = [];
  for (const candidate of candidates) {
    const d = editDistance(word, candidate, Math.min(max, best));
    if (d < best) {
      best = d;
      found = [candidate];
    } else if (d === best && d <= max) found.push(candidate);
  }
  return best <= max ? found : [];
}

const SINGLE_KEYS = [...SHOP_WORDS.keys()].filter((k) => !k.includes(' '));

/** One word typed (not part of a pair the table knows). */
function readWord(word: string, last: boolean, lexicon: Lexicon): Concept {
  if (!WORD.test(word)) return plain(word, [word], { literal: true });
  const forms = singulars(word);
  for (const form of forms) {
    const meaning = SHOP_WORDS.get(form);
    if (meaning) return fromMeaning(word, meaning, false, form);
  }
  if (word.length >= 3) {
    const seller = lexicon.sellers.find((s) => s.toLowerCase().startsWith(word));
    if (seller) {
      return plain(word, [word], { kind: 'brand', label: seller });
    }
  }
  if (last && word.length >= 3) {
    // Still being typed: the start of one word of the table ("sneak") means what it means.
    const meanings = new Set(
      SINGLE_KEYS.filter((k) => k.startsWith(word)).map((k) => SHOP_WORDS.get(k)!),
    );
    const labels = new Set([...meanings].map((m) => m.label));
    if (labels.size === 1) {
      const concept = fromMeaning(word, [...meanings][0]!, false);
      concept.forms.push(word);
      return concept;
    }
  }
  const known = forms.find((form) => lexicon.words.some((w) => w.startsWith(form)));
  if (known) return plain(word, [known]);
  const max = typosAllowed(word);
  if (max > 0) {
    const near = closestWords(word, [...SINGLE_KEYS, ...lexicon.words], max);
    const key = near.flatMap(singulars).find((w) => SHOP_WORDS.has(w));
    if (key) return fromMeaning(word, SHOP_WORDS.get(key)!, true, key);
    if (near.length) {
      return plain(word, near.slice(0, MAX_FORMS), { corrected: true, label: near[0]! });
    }
    // Inside a word, only when nothing better exists: the shop's words that hold it.
    const holding = lexicon.words.filter((w) => w.includes(word)).slice(0, MAX_FORMS);
    if (holding.length) return plain(word, holding);
  }
  return plain(word, [word]);
}

/** Words that announce a size; alone, they say nothing to look for. */
const SIZE_WORDS = new Set(['size', 'sizes', 'sz']);
/** How a size's number may be marked ("EU 40"); alone, they say nothing to look for either. */
const SIZE_SYSTEMS = new Set(['eu', 'uk', 'us']);
/** Letter sizes by name, after a word that announces a size: "size medium". */
const NAMED_SIZES: Readonly<Record<string, string>> = { small: 'S', medium: 'M', large: 'L' };

/** The letter size a word is ("xl" → XL), or by name when a size was announced. */
function letterSize(word: string, announced: boolean): string | undefined {
  const letters = LETTER_SIZES.find((size) => size.toLowerCase() === word);
  return letters ?? (announced && Object.hasOwn(NAMED_SIZES, word) ? NAMED_SIZES[word] : undefined);
}

/**
 * The shop's spellings of a size typed as `word` (after `system`, "eu"), or none. After a word
 * that announces a size, any letter size or number of one or two digits; alone, a letter size
 * or a number from 20 to 59, the shop's waists and shoe sizes, so "3" stays a word to look for.
 * "eu40" is "eu 40".
 */
function sizeSpellings(word: string, announced: boolean, system?: string): string[] {
  const marked = /^(eu|uk|us)(\d{1,2})$/.exec(word);
  if (marked && system === undefined) return sizeSpellings(marked[2]!, true, marked[1]);
  const letters = letterSize(word, announced);
  if (letters !== undefined) return system === undefined ? [letters] : [];
  if (!/^\d{1,2}$/.test(word)) return [];
  const n = Number(word);
  if (system !== undefined) return [`${system.toUpperCase()} ${n}`];
  if (!announced && (n < 20 || n > 59)) return [];
  return [String(n), ...[...SIZE_SYSTEMS].map((s) => `${s.toUpperCase()} ${n}`)];
}

const sizeConcept = (words: string, label: string, sizes: string[]) =>
  plain(words, [], { kind: 'size', label, sizes });

/**
 * A size starting at `words[i]`, and how many words it took: "size m", "eu 40", "sz eu 40",
 * "xl", "32", "one size"; none when the words there are no size.
 */
function readSize(words: readonly string[], i: number): { concept: Concept; took: number } | null {
  if (words[i] === 'one' && SIZE_WORDS.has(words[i + 1] ?? '')) {
    return { concept: sizeConcept(`one ${words[i + 1]}`, 'One Size', ['One Size']), took: 2 };
  }
  const announced = SIZE_WORDS.has(words[i]!);
  const at = announced ? i + 1 : i;
  const system = SIZE_SYSTEMS.has(words[at] ?? '') ? words[at] : undefined;
  const last = system === undefined ? at : at + 1;
  const word = words[last];
  if (word === undefined) return null;
  const sizes = sizeSpellings(word, announced || system !== undefined, system);
  if (sizes.length === 0) return null;
  // A bare number may be any system's ("40"); the chip says it as typed.
  const label = system === undefined && sizes.length > 1 ? word : sizes[0]!;
  return {
    concept: sizeConcept(words.slice(i, last + 1).join(' '), label, sizes),
    took: last - i + 1,
  };
}

export function understand(q: string, lexicon: Lexicon): Understanding {
  const words = wordsOf(q);
  const concepts: Concept[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = words[i + 1];
    const size = readSize(words, i);
    if (size) {
      concepts.push(size.concept);
      i += size.took - 1;
      continue;
    }
    if (SIZE_WORDS.has(word) || SIZE_SYSTEMS.has(word)) continue;
    if (next !== undefined && WORD.test(word) && WORD.test(next)) {
      const meaning = singulars(next)
        .map((n) => SHOP_WORDS.get(`${word} ${n}`))
        .find(Boolean);
      if (meaning) {
        concepts.push(fromMeaning(`${word} ${next}`, meaning, false));
        i++;
        continue;
      }
    }
    if (STOP_WORDS.has(word)) continue;
    concepts.push(readWord(word, i === words.length - 1, lexicon));
  }
  return { concepts };
}

/** The chips of what was understood: colours, categories, brands, sizes and spellings read otherwise. */
export function understoodOf(understanding: Understanding): Understood[] {
  return understanding.concepts.flatMap((c): Understood[] => {
    if (c.kind === 'colour' || c.kind === 'category' || c.kind === 'brand' || c.kind === 'size') {
      return [{ words: c.words, kind: c.kind, label: c.label ?? c.words }];
    }
    if (c.corrected) return [{ words: c.words, kind: 'spelling', label: c.forms.join(' or ') }];
    return [];
  });
}

/**
 * Searches the shop can answer, for one that found nothing, best first: each garment the shop
 * does not sell as the nearest it does (`NEAREST_SOLD`), each other word it does not have as the
 * closest word it has (up to three edits); then the kind of garment alone, then, when every word
 * is known, the first word alone. A word with nothing near it is not dropped to make a
 * suggestion: "summer dress" is no "jumper". A size typed is dropped before any word is, and is
 * never offered alone.
 */
export function suggestionsFor(q: string, understanding: Understanding, lexicon: Lexicon) {
  const vocabulary = [...SINGLE_KEYS, ...lexicon.words];
  const typed = wordsOf(q).join(' ');
  const garments: string[] = [];
  const words = understanding.concepts.map((c) => {
    if (c.kind === 'category') garments.push(c.words);
    if (c.kind !== 'text' || c.literal) return c.words;
    const nearest = singulars(c.words).flatMap((form) => NEAREST_SOLD.get(form) ?? [])[0];
    const label = nearest && SHOP_WORDS.get(nearest)?.label.toLowerCase();
    if (label) {
      garments.push(label);
      return label;
    }
    if (c.corrected) return c.words;
    if (lexicon.words.some((w) => c.forms.some((f) => w.startsWith(f)))) return c.words;
    // A third of the word may differ, at most three letters: "gilet" is no "grey".
    const edits = Math.min(3, Math.max(1, Math.floor(c.words.length / 3)));
    return closestWords(c.words, vocabulary, edits)[0];
  });
  const known = words.every((w) => w !== undefined);
  // A size is never offered alone: "32 linen" offers "linen", not every piece in 32.
  const unsized = words.filter((_, k) => understanding.concepts[k]!.kind !== 'size');
  const candidates = [
    ...(known ? [words.join(' ')] : []),
    ...(known && unsized.length < words.length ? [unsized.join(' ')] : []),
    ...garments,
    ...(known && unsized[0] ? [unsized[0]] : []),
  ];
  return [...new Set(candidates)].filter((s) => s !== '' && s !== typed);
}

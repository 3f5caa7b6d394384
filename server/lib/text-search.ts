import { and, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/**
 * Drape's text search: case-insensitive, anywhere in the text, every word typed must match, and
 * a word with one typo (a letter wrong, missing, extra, or two swapped) finds what was meant.
 *
 * Every condition is a LIKE on a lower-cased column with a GIN trigram index, so PostgreSQL
 * answers it from the index however large the catalogue. Typos are resolved first, against `search_words` (every
 * word the shop's texts use, a few hundred): a word typed that no text contains is replaced by the
 * shop's words within one edit of it. See docs/decisions/003-search-typos-and-paging.md.
 */

const MAX_TERMS = 6;
/** Shorter words have too many neighbours one edit away to guess which was meant. */
const MIN_TYPO_LENGTH = 4;
const MAX_ALTERNATIVES = 8;

export interface SearchText {
  /** The whole text, lower-cased and with spaces collapsed; '' for no text. */
  phrase: string;
  /** Its distinct words, at most MAX_TERMS. */
  terms: string[];
}

/** A word as typed, and the shop's words it may be a typo of (empty when it is found as is). */
export interface SearchTerm {
  term: string;
  alternatives: string[];
}

export function parseSearchText(q: string): SearchText {
  const phrase = q.toLowerCase().trim().replace(/\s+/g, ' ');
  const terms = [...new Set(phrase.split(' ').filter(Boolean))].slice(0, MAX_TERMS);
  return { phrase, terms };
}

/** `%`, `_` and `\` are plain characters to a shopper, so they are escaped for LIKE. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Optimal string alignment distance of at most one: one substitution, insertion, deletion or swap. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

const typoWorthy = (term: string) =>
  term.length >= MIN_TYPO_LENGTH && /^[\p{L}\p{N}]+$/u.test(term);

/**
 * What the shop's word list said of one word typed: whether some word holds it, else the words
 * one edit away; and how many words the list held when asked.
 */
interface Correction {
  found: boolean;
  alternatives: string[];
  words: number;
}

/**
 * Corrections already looked up, per database. `search_words` only ever grows (0003_search.sql),
 * so a word found in it stays found: that answer is kept for good. The alternatives of a word not
 * found depend on the whole list, which a new word can change, so they are only reused while the
 * list still holds the number of words it held when they were looked up (`words`): the item
 * search statement reads that number back in the same snapshot and asks again if it moved.
 * Nothing here depends on stock, prices or anything else a request changes.
 */
interface Corrections {
  byTerm: Map<string, Correction>;
  /** The largest word count seen: an unfound word's entry with fewer is stale. */
  words: number;
}
const MAX_CORRECTIONS = 10_000;
const corrections = new WeakMap<Db, Corrections>();

function correctionsOf(db: Db): Corrections {
  let found = corrections.get(db);
  if (!found) {
    found = { byTerm: new Map(), words: -1 };
    corrections.set(db, found);
  }
  return found;
}

/** The word list holds `words` words now (read by a statement that relied on corrections). */
export function noteDictionarySize(db: Db, words: number): void {
  const kept = correctionsOf(db);
  kept.words = Math.max(kept.words, words);
}

export interface ExpandedTerms {
  terms: SearchTerm[];
  /**
   * The word count the alternatives of words not found were looked up at, or null when every
   * word typed was found (or too short to be a typo): then nothing here can go stale.
   */
  assumedWords: number | null;
}

/**
 * For each word typed that no text in the shop contains, the shop's words one edit away.
 * One query, over the words of about the right length only, and none when every answer is
 * kept (see `Corrections`); `reuseUnfound: false` asks again about the words not found.
 */
export async function correctTerms(
  db: Db,
  terms: readonly string[],
  options: { reuseUnfound?: boolean } = {},
): Promise<ExpandedTerms> {
  const kept = correctionsOf(db);
  const unsure = terms.filter(typoWorthy);
  const usable = (c: Correction | undefined) =>
    c !== undefined && (c.found || (options.reuseUnfound === true && c.words === kept.words));
  if (!unsure.every((t) => usable(kept.byTerm.get(t)))) {
    // Ask about every word not known to be found, so all the answers share one word count.
    const ask = unsure.filter((t) => !kept.byTerm.get(t)?.found);
    const rows = rowsOf<{ term: string; words: number; found: boolean; near: string[] }>(
      await db.execute(sql`
        SELECT t.term, d.words, f.found,
               CASE WHEN f.found THEN '{}'::text[] ELSE ARRAY(
                 SELECT w.word FROM search_words w
                  WHERE length(w.word) BETWEEN length(t.term) - 1 AND length(t.term) + 1) END AS near
          FROM unnest(${`{${ask.join(',')}}`}::text[]) AS t(term)
         CROSS JOIN (SELECT count(*)::int AS words FROM search_words) d
         CROSS JOIN LATERAL (
               SELECT EXISTS (SELECT 1 FROM search_words x WHERE x.word LIKE '%' || t.term || '%')
                      AS found) f`),
    );
    for (const { term, words, found, near } of rows) {
      const alternatives = near.filter((w) => withinOneEdit(term, w)).slice(0, MAX_ALTERNATIVES);
      kept.byTerm.delete(term);
      kept.byTerm.set(term, { found, alternatives, words });
      kept.words = Math.max(kept.words, words);
    }
    while (kept.byTerm.size > MAX_CORRECTIONS) {
      const oldest = kept.byTerm.keys().next().value;
      if (oldest === undefined) break;
      kept.byTerm.delete(oldest);
    }
  }
  let assumedWords: number | null = null;
  const expanded = terms.map((term) => {
    const c = typoWorthy(term) ? kept.byTerm.get(term) : undefined;
    if (!c || c.found) return { term, alternatives: [] };
    assumedWords = c.words;
    return { term, alternatives: c.alternatives };
  });
  return { terms: expanded, assumedWords };
}

/** The words typed with their alternatives, as of now (unfound words are asked about again). */
export async function expandTerms(db: Db, terms: readonly string[]): Promise<SearchTerm[]> {
  return (await correctTerms(db, terms)).terms;
}

/** drizzle's execute() answers `{ rows }` on both drivers; its type does not say so. */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/**
 * `search_text` columns are stored lower-cased and the words searched for are lower-cased too, so
 * plain LIKE does: it compares bytes, where ILIKE folds case row by row (measured: a scan of
 * 138,000 items took 200 ms with ILIKE). Other columns (`lowered: false`) use ILIKE.
 */
function contains(column: AnyPgColumn | SQL, text: string, lowered = true): SQL {
  return lowered
    ? sql`(${column} LIKE ${likePattern(text)} ESCAPE '\\')`
    : sql`(${column} ILIKE ${likePattern(text)} ESCAPE '\\')`;
}

/** Every word must appear in the text, as typed or as one of the words it may be a typo of. */
export function matchesAllTerms(
  column: AnyPgColumn | SQL,
  terms: readonly SearchTerm[],
): SQL | undefined {
  if (terms.length === 0) return undefined;
  return and(
    ...terms.map(({ term, alternatives }) =>
      alternatives.length
        ? or(contains(column, term), ...alternatives.map((w) => contains(column, w)))
        : contains(column, term),
    ),
  );
}

/**
 * Whether the trigram index can answer a search for these words: at least one of them holds three
 * letters or digits in a row (shorter ones give the index nothing to look up).
 */
export function indexable(terms: readonly string[]): boolean {
  return terms.some((t) => /[\p{L}\p{N}]{3}/u.test(t));
}

/** `lower(column)` holds the phrase: answered by the `lower(name)` trigram indexes. */
export function nameContains(column: AnyPgColumn | SQL, phrase: string): SQL {
  return sql`(lower(${column}) LIKE ${likePattern(phrase)} ESCAPE '\\')`;
}

export interface SearchQuery {
  text: SearchText;
  terms: SearchTerm[];
  /**
   * Whether results whose name holds the phrase should come first. Not for a search the index
   * cannot help with (those list in id order, so they stop at the first page of matches), nor
   * when a word was a typo (the phrase as typed is in no name).
   */
  ranked: boolean;
  /** See ExpandedTerms: the word count the corrections assume, null when they cannot go stale. */
  assumedWords: number | null;
}

/**
 * `reuseUnfound`: reuse kept corrections of words not found, for a caller that checks
 * `assumedWords` against the word list in the statement that uses them.
 */
export async function buildSearchQuery(
  db: Db,
  q: string,
  options: { reuseUnfound?: boolean } = {},
): Promise<SearchQuery> {
  const text = parseSearchText(q);
  const { terms, assumedWords } = await correctTerms(db, text.terms, options);
  const ranked = indexable(text.terms) && terms.every((t) => t.alternatives.length === 0);
  return { text, terms, ranked, assumedWords };
}

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
 * For each word typed that no text in the shop contains, the shop's words one edit away.
 * One query, over the words of about the right length only.
 */
export async function expandTerms(db: Db, terms: readonly string[]): Promise<SearchTerm[]> {
  const unsure = terms.filter(typoWorthy);
  const alternatives = new Map<string, string[]>();
  if (unsure.length) {
    const rows = await db.execute(sql`
      SELECT t.term, w.word
        FROM unnest(${`{${unsure.join(',')}}`}::text[]) AS t(term)
        JOIN search_words w ON length(w.word) BETWEEN length(t.term) - 1 AND length(t.term) + 1
       WHERE NOT EXISTS (SELECT 1 FROM search_words x WHERE x.word LIKE '%' || t.term || '%')`);
    for (const { term, word } of rowsOf<{ term: string; word: string }>(rows)) {
      if (!withinOneEdit(term, word)) continue;
      const list = alternatives.get(term) ?? [];
      if (list.length < MAX_ALTERNATIVES) list.push(word);
      alternatives.set(term, list);
    }
  }
  return terms.map((term) => ({ term, alternatives: alternatives.get(term) ?? [] }));
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
}

export async function buildSearchQuery(db: Db, q: string): Promise<SearchQuery> {
  const text = parseSearchText(q);
  const terms = await expandTerms(db, text.terms);
  const ranked = indexable(text.terms) && terms.every((t) => t.alternatives.length === 0);
  return { text, terms, ranked };
}

import { and, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryPlannedEachTime, queryPrepared, type SqlClient } from '../db/client';

/**
 * Text matching inside a shopper's own lists (the favourites' and the closet's searches):
 * case-insensitive, anywhere in the text, every word typed must match, and a word with one typo
 * (a letter wrong, missing, extra, or two swapped) finds what was meant. Every condition is a LIKE on a lower-cased
 * column. Typos are resolved first, against `search_words` (every word the shop's texts use, a
 * few hundred). The catalogue search reads words as shoppers mean them instead
 * (server/features/search/understand.ts); both share the edit distance and the typo threshold.
 * See docs/decisions/003-search-typos-and-paging.md.
 */

const MAX_TERMS = 6;
/** Shorter words have too many neighbours one edit away to guess which was meant. */
export const MIN_TYPO_LENGTH = 4;
const MAX_ALTERNATIVES = 8;

/** A word as typed, and the shop's words it may be a typo of (empty when it is found as is). */
export interface SearchTerm {
  term: string;
  alternatives: string[];
}

/** The distinct words of a search, lower-cased, at most MAX_TERMS. */
export function searchWords(q: string): string[] {
  return [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_TERMS);
}

/** `%`, `_` and `\` are plain characters to a shopper, so they are escaped for LIKE. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Optimal string alignment distance, or `max + 1` as soon as it must exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, before[j - 2]! + 1);
      }
      row.push(d);
      least = Math.min(least, d);
    }
    if (least > max) return max + 1;
    before = previous;
    previous = row;
  }
  return Math.min(previous[b.length]!, max + 1);
}

/** One substitution, insertion, deletion or swap at most. */
export const withinOneEdit = (a: string, b: string): boolean => editDistance(a, b, 1) <= 1;

const typoWorthy = (term: string) =>
  term.length >= MIN_TYPO_LENGTH && /^[\p{L}\p{N}]+$/u.test(term);

/**
 * The words typed, each with the shop's words one edit away when no text in the shop holds it.
 * One query over the words of about the right length, and none when no word is worth a typo check.
 * The words go as a row of parameters each, not an array: guessing an array's length, PostgreSQL
 * planned the statement afresh at every call.
 */
export async function expandTerms(
  client: SqlClient,
  terms: readonly string[],
): Promise<SearchTerm[]> {
  const ask = terms.filter(typoWorthy);
  const near = new Map<string, string[]>();
  if (ask.length) {
    const rows = await queryPrepared<{ term: string; found: boolean; near: string[] }>(
      client,
      'typo_check',
      sql`
        SELECT t.term, f.found,
               CASE WHEN f.found THEN '{}'::text[] ELSE ARRAY(
                 SELECT w.word FROM search_words w
                  WHERE length(w.word) BETWEEN length(t.term) - 1 AND length(t.term) + 1) END AS near
          FROM (VALUES ${sql.join(
            ask.map((term) => sql`(${term}::text)`),
            sql`, `,
          )}) AS t(term)
         CROSS JOIN LATERAL (
               SELECT EXISTS (SELECT 1 FROM search_words x WHERE x.word LIKE '%' || t.term || '%')
                      AS found) f`,
    );
    for (const row of rows) {
      if (row.found) continue;
      const alternatives = row.near.filter((w) => withinOneEdit(row.term, w));
      near.set(row.term, alternatives.slice(0, MAX_ALTERNATIVES));
    }
  }
  return terms.map((term) => ({ term, alternatives: near.get(term) ?? [] }));
}

/**
 * The column (`search_text`, or its copies in `words`) and the words typed are both lower-cased,
 * so LIKE compares bytes and needs no ILIKE.
 */
function contains(column: AnyPgColumn | SQL, text: string): SQL {
  return sql`(${column} LIKE ${likePattern(text)} ESCAPE '\\')`;
}

/**
 * Whether a search's statement may be prepared: a word's typo alternatives write its text with
 * their count, and a statement kept for each combination of counts would crowd every connection.
 */
export const preparable = (terms: readonly SearchTerm[]): boolean =>
  terms.every((t) => t.alternatives.length === 0);

/** A page's statement searched for `terms` (or not searched): prepared under `name` when `preparable`. */
export function querySearched<T>(
  client: SqlClient,
  name: string,
  terms: readonly SearchTerm[] | undefined,
  statement: SQL,
): Promise<T[]> {
  return terms && !preparable(terms)
    ? queryPlannedEachTime<T>(client, statement)
    : queryPrepared<T>(client, name, statement);
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

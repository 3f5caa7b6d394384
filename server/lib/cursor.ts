import { z } from 'zod';
import { ORDER_PAGE_SIZE, OUTFIT_PAGE_SIZE, PAGE_SIZE, type Page } from '../../contracts/common';
import { badRequest } from './errors';

/**
 * Keyset cursors for the paged lists. A cursor is the sort key of the last entry a page showed
 * (for a search of favourites, the point its bounded walk reached, which may be no entry shown),
 * as base64url JSON; the next page starts strictly after it in the list's one order, so entries
 * added or removed in between neither repeat nor hide others. The client treats it as opaque.
 */

/**
 * A timestamp as PostgreSQL writes `timestamptz::text` (`2026-11-26 18:56:19.123456+00`): the
 * full microseconds, which a JavaScript Date would round away and so step over or repeat rows.
 */
const TIMESTAMP_TEXT =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

export const TimestampKeySchema = z
  .string()
  .regex(TIMESTAMP_TEXT)
  .refine((text) => {
    // A day the month has (the regex lets 31 February through).
    const [, y, m, d] = TIMESTAMP_TEXT.exec(text) ?? [];
    const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    return day.getUTCDate() === Number(d);
  });

export const IdKeySchema = z.number().int().min(0).max(2_147_483_647);

export interface CursorCodec<K> {
  encode(key: K): string;
  /** The key a cursor names; undefined for no cursor; 400 for one this list did not give. */
  decode(cursor: string | undefined): K | undefined;
}

/**
 * A list's cursors: its key under the list's tag, so that a cursor of another list with a key of
 * the same shape (closet outfits and liked outfits both end at a time and an id) is refused. Tags
 * are short: a cursor is at most 200 characters, and a design carousel's key holds a name.
 */
export function cursorCodec<T extends z.ZodType>(list: string, key: T): CursorCodec<z.output<T>> {
  const tagged = z.tuple([z.literal(list), key]);
  return {
    encode: (value) => Buffer.from(JSON.stringify([list, value]), 'utf8').toString('base64url'),
    decode(cursor) {
      if (cursor === undefined) return undefined;
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      } catch {
        json = undefined;
      }
      const parsed = tagged.safeParse(json);
      if (!parsed.success) {
        throw badRequest('That cursor is not one this list gave.', {
          cursor: 'is not a cursor this list gave',
        });
      }
      return parsed.data[1] as z.output<T>;
    },
  };
}

/**
 * A page from rows read with `limit: size + 1` (`PAGE_READ`, `OUTFIT_PAGE_READ`, `ORDER_PAGE_READ`): the extra row
 * only tells that there is a next page, which starts after the last row shown.
 */
export function pageFrom<R, T>(
  rows: readonly R[],
  cursorOf: (row: R) => string,
  toEntry: (rows: R[]) => T[] | Promise<T[]>,
  size = PAGE_SIZE,
): Promise<Page<T>> {
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  const nextCursor = rows.length > size && last !== undefined ? cursorOf(last) : null;
  return Promise.resolve(toEntry(shown)).then((items) => ({ items, nextCursor }));
}

/** Rows a page reads: one more than it shows. */
export const PAGE_READ = PAGE_SIZE + 1;
export const OUTFIT_PAGE_READ = OUTFIT_PAGE_SIZE + 1;
export const ORDER_PAGE_READ = ORDER_PAGE_SIZE + 1;

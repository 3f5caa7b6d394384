import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './errors';

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type { ErrorCode };

export const ApiErrorSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    /** Field-level problems, keyed by the field's path (`zip`, `item_ids.2`). */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
 * A positive database id in a path, query or body: a JSON number, or the digits of one as paths
 * and query strings carry it. Nothing else is coerced: `true`, `[5]`, `0x10`, `1e1` and ` 7` are
 * not ids, however JavaScript would read them.
 */
export const IdSchema = z
  .union([z.number(), z.string().regex(/^[0-9]+$/)], { error: 'must be a number' })
  .transform(Number)
  .pipe(
    z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .max(2_147_483_647, 'is too large'),
  );

/**
 * Text a person types on one line (a name, a street, a search). C0 and C1 control characters,
 * DEL, line breaks and tabs among them, have no place there, and a line break in a name would
 * start a line of its own wherever the name is written out, as in the plain-text e-mail. Checked
 * before any trim, so a leading or trailing one is refused too. Chain `.trim()`, `.min()` and
 * `.max()` on it as on any string.
 */
export function singleLineText(label?: string, params?: Parameters<typeof z.string>[0]) {
  const subject = label ? `${label} ` : '';
  return z
    .string(params)
    .regex(/^\P{Cc}*$/u, `${subject}must be one line, without tabs or other control characters`);
}

export const IdParamsSchema = z.object({ id: IdSchema });

export const OkSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof OkSchema>;

/** Paging for search results: an opaque offset the server hands back. */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

/**
 * The most pieces one page of a list holds (favourites, closet, item search): sixteen fill a
 * phone's screen twice, two to a row, and a page costs what its cards do (docs/performance.md).
 */
export const PAGE_SIZE = 16;

/**
 * The most outfits one page of a list of outfits holds (favourites, closet, the designer's list):
 * an outfit card shows five pieces, so half a page of pieces, each card about a phone's screen.
 */
export const OUTFIT_PAGE_SIZE = 8;

/**
 * The most outfits one page of outfit search holds: a search's page is its best matches in rank
 * order, and a shopper judges it by the first ten (the relevance floors are nDCG at 10).
 */
export const OUTFIT_SEARCH_PAGE_SIZE = 12;

/**
 * The most orders one page of the shopper's orders holds: each is an entry of the history, a
 * bill read when opened; twelve fill a phone's screen about three times.
 */
export const ORDER_PAGE_SIZE = 12;

/**
 * Where a list's next page starts: the `nextCursor` the last page gave, as it gave it (base64url
 * text the server reads and checks; a cursor it did not give is refused with 400).
 */
export const CursorSchema = z
  .string({ error: 'must be text' })
  .min(1, 'is not a cursor this list gave')
  .max(200, 'is not a cursor this list gave')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a cursor this list gave');

/** The query of a paged list: no cursor for the first page, then the cursor the last one gave. */
export const CursorQuerySchema = z.object({ cursor: CursorSchema.optional() });
export type CursorQuery = z.input<typeof CursorQuerySchema>;

/**
 * One page of a list, in the list's one order: at most `PAGE_SIZE` entries and the cursor of the
 * next page, null on the last. A page before the last is full, but for the searches of
 * favourites, which look through a bounded stretch of history a page. Entries
 * added or removed between pages neither repeat nor hide the ones that were there: the cursor
 * names the last entry shown (or where a search's walk stopped), not a position.
 */
export function pageOf<T extends z.ZodType>(entry: T) {
  return z.object({ items: z.array(entry), nextCursor: z.string().nullable() });
}
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

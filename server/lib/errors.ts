import type { ErrorCode } from '../../contracts/common';

/** An error a service raises on purpose; the error plugin turns it into a JSON response. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'validation_failed', message, fields);
export const unauthorized = (message = 'Please sign in first.') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, 'conflict', message, fields);
export const unavailable = (message: string) => new AppError(503, 'unavailable', message);

/** PostgreSQL SQLSTATE codes we map to client errors. */
export const PG = {
  uniqueViolation: '23505',
  notNullViolation: '23502',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  serializationFailure: '40001',
  deadlock: '40P01',
} as const;

/**
 * The database error under Drizzle's wrapper, if any: its SQLSTATE and the constraint it names.
 * Drizzle wraps driver errors ("Failed query: …") and keeps the driver's error as `cause`, so the
 * chain is followed a few steps.
 */
export function databaseError(error: unknown): { code: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return typeof candidate.constraint === 'string'
        ? { code: candidate.code, constraint: candidate.constraint }
        : { code: candidate.code };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error (see `databaseError`). */
export function pgCode(error: unknown): string | undefined {
  return databaseError(error)?.code;
}

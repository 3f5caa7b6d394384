import { describe, expect, it } from 'vitest';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  PG,
  pgCode,
  unauthorized,
} from './errors';

/** An error wrapping the driver's `depth` times, as Drizzle does ("Failed query: …"). */
function wrapped(code: string, depth: number): unknown {
  let error: unknown = Object.assign(new Error('driver'), { code });
  for (let i = 0; i < depth; i++) error = Object.assign(new Error('wrapper'), { cause: error });
  return error;
}

describe('pgCode', () => {
  it('finds the SQLSTATE on the error or up to four wrappers down', () => {
    expect(pgCode(wrapped(PG.uniqueViolation, 0))).toBe('23505');
    expect(pgCode(wrapped(PG.deadlock, 1))).toBe('40P01');
    expect(pgCode(wrapped(PG.checkViolation, 4))).toBe('23514');
  });

  it('stops after five steps and ignores codes that are not SQLSTATEs', () => {
    expect(pgCode(wrapped(PG.uniqueViolation, 5))).toBeUndefined();
    expect(pgCode(Object.assign(new Error('fs'), { code: 'ENOENT' }))).toBeUndefined();
    expect(pgCode(Object.assign(new Error('short'), { code: '2350' }))).toBeUndefined();
    expect(pgCode(undefined)).toBeUndefined();
  });
});

describe('AppError helpers', () => {
  it('carry the status and code the error plugin answers with', () => {
    const cases: [AppError, number, string][] = [
      [badRequest('Bad.', { name: 'is required' }), 400, 'validation_failed'],
      [unauthorized(), 401, 'unauthorized'],
      [forbidden(), 403, 'forbidden'],
      [notFound(), 404, 'not_found'],
      [conflict('Taken.'), 409, 'conflict'],
    ];
    expect(cases).toHaveLength(5);
    for (const [error, status, code] of cases) {
      expect(error).toBeInstanceOf(AppError);
      expect([error.status, error.code]).toEqual([status, code]);
    }
    expect(badRequest('Bad.', { name: 'is required' }).fields).toEqual({ name: 'is required' });
  });
});

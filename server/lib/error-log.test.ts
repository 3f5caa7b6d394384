import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { errorForLog } from './error-log';

describe('errorForLog', () => {
  it("keeps a failed statement's SQL and cause, not its parameters", () => {
    const cause = Object.assign(new Error('Connection terminated unexpectedly'), {
      code: 'ECONNRESET',
    });
    const failed = new DrizzleQueryError(
      'INSERT INTO users (username, password_hash, email) VALUES ($1, $2, $3)',
      ['jane', '$argon2id$v=19$secret-hash', 'jane@example.com'],
      cause,
    );
    const logged = errorForLog(failed);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('secret-hash');
    expect(text).not.toContain('jane@example.com');
    expect(logged.message).toContain('Failed query: INSERT INTO users');
    expect(logged.message).toContain('Connection terminated unexpectedly');
    expect(logged.stack).toMatch(/^DrizzleQueryError: Failed query: INSERT[^\n]*\n\s+at /);
  });

  it('writes any other error as pino would', () => {
    const logged = errorForLog(Object.assign(new Error('boom'), { code: 'E_BOOM' }));
    expect(logged).toMatchObject({ type: 'Error', message: 'boom', code: 'E_BOOM' });
  });
});

import { DrizzleQueryError } from 'drizzle-orm/errors';
import { type SerializedError, err as serializeError } from 'pino-std-serializers';

/**
 * An error as the log writes it: as pino would, except that a failed statement keeps its SQL and
 * its cause but not its parameters (a shopper's e-mail, a password's hash).
 */
export function errorForLog(error: Error): SerializedError {
  if (!(error instanceof DrizzleQueryError)) return serializeError(error);
  const scrubbed = new Error(`Failed query: ${error.query}`, { cause: error.cause });
  scrubbed.name = 'DrizzleQueryError';
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  scrubbed.stack = [`${scrubbed.name}: ${scrubbed.message}`, ...frames].join('\n');
  return serializeError(scrubbed);
}

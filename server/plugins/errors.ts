import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError, ErrorCode } from '../../contracts/common';
import { AppError, PG, pgCode } from '../lib/errors';

function body(code: ErrorCode, message: string, fields?: Record<string, string>): ApiError {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Errors that mean "the database is unreachable right now", not "the request is wrong". */
function isUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error as `cause`; the connection error is somewhere in the chain.
  let current = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      [
        'ECONNREFUSED',
        'ECONNRESET',
        'ETIMEDOUT',
        'EPIPE',
        '57P01',
        '57P03',
        '08000',
        '08003',
        '08006',
      ].includes(code)
    ) {
      return true;
    }
    const message = (current as Error).message ?? '';
    if (
      /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Client has encountered a connection error|Connection ended unexpectedly/i.test(
        message,
      )
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function describeFields(
  issues: { instancePath?: string; message?: string; params?: Record<string, unknown> }[],
  prefix: string,
) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || prefix;
    fields[key] ??= issue.message ?? 'is invalid';
  }
  return fields;
}

/** One error shape for the whole API: `{ error: { code, message, fields? } }`; never internals. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.status).send(body(error.code, error.message, error.fields));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const where = error.validationContext ?? 'request';
        const fields = describeFields(error.validation, where);
        const first = Object.entries(fields)[0];
        const message = first
          ? `${first[0]} ${first[1]}`.replace(/^(\w+) \1 /i, '$1 ')
          : 'Invalid request';
        return reply
          .status(400)
          .send(body('validation_failed', `Invalid ${where}: ${message}`, fields));
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply
          .status(429)
          .send(body('rate_limited', 'Too many attempts. Please wait a minute and try again.'));
      }
      if (status === 413) {
        return reply.status(413).send(body('payload_too_large', 'The request body is too large.'));
      }
      if (status === 415) {
        return reply
          .status(415)
          .send(body('unsupported_media_type', 'Send the request body as JSON.'));
      }
      if (status >= 400 && status < 500) {
        // Fastify's own client errors: bad JSON, empty JSON body, bad content length.
        return reply.status(status).send(body('bad_request', error.message || 'Bad request'));
      }
      const code = pgCode(error);
      if (code === PG.uniqueViolation) {
        return reply.status(409).send(body('conflict', 'That already exists.'));
      }
      // Class 22 is "data exception": a value the request carried that PostgreSQL cannot hold
      // (a NUL character in text, a number out of range, a malformed literal).
      if (code === PG.checkViolation || code === PG.foreignKeyViolation || code?.startsWith('22')) {
        return reply
          .status(400)
          .send(body('validation_failed', 'The request has a value the shop cannot accept.'));
      }
      if (isUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .status(503)
          .header('retry-after', '2')
          .send(body('unavailable', 'Drape is briefly unavailable. Please try again in a moment.'));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(body('internal', 'Something went wrong on our side.'));
    });
  },
  { name: 'errors' },
);

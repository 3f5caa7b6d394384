import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { forbidden } from '../lib/errors';

/** The methods that change something: checked for their origin, and they change kept copies. */
export const MUTATING: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameOrigin(request: FastifyRequest, origin: string): boolean {
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * The headers helmet sets for these options. They are the same for every response, so they are
 * worked out once: building helmet's middleware for each request (as @fastify/helmet does) was
 * a twentieth of a swipe's cost.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  };
  let applied = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {
    applied = true;
  });
  if (!applied) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * Security headers on every response, and the rule that writes come from our own pages:
 * JSON bodies only (so a cross-site HTML form cannot post), and a same-origin Origin where the
 * browser sends one.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    const https = app.config.trustProxy !== false;
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          // MUI's emotion injects style tags at run time.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'frame-ancestors': ["'none'"],
          'form-action': ["'self'"],
          'upgrade-insecure-requests': https ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: https,
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });

    // Only JSON request bodies exist in this API.
    app.removeContentTypeParser('text/plain');

    app.addHook('onRequest', async (request) => {
      if (!MUTATING.has(request.method)) return;
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== 'null' && !sameOrigin(request, origin)) {
        throw forbidden('Cross-origin requests may not change anything.');
      }
      if (origin === 'null' || request.headers['sec-fetch-site'] === 'cross-site') {
        throw forbidden('Cross-origin requests may not change anything.');
      }
    });
  },
  { name: 'security', dependencies: ['config'] },
);

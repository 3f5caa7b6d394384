import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { servedOverHttps } from '../config';
import { AppError, forbidden } from '../lib/errors';

/** The methods that change something: checked for their origin, and they change kept copies. */
export const MUTATING: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The Host values a request to one of these origins carries: the origin's host, and with its
 * port spelled out where the scheme's default leaves it off (`localhost` and `localhost:80`).
 */
export function hostsOf(origins: readonly string[]): Set<string> {
  const hosts = new Set<string>();
  for (const origin of origins) {
    const url = new URL(origin);
    hosts.add(url.host);
    if (url.port === '') hosts.add(`${url.hostname}:${url.protocol === 'https:' ? 443 : 80}`);
  }
  return hosts;
}

/** Answered whatever name a load balancer or monitor uses for the server. */
const ANY_HOST: ReadonlySet<string> = new Set(['/api/health', '/api/health/live']);

const crossOrigin = () => forbidden('Cross-origin requests may not change anything.');

/**
 * Security headers on every response, and the rule that writes come from our own pages:
 * JSON bodies only (so a cross-site HTML form cannot post), and one of PUBLIC_ORIGIN's origins
 * where the browser sends one; every request but the health checks names one of their hosts.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    const https = servedOverHttps(app.config);
    const setSecurityHeaders = helmet({
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
          // The installable app: its service worker and manifest, from Drape itself only.
          'worker-src': ["'self'"],
          'manifest-src': ["'self'"],
          'frame-ancestors': ["'none'"],
          'form-action': ["'self'"],
          'upgrade-insecure-requests': https ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: https,
    });
    app.addHook('onRequest', (request, reply, done) => {
      setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });

    // Only JSON request bodies exist in this API.
    app.removeContentTypeParser('text/plain');

    // A write must come from one of Drape's own pages: the whole origin (scheme, host, port) is
    // compared, and a sibling subdomain (same-site) is as foreign as any other site. Browsers
    // send Origin with every write; a client that sends neither header is not a browser.
    const origins: ReadonlySet<string> = new Set(app.config.publicOrigins);
    const hosts = hostsOf(app.config.publicOrigins);
    app.addHook('onRequest', async (request) => {
      if (MUTATING.has(request.method)) {
        const origin = request.headers.origin;
        if (origin !== undefined && !origins.has(origin)) throw crossOrigin();
        const site = request.headers['sec-fetch-site'];
        if (site !== undefined && site !== 'same-origin' && site !== 'none') throw crossOrigin();
      }
      // A page on another name (a DNS-rebinding page, a misconfigured proxy) is not served.
      if (!hosts.has(request.host.toLowerCase()) && !ANY_HOST.has(request.routeOptions.url ?? '')) {
        throw new AppError(
          421,
          'misdirected',
          'This server does not answer to that name (see PUBLIC_ORIGIN).',
        );
      }
    });
  },
  { name: 'security', dependencies: ['config'] },
);

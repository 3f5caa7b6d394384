import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiError } from '../../contracts/common';
import { FEED_PAGE_DEFAULT } from '../../contracts/feed';
import { SESSION_COOKIE } from './auth';

/**
 * What the swipe screen asks for first, exactly as the web app asks for it (same URLs, a CORS
 * fetch with same-origin credentials, hence `crossorigin`): named in the page's response, the
 * browser fetches them while it is still downloading the app, and the app's own requests are
 * answered from those. Only for a shopper who holds a session; a visitor gets the sign-in form.
 */
const HOME_PRELOADS = ['/api/user', `/api/outfit/home?limit=${FEED_PAGE_DEFAULT}`]
  .map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`)
  .join(', ');

/**
 * Serves the built web app from dist/web: hashed assets with year-long caching, and
 * index.html for every other non-API path so the client router can take over.
 */
export default fp(
  async function webPlugin(app: FastifyInstance, opts: { webRoot: string }) {
    const indexFile = path.join(opts.webRoot, 'index.html');
    const hasWeb = existsSync(indexFile);
    const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : undefined;

    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: opts.webRoot,
        prefix: '/',
        wildcard: false,
        index: false,
        setHeaders(reply, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            reply.header('cache-control', 'public, max-age=31536000, immutable');
          }
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !url.startsWith('/api/') &&
        url !== '/api' &&
        !url.startsWith('/images/') &&
        !url.startsWith('/assets/');
      if (isPage && indexHtml) {
        if (url === '/home') {
          // The page differs with the cookie: no cache may hand one shopper's to a visitor.
          reply.header('vary', 'cookie');
          if (request.cookies[SESSION_COOKIE]) reply.header('link', HOME_PRELOADS);
        }
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(indexHtml);
      }
      const body: ApiError = {
        error: { code: 'not_found', message: `No such route: ${request.method} ${url}` },
      };
      return reply.status(404).send(body);
    });
  },
  { name: 'web', dependencies: ['errors'] },
);

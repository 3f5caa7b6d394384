import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiError } from '../../contracts/common';

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

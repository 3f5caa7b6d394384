import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiError } from '../../contracts/common';
import { FEED_PAGE_DEFAULT } from '../../contracts/feed';
import { allowedMethods } from '../lib/allowed-methods';
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

const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

interface Asset {
  type: string;
  /** The file as built, and the brotli and gzip copies written beside it, if any. */
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const readIfThere = (file: string) => (existsSync(file) ? readFileSync(file) : undefined);

/**
 * The built assets, read once: their names carry a hash of their content, so they never change
 * while the process runs, and a page's first load asks for a dozen of them at once. Source maps
 * stay on disk (only developer tools ask for them); they are only named here.
 */
function readAssets(dir: string): { files: Map<string, Asset>; maps: Set<string> } {
  const files = new Map<string, Asset>();
  const maps = new Set<string>();
  if (!existsSync(dir)) return { files, maps };
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    if (name.endsWith('.map')) {
      maps.add(name);
      continue;
    }
    const file = path.join(dir, name);
    files.set(name, {
      type: ASSET_TYPES[path.extname(name)] ?? 'application/octet-stream',
      identity: readFileSync(file),
      br: readIfThere(`${file}.br`),
      gzip: readIfThere(`${file}.gz`),
    });
  }
  return { files, maps };
}

/** Whether an Accept-Encoding header allows `coding` (present, and not with q=0). */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name?.trim() !== coding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Serves the built web app from dist/web: hashed assets from memory with year-long caching,
 * each as the brotli or gzip copy the build wrote beside it when the browser accepts one
 * (scripts/precompress.ts); the few files beside index.html from disk; and index.html for
 * every other non-API path so the client router can take over.
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
        preCompressed: true,
        globIgnore: ['assets/**'],
        // The service worker and the manifest keep their names from one version to the next:
        // the browser must ask each time, or a new version would wait behind the old one.
        setHeaders(reply, file) {
          // The file sent may be the brotli or gzip copy beside it.
          const name = path.basename(file).replace(/\.(br|gz)$/, '');
          if (name === 'sw.js' || name === 'manifest.webmanifest') {
            reply.header('cache-control', 'no-cache');
          }
        },
      });
      const assetsDir = path.join(opts.webRoot, 'assets');
      const { files, maps } = readAssets(assetsDir);
      app.get<{ Params: { file: string } }>(
        '/assets/:file',
        { schema: { hide: true } },
        async (request, reply) => {
          const { file } = request.params;
          reply.header('cache-control', 'public, max-age=31536000, immutable');
          const asset = files.get(file);
          if (!asset) {
            // Only a map the build wrote is read, by its exact name: nothing else on disk.
            if (!maps.has(file)) return reply.callNotFound();
            return reply
              .type(ASSET_TYPES['.map']!)
              .send(await readFile(path.join(assetsDir, file)));
          }
          reply.type(asset.type);
          if (!asset.br && !asset.gzip) return reply.send(asset.identity);
          reply.header('vary', 'accept-encoding');
          const accepted = request.headers['accept-encoding'];
          if (asset.br && acceptsEncoding(accepted, 'br')) {
            return reply.header('content-encoding', 'br').send(asset.br);
          }
          if (asset.gzip && acceptsEncoding(accepted, 'gzip')) {
            return reply.header('content-encoding', 'gzip').send(asset.gzip);
          }
          return reply.send(asset.identity);
        },
      );
    }

    let allowedAt: ((path: string) => string[]) | undefined;
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
      // The route table is complete once the app is ready, before any request arrives.
      allowedAt ??= allowedMethods(app.routeTable);
      const allowed = allowedAt(url);
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        const refused: ApiError = {
          error: {
            code: 'method_not_allowed',
            message: `${url} does not take ${request.method}; it takes ${allowed.join(', ')}.`,
          },
        };
        return reply.status(405).header('allow', allowed.join(', ')).send(refused);
      }
      const body: ApiError = {
        error: { code: 'not_found', message: `No such route: ${request.method} ${url}` },
      };
      return reply.status(404).send(body);
    });
  },
  { name: 'web', dependencies: ['errors'] },
);

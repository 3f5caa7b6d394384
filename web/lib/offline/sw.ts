/// <reference lib="webworker" />
/**
 * Drape's service worker (built to /sw.js by vite-plugin-pwa, which lists the app's files in
 * `self.__WB_MANIFEST`): the app shell from the precache, pages from the network first so a new
 * version shows on the next visit, item pictures from a cache once seen, and the last answer of
 * the session check kept for a visit without a connection. Everything else goes to the network
 * untouched: the API answers nothing from a cache but the session.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

/** How long a page's request may take before the kept app shell is shown instead. */
const PAGE_TIMEOUT_MS = 4_000;
const PICTURES_CACHE = 'drape-pictures';
const SESSION_CACHE = 'drape-session';
const SESSION_URL = '/api/user';

const sameOrigin = (url: URL) => url.origin === self.location.origin;
/** Counts sign-ins and sign-outs: a session answer asked for before one is not kept after it. */
let sessionChanges = 0;

// A new version takes over as soon as it is installed; the pages it serves come from the
// network, so an open page is never handed files it did not ask for.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // The page's request starts while the worker wakes up, not after.
      await self.registration.navigationPreload?.enable();
      // The page that installed the worker asked who is signed in before the worker was there.
      await askForSession(SESSION_URL);
      await self.clients.claim();
    })(),
  );
});

// Only the listed files themselves: `/` is a page like any other (from the network first).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

/**
 * Pages: the server's answer (it carries the current version's file names and the swipe
 * screen's preloads); the precached shell when there is no answer in time.
 */
registerRoute(
  new NavigationRoute(
    async ({ request, event }) => {
      const fromNetwork = (async () => {
        const preloaded = await (event as FetchEvent).preloadResponse;
        return (preloaded as Response | undefined) ?? (await fetch(request));
      })();
      // Settled late (after the timeout), it has nobody to tell.
      fromNetwork.catch(() => undefined);
      const timeout = new Promise<undefined>((resolve) =>
        setTimeout(() => resolve(undefined), PAGE_TIMEOUT_MS),
      );
      try {
        const answer = await Promise.race([fromNetwork, timeout]);
        if (answer) return answer;
      } catch {
        // No connection: the shell below.
      }
      return (await matchPrecache('/index.html')) ?? Response.error();
    },
    { denylist: [/^\/api\//, /^\/images\//, /^\/assets\//] },
  ),
);

// Item pictures never change once drawn (their URLs name garment and colour).
registerRoute(
  ({ url, request }) =>
    sameOrigin(url) && request.method === 'GET' && url.pathname.startsWith('/images/'),
  new CacheFirst({
    cacheName: PICTURES_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: 600,
        maxAgeSeconds: 60 * 24 * 3600,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

/**
 * Asks the server who is signed in, keeping its last good answer for a visit with no
 * connection (the app then opens on the swipe screen it left), and forgetting it as soon as the
 * server says nobody is. Answers `undefined` when the server cannot be reached.
 */
async function askForSession(request: Request | string): Promise<Response | undefined> {
  const cache = await caches.open(SESSION_CACHE);
  const changesBefore = sessionChanges;
  let response: Response;
  try {
    response = await fetch(request);
  } catch {
    return undefined;
  }
  if (response.ok && sessionChanges === changesBefore) {
    await cache.put(SESSION_URL, response.clone()).catch(() => undefined);
  } else if (response.status === 401) {
    await cache.delete(SESSION_URL);
  }
  return response;
}

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && url.pathname === SESSION_URL,
  async ({ request }) => {
    const response = await askForSession(request);
    if (response) return response;
    const cache = await caches.open(SESSION_CACHE);
    return (await cache.match(SESSION_URL, { ignoreVary: true })) ?? Response.error();
  },
);

// Signing in, out or up changes who the kept session answer belongs to: it goes at once, before
// the request is answered (and even if it never is). The request itself is left to the browser.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method === 'POST' && sameOrigin(url) && url.pathname.startsWith('/api/user/')) {
    sessionChanges += 1;
    event.waitUntil(caches.delete(SESSION_CACHE));
  }
});

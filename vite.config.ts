import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { lightIcons } from './scripts/light-icons';
import { precompress } from './scripts/precompress';
import { palette } from './web/app/palette';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/** Brotli and gzip copies of the built files, which the server sends as they are. */
function precompressed(): Plugin {
  let outDir = '';
  return {
    name: 'drape-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompress(outDir);
    },
  };
}

/**
 * The Latin files of the two typefaces every page sets its text in, named in the page so the
 * browser fetches them with the app's scripts rather than after the first layout asks for them.
 */
const PRELOADED_FONTS = [
  /^inter-latin-wght-normal-.*\.woff2$/,
  /^dm-serif-display-latin-400-normal-.*\.woff2$/,
];

function preloadFonts(): Plugin {
  return {
    name: 'drape-preload-fonts',
    apply: 'build',
    transformIndexHtml(_html, ctx) {
      const files = Object.values(ctx.bundle ?? {}).map((chunk) => chunk.fileName);
      return PRELOADED_FONTS.map((pattern) => {
        const file = files.find((name) => pattern.test(path.basename(name)));
        if (!file) throw new Error(`No built font matches ${pattern}: update PRELOADED_FONTS.`);
        return {
          tag: 'link',
          attrs: {
            rel: 'preload',
            as: 'font',
            type: 'font/woff2',
            href: `/${file}`,
            crossorigin: '',
          },
          injectTo: 'head' as const,
        };
      });
    },
  };
}

/**
 * The installable app: its manifest, and the service worker (web/lib/offline/sw.ts) built with
 * the list of files it precaches. The app registers the worker itself once the page has loaded
 * (web/lib/offline/register-service-worker.ts), so nothing is added to the first download.
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'lib/offline',
    filename: 'sw.ts',
    injectRegister: false,
    // The icons are in the precache list below already.
    includeManifestIcons: false,
    manifest: {
      id: '/home',
      name: 'Drape',
      short_name: 'Drape',
      description: 'Swipe through outfits, keep what you love, shop the look.',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      theme_color: palette.paper,
      background_color: palette.paper,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/icon-maskable-192.png',
          sizes: '192x192',
          type: 'image/png',
          purpose: 'maskable',
        },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    injectManifest: {
      // The app shell: the page, every script and stylesheet (each page opens offline), the
      // icons, and the Latin files of the two typefaces (the ones the page preloads).
      globPatterns: [
        'index.html',
        'favicon.svg',
        'icons/*.png',
        'assets/*.{js,css}',
        'assets/inter-latin-wght-normal-*.woff2',
        'assets/dm-serif-display-latin-400-normal-*.woff2',
      ],
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    },
  });
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), lightIcons(), preloadFonts(), installableApp(), precompressed()],
  // Left out of the development server's pre-bundling, which would skip lightIcons.
  optimizeDeps: { exclude: ['@mui/icons-material'] },
  build: {
    // WEB_OUT_DIR lets two builds run side by side (the server's WEB_ROOT points at it).
    outDir: process.env.WEB_OUT_DIR ?? '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React in a chunk of its own: left to itself, the bundler files pieces of it with
          // form fields that only some pages use, and every page then downloads those too.
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 3000,
    proxy: { '/api': api, '/images': api },
  },
});

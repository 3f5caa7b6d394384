import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/precompress';

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

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), precompressed()],
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

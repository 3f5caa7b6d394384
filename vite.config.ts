import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react()],
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

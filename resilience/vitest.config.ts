import { defineConfig } from 'vitest/config';

// Slow fault tests: real server processes (node --import tsx server/main.ts) on a database of
// their own on the shared PostgreSQL server. One file at a time: they start processes and bind
// ports, and the machines are small.
export default defineConfig({
  test: {
    name: 'resilience',
    root: '.',
    include: ['resilience/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { lightIcons } from './scripts/light-icons';

// API tests run once on embedded PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
const drivers = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    globalSetup: ['server/test/global-setup.ts'],
    projects: [
      ...drivers.map((driver) => ({
        test: {
          name: `api:${driver}`,
          include: [
            'server/**/*.test.ts',
            'contracts/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          env: { DRAPE_TEST_DRIVER: driver },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['server/test/fail-on-console-error.ts'],
        },
      })),
      {
        plugins: [react(), lightIcons()],
        test: {
          name: 'web',
          // Transformed rather than loaded as they are, so that lightIcons builds them as it does
          // for the browser.
          server: { deps: { inline: [/@mui[\\/]icons-material/] } },
          include: ['web/**/*.test.tsx', 'web/**/*.test.ts'],
          environment: 'jsdom',
          // A screen may wait five seconds for what it shows (web/test/setup.ts); the test
          // around it needs more than that on a busy two-core machine.
          testTimeout: 20_000,
          setupFiles: ['web/test/setup.ts'],
        },
      },
    ],
  },
});

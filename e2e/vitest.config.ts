import { defineConfig } from 'vitest/config';

// Browser journeys in system Chromium against one built server with a fresh embedded database.
export default defineConfig({
  test: {
    name: 'e2e',
    root: '.',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page waited for (a navigation, a lazy page's first load) can take more than the default
    // second on a busy two-core machine; a wait that never succeeds still fails the test.
    expect: { poll: { timeout: 10_000 } },
  },
});

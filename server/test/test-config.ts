import type { Config } from '../config';

/** The configuration of an app built in-process for tests and evaluations: no network, no disk it keeps. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: '/tmp/drape-test-data',
    sessionSecret: 'test-secret-test-secret-test-secret-42',
    adminRegistrationCode: undefined,
    smtpUrl: undefined,
    mailFrom: 'Drape <orders@drape.test>',
    logLevel: 'silent',
    trustProxy: false,
    // What app.inject sends as Host unless a test says otherwise (localhost:80).
    publicOrigins: ['http://localhost'],
    loginRateLimit: 1_000,
    // Tests change sessions, outfits, stock and hearts behind the app's back and expect the next
    // request to see it at once; the caches have their own tests (session-cache.test.ts,
    // kept-copies.test.ts, feed.test.ts).
    cacheSeconds: 0,
    // The ledger's tests sweep by hand, at the moments they choose (order.test.ts).
    chargeSweepSeconds: 0,
    webRoot: '/nonexistent',
    workers: 1,
    databasePoolSize: 4,
    ...overrides,
  };
}

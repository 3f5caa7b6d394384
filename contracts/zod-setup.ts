import { config } from 'zod';

/**
 * Zod compiles a fast object parser with `new Function`, and probes whether that is allowed the
 * first time it builds one. The page's Content-Security-Policy has no 'unsafe-eval', so in the
 * browser the probe is reported as a violation on every page that parses a response. Jitless
 * skips both the probe and the compiled path. It must run before any schema is built, so each
 * entry point imports this module first; the server does the same, so both sides validate the
 * same way.
 */
config({ jitless: true });

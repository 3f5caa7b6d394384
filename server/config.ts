import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism, networkInterfaces } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Which proxies in front of Drape are believed about the client's address (X-Forwarded-For) and
 * scheme: `false` none, a number that many hops nearest to Drape, or a list of the proxies'
 * addresses and CIDR ranges. Never "every hop": the left-most X-Forwarded-For entry is written
 * by the client, who could then choose its own address and with it its rate-limit allowance.
 */
export type TrustProxy = false | number | string[];

/** `true` is read as one hop: the one proxy a deployment normally has. */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^[0-9]{1,2}$/.test(v)) return Number(v);
  const entries = v.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    if (!family || rest.length) return false;
    if (bits === undefined) return true;
    const max = family === 4 ? 32 : 128;
    return /^[0-9]{1,3}$/.test(bits) && Number(bits) <= max;
  });
  return valid ? entries : undefined;
}

/**
 * The origins (scheme, host, port) shoppers' browsers reach Drape at, serialised as browsers
 * send them in `Origin`, or undefined when one is not a bare http(s) origin.
 */
export function parsePublicOrigins(value: string): string[] | undefined {
  const origins: string[] = [];
  for (const entry of value.split(',').map((e) => e.trim())) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return undefined;
    }
    const bare = url.username === '' && url.password === '' && url.search === '' && url.hash === '';
    if (!bare || url.pathname !== '/' || !['http:', 'https:'].includes(url.protocol)) {
      return undefined;
    }
    if (!/^https?:\/\/[^/]+\/?$/i.test(entry)) return undefined;
    origins.push(url.origin);
  }
  return origins;
}

/**
 * Without PUBLIC_ORIGIN, the addresses this machine answers at on PORT: its loopback names, and
 * HOST itself or, listening on every interface, each interface's address (a phone on the same
 * network uses those).
 */
function listeningOrigins(host: string, port: number): string[] {
  const hosts = new Set(['localhost', '127.0.0.1', '::1']);
  if (host === '0.0.0.0' || host === '::') {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const a of addresses ?? []) {
        if (host === '0.0.0.0' && a.family !== 'IPv4') continue;
        if (!a.address.includes('%')) hosts.add(a.address);
      }
    }
  } else {
    hosts.add(host);
  }
  return [...hosts].map((h) => new URL(`http://${isIP(h) === 6 ? `[${h}]` : h}:${port}`).origin);
}

const POOL_SIZE_RANGE = 'must be a whole number from 1 to 100';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_REGISTRATION_CODE: z.string().min(8, 'must be at least 8 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Drape <orders@drape.local>'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v);
      if (trust === undefined) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be false, a number of proxies (1), or a comma list of proxy addresses or CIDR ranges (10.0.0.0/8,127.0.0.1)',
        });
        return z.NEVER;
      }
      return trust;
    }),
  PUBLIC_ORIGIN: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const origins = parsePublicOrigins(v);
      if (!origins) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be a comma list of origins, scheme, host and port only (https://shop.example,http://192.168.1.20:3000)',
        });
        return z.NEVER;
      }
      return origins;
    }),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(60),
  CHARGE_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  WEB_ROOT: z.string().min(1).default('dist/web'),
  WORKERS: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)], {
      error: 'must be a whole number from 1 to 64, or "auto"',
    })
    .default(1),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: POOL_SIZE_RANGE })
    .int(POOL_SIZE_RANGE)
    .min(1, POOL_SIZE_RANGE)
    .max(100, POOL_SIZE_RANGE)
    .optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  adminRegistrationCode: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: TrustProxy;
  /**
   * The origins pages are served from: a write must come from one of them, and a request must
   * name one of their hosts.
   */
  publicOrigins: string[];
  loginRateLimit: number;
  /**
   * How long a process may trust its copy of a session, an outfit card, a search page, a stock
   * level, a shopper's hearts or queued feed (0: ask the database every time). A change to any of
   * them is announced to every process at once regardless.
   */
  cacheSeconds: number;
  /**
   * How often each process returns the charges left with no order (after their wait) and sets
   * aside those the provider never answered (0: never, for tests that sweep by hand).
   */
  chargeSweepSeconds: number;
  /** Folder holding the built web app. */
  webRoot: string;
  /** Server processes sharing the port (Node's cluster); more than one needs PostgreSQL. */
  workers: number;
  /** PostgreSQL connections each server process keeps open at most. */
  databasePoolSize: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Empty strings in the environment mean "unset", as a shell `FOO=` would suggest. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

/** DATA_DIR holds the database, the session secret and customers' e-mails: its owner's only. */
export const DATA_DIR_MODE = 0o700;

/**
 * Outside production a missing session secret is generated once and kept in the data folder,
 * so sessions survive restarts without any set-up.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Whether browsers reach Drape only over https (every PUBLIC_ORIGIN is https): its cookies are
 * then Secure and HSTS is sent. A plain-http origin among them would lose a Secure cookie.
 */
export function servedOverHttps(config: Pick<Config, 'publicOrigins'>): boolean {
  return config.publicOrigins.every((origin) => origin.startsWith('https://'));
}

/** Two connections per core among the processes, at least two: each backend warms up alone. */
export function defaultPoolSize(workers: number, cores = availableParallelism()): number {
  return Math.max(2, Math.ceil((2 * cores) / workers));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required in production');
  }
  if (e.TRUST_PROXY !== false && !e.PUBLIC_ORIGIN) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_ORIGIN: required with TRUST_PROXY (behind a proxy, the address Drape listens on is not the one browsers use)',
    );
  }
  const workers = e.WORKERS === 'auto' ? availableParallelism() : e.WORKERS;
  if (workers > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  WORKERS: ${workers} processes cannot share the embedded database, ` +
        'which belongs to one process; set DATABASE_URL to a PostgreSQL server, or WORKERS=1',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    adminRegistrationCode: e.ADMIN_REGISTRATION_CODE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    publicOrigins: e.PUBLIC_ORIGIN ?? listeningOrigins(e.HOST, e.PORT),
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    cacheSeconds: e.CACHE_SECONDS,
    chargeSweepSeconds: e.CHARGE_SWEEP_SECONDS,
    webRoot: path.resolve(e.WEB_ROOT),
    workers,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? defaultPoolSize(workers),
  };
}

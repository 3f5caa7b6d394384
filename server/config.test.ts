import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, defaultPoolSize, loadConfig } from './config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'drape-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      logLevel: 'info',
    });
  });

  it('creates DATA_DIR for its owner only (0700), and the session secret 0600', () => {
    const fresh = path.join(dataDir, 'fresh', 'data');
    loadConfig({ DATA_DIR: fresh });
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(fresh, 'session-secret')).mode & 0o777).toBe(0o600);
  });

  it('generates a session secret once outside production and keeps it', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.sessionSecret).toHaveLength(64);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(
      first.sessionSecret,
    );
  });

  it('reads WORKERS as a count, "auto" as the machine\'s cores, and 1 when unset', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/drape';
    expect(loadConfig({ DATA_DIR: dataDir }).workers).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, WORKERS: 'auto' }).workers).toBe(
      availableParallelism(),
    );
  });

  it('keeps two PostgreSQL connections per core among the processes, at least two, or DATABASE_POOL_SIZE', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/drape';
    expect(defaultPoolSize(1, 2)).toBe(4);
    expect(defaultPoolSize(2, 2)).toBe(2);
    expect(defaultPoolSize(3, 8)).toBe(6);
    expect(defaultPoolSize(8, 2)).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir }).databasePoolSize).toBe(defaultPoolSize(1));
    const given = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, DATABASE_POOL_SIZE: '12' });
    expect(given.databasePoolSize).toBe(12);
  });

  it.each([
    ['false', false],
    ['true', 1],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1,::1', ['10.0.0.0/8', '127.0.0.1', '::1']],
  ])('reads TRUST_PROXY=%s as %j, never as “trust every hop”', (value, trust) => {
    const env = { DATA_DIR: dataDir, TRUST_PROXY: value, PUBLIC_ORIGIN: 'https://shop.example' };
    expect(loadConfig(env).trustProxy).toEqual(trust);
  });

  it('reads PUBLIC_ORIGIN as browsers write origins, and defaults to the listening address', () => {
    const given = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: 'https://Shop.Example:443, http://192.168.1.20:3000/',
    });
    expect(given.publicOrigins).toEqual(['https://shop.example', 'http://192.168.1.20:3000']);
    const local = loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '4700' });
    expect(local.publicOrigins).toEqual([
      'http://localhost:4700',
      'http://127.0.0.1:4700',
      'http://[::1]:4700',
    ]);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET'],
    [{ WORKERS: '0' }, 'WORKERS'],
    [{ WORKERS: 'many' }, 'WORKERS'],
    // Several processes cannot open one embedded database.
    [{ WORKERS: '2' }, 'WORKERS'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: '2.5' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: 'lots' }, 'DATABASE_POOL_SIZE'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '1' }, 'PUBLIC_ORIGIN'],
    [{ PUBLIC_ORIGIN: 'shop.example' }, 'PUBLIC_ORIGIN'],
    [{ PUBLIC_ORIGIN: 'https://shop.example/shop' }, 'PUBLIC_ORIGIN'],
    [{ PUBLIC_ORIGIN: 'https://me@shop.example' }, 'PUBLIC_ORIGIN'],
    [{ PUBLIC_ORIGIN: 'ftp://shop.example' }, 'PUBLIC_ORIGIN'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,proxy.local' }, 'TRUST_PROXY'],
  ])('stops on %j naming %s', (env, variable) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(new RegExp(`${variable}:`));
  });
});

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress';
import { createTestApp, type TestApp } from '../test/test-app';
import { acceptsEncoding } from './web';

let t: TestApp;
let webRoot: string;
// A built script as the bundler writes it: large and repetitive enough to be worth compressing.
const script = Array.from(
  { length: 200 },
  (_, i) => `export const piece${i} = { slot: "top", name: "Piece ${i}" };`,
).join('\n');
const tiny = 'export const x = 1;';

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'drape-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Drape</title>');
  writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(webRoot, 'sw.js'), `self.version = 1;\n${script}`);
  writeFileSync(path.join(webRoot, 'manifest.webmanifest'), '{"name":"Drape"}');
  writeFileSync(path.join(webRoot, 'assets', 'app-1a2b.js'), script);
  writeFileSync(path.join(webRoot, 'assets', 'app-1a2b.js.map'), '{"version":3}');
  writeFileSync(path.join(webRoot, 'assets', 'tiny-3c4d.js'), tiny);
  writeFileSync(path.join(webRoot, 'assets', 'font-5e6f.woff2'), Buffer.alloc(4096, 7));
  precompress(webRoot);
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('precompress', () => {
  it('writes brotli and gzip copies of text worth compressing, and of nothing else', () => {
    const assets = path.join(webRoot, 'assets');
    expect(brotliDecompressSync(readFileSync(path.join(assets, 'app-1a2b.js.br'))).toString()).toBe(
      script,
    );
    expect(gunzipSync(readFileSync(path.join(assets, 'app-1a2b.js.gz'))).toString()).toBe(script);
    expect(readFileSync(path.join(assets, 'app-1a2b.js.br')).length).toBeLessThan(
      script.length / 4,
    );
    // Too small to gain, a source map, a font (compressed already), a copy of a copy: none.
    for (const skipped of [
      'tiny-3c4d.js',
      'app-1a2b.js.map',
      'font-5e6f.woff2',
      'app-1a2b.js.br',
    ]) {
      expect(existsSync(path.join(assets, `${skipped}.br`)), skipped).toBe(false);
      expect(existsSync(path.join(assets, `${skipped}.gz`)), skipped).toBe(false);
    }
  });
});

describe('GET /assets/{file}', () => {
  it('sends the brotli copy to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/app-1a2b.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip when brotli is not accepted, or refused with q=0', async () => {
    for (const header of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const res = await get('/assets/app-1a2b.js', header);
      expect(res.headers['content-encoding'], header).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString()).toBe(script);
    }
  });

  it('sends the file as built when no compression is accepted', async () => {
    for (const header of [undefined, 'identity', 'br;q=0']) {
      const res = await get('/assets/app-1a2b.js', header);
      expect(res.headers['content-encoding'], header).toBeUndefined();
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.body).toBe(script);
    }
  });

  it('sends files without copies as they are', async () => {
    const res = await get('/assets/tiny-3c4d.js', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body).toBe(tiny);
    const font = await get('/assets/font-5e6f.woff2', 'br');
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload.length).toBe(4096);
  });

  it('sends the source maps the build wrote, and 404 for anything else', async () => {
    const map = await get('/assets/app-1a2b.js.map');
    expect(map.statusCode).toBe(200);
    expect(map.json()).toEqual({ version: 3 });
    for (const url of [
      '/assets/missing.js',
      '/assets/missing.js.map',
      '/assets/app-1a2b.js.br',
      '/assets/..%2Findex.html',
      '/assets/..%2F..%2Fpackage.json.map',
    ]) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('not_found');
    }
  });

  it('still serves the files beside index.html', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<svg');
  });

  it('has the browser ask for the service worker and the manifest again on every visit', async () => {
    for (const header of ['br', undefined]) {
      const worker = await get('/sw.js', header);
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toMatch(/javascript/);
      expect(worker.headers['cache-control']).toBe('no-cache');
    }
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ name: 'Drape' });
    // Other files beside index.html keep the default.
    expect((await get('/favicon.svg')).headers['cache-control']).not.toBe('no-cache');
  });
});

describe('acceptsEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br', true],
    ['GZIP', 'gzip', true],
    ['gzip;q=1.0, br;q=0.5', 'br', true],
    ['br;q=0', 'br', false],
    ['br; q=0.000', 'br', false],
    ['brotli', 'br', false],
    ['', 'br', false],
    [undefined, 'gzip', false],
  ])('%s accepts %s: %s', (header, coding, expected) => {
    expect(acceptsEncoding(header, coding)).toBe(expected);
  });
});

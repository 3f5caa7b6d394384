import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text the browser downloads: what compresses well. Fonts and pictures are compressed already. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;
/** Below this, the headers outweigh what compression saves. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every file under `dir` worth
 * compressing, at the strongest settings: it runs once per build, and the server then sends the
 * copy the browser accepts without compressing anything per request. Returns the files it
 * compressed.
 */
export function precompress(dir: string): string[] {
  const done: string[] = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    done.push(file);
  }
  return done;
}

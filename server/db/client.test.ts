import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, openPglite } from './client';
import { migrate } from './migrate';

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('embedded database folder', () => {
  it('refuses a second opener while the first holds it, and frees it on close', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'drape-lock-'));
    dirs.push(dir);
    const first = await openPglite(dir);
    try {
      await migrate(first);
      await expect(openPglite(dir)).rejects.toBeInstanceOf(DatabaseInUseError);

      // Another process gets a clear message and a non-zero exit, not a corrupted folder.
      const child = run(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `import('./server/db/client.ts').then((m) => m.openPglite(${JSON.stringify(dir)})).then(() => process.exit(0), (e) => { process.stderr.write(e.message); process.exit(3); })`,
        ],
        { cwd: process.cwd() },
      );
      const failure = await child.then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code).toBe(3);
      expect(failure?.stderr).toMatch(/already open in process \d+/);
      expect(await first.sql.query('SELECT count(*)::int AS n FROM categories')).toEqual([
        { n: 0 },
      ]);
    } finally {
      await first.close();
    }
    const again = await openPglite(dir);
    await again.close();
  }, 60_000);
});

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDriver } from '../test/databases';
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

describe.runIf(testDriver() === 'postgres')('a pooled PostgreSQL connection', () => {
  it('starts no parallel worker and compiles no statement with JIT, however cheap the planner finds them', async () => {
    const test = await createTestDatabase();
    try {
      const plan = await test.database.withConnection(async (client) => {
        await client.exec('BEGIN');
        try {
          // Workers and compiling made free to the planner: only the connection's settings say no.
          await client.exec(`SET LOCAL parallel_setup_cost = 0; SET LOCAL parallel_tuple_cost = 0;
            SET LOCAL min_parallel_table_scan_size = 0; SET LOCAL jit_above_cost = 0`);
          const [row] = await client.query<{ 'QUERY PLAN': unknown }>(
            "EXPLAIN (ANALYZE, FORMAT JSON) SELECT count(*) FROM items WHERE lower(name) LIKE '%a%'",
          );
          return JSON.stringify(row!['QUERY PLAN']);
        } finally {
          await client.exec('ROLLBACK');
        }
      });
      expect(plan).toContain('"Relation Name":"items"');
      expect(plan).not.toMatch(/"Gather|"Parallel Aware":true|"JIT"/);
    } finally {
      await test.drop();
    }
  });
});

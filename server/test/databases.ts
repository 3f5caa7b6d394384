import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client';

export type TestDriver = 'pglite' | 'postgres';

/** Names of this run's templates; each test run (even two at once) has its own. */
export function templateNames(runId: string) {
  return {
    postgres: `drape_test_template_${runId}`,
    pgliteFile: path.join(tmpdir(), `drape-test-template-${runId}.tar.gz`),
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testRunId: string;
  }
}

export function testDriver(): TestDriver {
  return process.env.DRAPE_TEST_DRIVER === 'postgres' ? 'postgres' : 'pglite';
}

/** The URL of another database on the TEST_DATABASE_URL server. */
export function databaseUrl(name: string): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface TestDatabase {
  database: Database;
  /** Only for postgres: the URL, so a test can open a second pool or process on it. */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated and seeded database for one test file. */
export async function createTestDatabase(driver: TestDriver = testDriver()): Promise<TestDatabase> {
  const template = templateNames(inject('testRunId'));
  if (driver === 'pglite') {
    const dump = await readFile(template.pgliteFile);
    const database = await openPglite(null, { loadDataDir: new Blob([dump]) });
    return { database, drop: () => database.close() };
  }
  const name = `drape_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(databaseUrl('postgres'), { max: 1 });
  try {
    await admin.sql.exec(`CREATE DATABASE ${name} TEMPLATE ${template.postgres}`);
  } finally {
    await admin.close();
  }
  const url = databaseUrl(name);
  const database = await openPostgres(url);
  return {
    database,
    url,
    async drop() {
      await database.close();
      const admin2 = await openPostgres(databaseUrl('postgres'), { max: 1 });
      try {
        await admin2.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin2.close();
      }
    },
  };
}

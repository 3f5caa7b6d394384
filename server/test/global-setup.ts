import { rm, writeFile } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { migrate } from '../db/migrate';
import { seedCatalogue } from '../db/seed/seed';
import { databaseUrl, templateNames } from './databases';

/**
 * Builds the templates every test file copies, migrated and holding the scale-1 catalogue:
 * always for PGlite, and for PostgreSQL when TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const names = templateNames(runId);
  await createPgliteTemplate(names.pgliteFile);
  if (process.env.TEST_DATABASE_URL) await createPostgresTemplate(names.postgres);
  project.provide('testRunId', runId);
  return async () => {
    await rm(names.pgliteFile, { force: true });
    if (process.env.TEST_DATABASE_URL) {
      const admin = await openPostgres(databaseUrl('postgres'), { max: 1 });
      try {
        await admin.sql.exec(`DROP DATABASE IF EXISTS ${names.postgres} WITH (FORCE)`);
      } finally {
        await admin.close();
      }
    }
  };
}

async function createPostgresTemplate(name: string) {
  const admin = await openPostgres(databaseUrl('postgres'), { max: 1 });
  try {
    await admin.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.sql.exec(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const template = await openPostgres(databaseUrl(name), { max: 1 });
  try {
    await migrate(template);
    await seedCatalogue(template.sql);
  } finally {
    await template.close();
  }
}

async function createPgliteTemplate(file: string) {
  const database = await openPglite(null);
  try {
    await migrate(database);
    await seedCatalogue(database.sql);
    await database.sql.exec('CHECKPOINT');
    const dump = await database.dump!();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

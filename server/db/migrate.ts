import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCK } from '../lib/locks';
import type { Database } from './client';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function listMigrations(dir = MIGRATIONS_DIR): { name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
}

/**
 * Applies the SQL files in ./migrations that have not run yet, each in its own transaction,
 * in file-name order. Safe to call from several processes at once.
 */
export async function migrate(database: Database): Promise<string[]> {
  return database.withConnection(async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK.migrations]);
    try {
      await client.exec(
        `CREATE TABLE IF NOT EXISTS drape_migrations (
           name text PRIMARY KEY,
           applied_at timestamptz NOT NULL DEFAULT now()
         )`,
      );
      const done = new Set(
        (await client.query<{ name: string }>('SELECT name FROM drape_migrations')).map(
          (r) => r.name,
        ),
      );
      const applied: string[] = [];
      for (const migration of listMigrations()) {
        if (done.has(migration.name)) continue;
        await client.exec('BEGIN');
        try {
          await client.exec(migration.sql);
          await client.query('INSERT INTO drape_migrations (name) VALUES ($1)', [migration.name]);
          await client.exec('COMMIT');
        } catch (error) {
          await client.exec('ROLLBACK');
          throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, {
            cause: error,
          });
        }
        applied.push(migration.name);
      }
      return applied;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [LOCK.migrations]);
    }
  });
}

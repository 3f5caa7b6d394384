import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDriver } from '../test/databases';
import { opaque, queryPlannedEachTime, queryPrepared, rowsOf, type SqlClient } from './client';
import { categories } from './schema';

const preparedOn = (client: SqlClient) =>
  client.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');

describe.runIf(testDriver() === 'postgres')(
  'statements prepared once per connection (PostgreSQL only: PGlite runs in the process)',
  () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase('postgres');
    });
    afterAll(() => t?.drop());

    it("prepares the query builder's statements, on the transaction's connection too", async () => {
      const statements = await t.database.db.transaction(async (tx) => {
        const [tops] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.name, 'Tops'));
        expect(tops?.id).toBeGreaterThan(0);
        return rowsOf<{ statement: string }>(tx, sql`SELECT statement FROM pg_prepared_statements`);
      });
      expect(statements.map((row) => row.statement)).toContain(
        'select "id" from "categories" where "categories"."name" = $1',
      );
    });

    it('prepares plain statements with parameters, but not those planned each time', async () => {
      const statements = await t.database.withConnection(async (client) => {
        await client.query('SELECT name FROM categories WHERE id = $1', [1]);
        await client.query('SELECT count(*) FROM occasions');
        await queryPlannedEachTime(client, sql`SELECT slot FROM categories WHERE id = ${1}`);
        return (await preparedOn(client)).map((row) => row.statement);
      });
      // The connection may have served other statements of this file before.
      expect(statements).toContain('SELECT name FROM categories WHERE id = $1');
      expect(statements).not.toContain('SELECT count(*) FROM occasions');
      expect(statements.filter((text) => text.includes('slot'))).toEqual([]);
    });

    it('answers a prepared statement again with new values, from one statement', async () => {
      const text = 'SELECT name FROM categories WHERE id = $1 AND slot IS NOT NULL';
      const { names, kept } = await t.database.withConnection(async (client) => {
        const answers = [];
        for (const id of [1, 2, 1, 3, 2, 1, 3]) {
          answers.push((await client.query<{ name: string }>(text, [id]))[0]?.name);
        }
        const rows = await client.query<{ runs: number }>(
          `SELECT (generic_plans + custom_plans)::int AS runs
             FROM pg_prepared_statements WHERE statement = $1`,
          [text],
        );
        return { names: answers, kept: rows };
      });
      expect(new Set(names).size).toBe(3);
      expect(names[0]).toBe(names[2]);
      expect(names[3]).toBe(names[6]);
      expect(kept).toEqual([{ runs: 7 }]);
    });

    it('keeps one plan for a statement whose values are opaque, where seen they are planned each time', async () => {
      const plans = await t.database.withConnection(async (client) => {
        const seen = sql`SELECT id FROM items ORDER BY id LIMIT ${2} OFFSET ${1}`;
        const hidden = sql`SELECT id FROM items ORDER BY id LIMIT ${opaque(2)} OFFSET ${opaque(1)}`;
        const ids: number[][] = [];
        for (let run = 0; run < 8; run++) {
          for (const query of [seen, hidden]) {
            const rows = await queryPrepared<{ id: number }>(client, 'probe', query);
            ids.push(rows.map((row) => row.id));
          }
        }
        expect(ids[0]).toHaveLength(2);
        expect(new Set(ids.map(String)).size).toBe(1);
        return client.query<{ statement: string; generic: number; custom: number }>(
          `SELECT statement, generic_plans::int AS generic, custom_plans::int AS custom
             FROM pg_prepared_statements WHERE statement LIKE 'SELECT id FROM items%'
            ORDER BY statement LIKE '%(SELECT%'`,
        );
      });
      // PostgreSQL's five first runs are planned for their values; then it may keep one plan.
      expect(plans.map(({ generic, custom }) => ({ generic, custom }))).toEqual([
        { generic: 0, custom: 8 },
        { generic: 3, custom: 5 },
      ]);
    });

    it('prepares a statement again once a migration changes what it returns', async () => {
      await t.database.withConnection(async (client) => {
        await client.exec(
          "CREATE TEMP TABLE probe (id int, name text); INSERT INTO probe VALUES (1, 'one')",
        );
        const ask = () => client.query('SELECT * FROM probe WHERE id = $1', [1]);
        expect(await ask()).toEqual([{ id: 1, name: 'one' }]);
        await client.exec('ALTER TABLE probe ADD COLUMN size text');
        // PostgreSQL refuses the kept statement once ("cached plan must not change result type").
        await expect(ask()).rejects.toMatchObject({ code: '0A000' });
        expect(await ask()).toEqual([{ id: 1, name: 'one', size: null }]);
        expect(await ask()).toEqual([{ id: 1, name: 'one', size: null }]);
      });
    });
  },
);

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followToEnd } from '../../test/pages';
import { type Agent, createTestApp, signUp, type TestApp } from '../../test/test-app';

/** The design screen's outfits, a page at a time, while outfits are made and deleted. */

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signUp(t.app, { isAdmin: true })).agent;
});
afterAll(() => t.close());

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []) {
  return t.db.database.sql.query<T>(text, params);
}

/** Outfit ids in the design list's order, as the database has them. */
async function outfitsInOrder(): Promise<number[]> {
  const rows = await sql<{ id: number }>(
    'SELECT id FROM outfits ORDER BY created_at DESC, id DESC',
  );
  return rows.map((r) => r.id);
}

describe('GET /api/design/outfits, a page at a time', () => {
  it('lists every outfit once, newest first, when outfits are made and deleted between pages', async () => {
    const before = await outfitsInOrder();
    const removed = before[30]!; // on the second page
    const [source] = await sql<{ id: number }>('SELECT id FROM outfits ORDER BY id LIMIT 1');
    const pages = await followToEnd<{ id: number }>(admin, '/api/design/outfits', async (n) => {
      if (n !== 1) return;
      await sql(
        `WITH o AS (INSERT INTO outfits (name, description, occasion_id)
                    VALUES ('Made between pages', '', 1) RETURNING id)
         INSERT INTO outfit_items (outfit_id, slot, item_id, category_id)
         SELECT o.id, oi.slot, oi.item_id, oi.category_id FROM o, outfit_items oi
          WHERE oi.outfit_id = $1`,
        [source!.id],
      );
      expect((await admin.delete(`/api/design/outfit/delete/${removed}`)).statusCode).toBe(200);
    });
    expect(pages.length).toBeGreaterThan(2);
    const shown = pages.flat().map((o) => o.id);
    expect(shown).toEqual(before.filter((id) => id !== removed));
  });

  it('pages a name search with exact and prefix matches first', async () => {
    const q = 'look';
    const pages = await followToEnd<{ id: number; name: string }>(
      admin,
      `/api/design/outfits?q=${q}`,
    );
    const shown = pages.flat();
    const [{ n } = { n: 0 }] = await sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM outfits WHERE lower(name) LIKE '%look%'",
    );
    expect(shown).toHaveLength(n);
    expect(new Set(shown.map((o) => o.id)).size).toBe(n);
    const leads = shown.map((o) => o.name.toLowerCase().startsWith(q));
    expect(leads).toEqual([...leads].sort((a, b) => Number(b) - Number(a)));
  });
});

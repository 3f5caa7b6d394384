import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories } from '../db/schema';
import { badRequest } from './errors';

type Category = typeof categories.$inferSelect;

/**
 * The five categories are fixed by migrations and never edited through the API, so a search or a
 * category's page need not read them every time: each database's list is kept for a minute.
 */
const CACHE_MS = 60_000;
const cache = new WeakMap<Db, { at: number; list: Promise<Category[]> }>();

function allCategories(db: Db): Promise<Category[]> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.list;
  const list = db.select().from(categories).orderBy(asc(categories.id));
  const entry = { at: Date.now(), list: Promise.resolve(list) };
  // A failed read is not kept: the next call asks again.
  entry.list.catch(() => cache.delete(db));
  cache.set(db, entry);
  return entry.list;
}

/**
 * A category by id (`6`, or `06`), name (`Outerwear`) or slot (`outerwear`), without regard to case;
 * undefined when there is none.
 */
export async function findCategory(db: Db, ref: string): Promise<Category | undefined> {
  const wanted = ref.toLowerCase();
  const id = /^\d+$/.test(ref) ? Number(ref) : undefined;
  const all = await allCategories(db);
  return all.find((c) => c.id === id || c.name.toLowerCase() === wanted || c.slot === wanted);
}

/**
 * Category filters as shoppers and SPEC's client send them, by id (`6`) or name (`Outerwear`,
 * any case), to ids. An unknown one is a 400 naming it.
 */
export async function resolveCategoryRefs(db: Db, refs: readonly string[]): Promise<number[]> {
  if (refs.length === 0) return [];
  const all = await allCategories(db);
  const ids = refs.map((ref) => {
    const found = all.find(
      (c) => String(c.id) === ref || c.name.toLowerCase() === ref.toLowerCase(),
    );
    if (!found) throw badRequest(`There is no category "${ref}".`, { cat: 'is not a category' });
    return found.id;
  });
  return [...new Set(ids)];
}

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
 * Whether `ref` names the category: by id (`6`, or `06`), name (`Outerwear`) or slot
 * (`outerwear`), without regard to case. Every route that takes a category reads it this way.
 */
function names(category: Category, ref: string): boolean {
  const wanted = ref.toLowerCase();
  return (
    (/^\d+$/.test(ref) && Number(ref) === category.id) ||
    category.name.toLowerCase() === wanted ||
    category.slot === wanted
  );
}

/** The category `ref` names (see `names`); undefined when there is none. */
export async function findCategory(db: Db, ref: string): Promise<Category | undefined> {
  const all = await allCategories(db);
  return all.find((c) => names(c, ref));
}

/**
 * Category filters as shoppers and SPEC's client send them (`6`, `Outerwear`, `outerwear`: see
 * `names`) to ids. An unknown one is a 400 naming it.
 */
export async function resolveCategoryRefs(db: Db, refs: readonly string[]): Promise<number[]> {
  if (refs.length === 0) return [];
  const all = await allCategories(db);
  const ids = refs.map((ref) => {
    const found = all.find((c) => names(c, ref));
    if (!found) throw badRequest(`There is no category "${ref}".`, { cat: 'is not a category' });
    return found.id;
  });
  return [...new Set(ids)];
}

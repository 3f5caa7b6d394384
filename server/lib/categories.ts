import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories } from '../db/schema';
import { badRequest } from './errors';

/**
 * Category filters as shoppers and SPEC's client send them, by id (`6`) or name (`Outerwear`,
 * any case), to ids. An unknown one is a 400 naming it.
 */
export async function resolveCategoryRefs(db: Db, refs: readonly string[]): Promise<number[]> {
  if (refs.length === 0) return [];
  const all = await db.select().from(categories).orderBy(asc(categories.id));
  const ids = refs.map((ref) => {
    const found = all.find(
      (c) => String(c.id) === ref || c.name.toLowerCase() === ref.toLowerCase(),
    );
    if (!found) throw badRequest(`There is no category "${ref}".`, { cat: 'is not a category' });
    return found.id;
  });
  return [...new Set(ids)];
}

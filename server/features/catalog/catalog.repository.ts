import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, items, occasions } from '../../db/schema';
import { itemColumns } from '../../lib/items';

export function listOccasions(db: Db) {
  return db.select().from(occasions).orderBy(asc(occasions.id));
}

export function listCategories(db: Db) {
  return db.select().from(categories).orderBy(asc(categories.id));
}

export function listItems(
  db: Db,
  options: { limit: number; offset: number; categoryId?: number | undefined },
) {
  const query = db
    .select(itemColumns)
    .from(items)
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .orderBy(asc(items.id))
    .limit(options.limit)
    .offset(options.offset);
  return options.categoryId === undefined
    ? query
    : query.where(eq(items.categoryId, options.categoryId));
}

import { and, asc, eq, gt } from 'drizzle-orm';
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
  options: {
    limit: number;
    offset: number;
    /** Only items after this id: a page that starts where the one before ended. */
    after?: number | undefined;
    categoryId?: number | undefined;
  },
) {
  return db
    .select(itemColumns)
    .from(items)
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(
      and(
        options.categoryId === undefined ? undefined : eq(items.categoryId, options.categoryId),
        options.after === undefined ? undefined : gt(items.id, options.after),
      ),
    )
    .orderBy(asc(items.id))
    .limit(options.limit)
    .offset(options.offset);
}

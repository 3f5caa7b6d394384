import { asc, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { categories, occasions } from '../../db/schema';
import { type ItemRow, itemColumnsSql } from '../../lib/items';

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
): Promise<ItemRow[]> {
  return rowsOf<ItemRow>(
    db,
    sql`SELECT ${itemColumnsSql} FROM items i JOIN categories c ON c.id = i.category_id
         WHERE true
           ${options.categoryId === undefined ? sql`` : sql`AND i.category_id = ${options.categoryId}`}
           ${options.after === undefined ? sql`` : sql`AND i.id > ${options.after}`}
         ORDER BY i.id
         LIMIT ${options.limit} OFFSET ${options.offset}`,
  );
}

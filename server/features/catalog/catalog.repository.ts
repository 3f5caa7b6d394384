import { asc, sql } from 'drizzle-orm';
import { type Db, opaque, queryPrepared, type SqlClient } from '../../db/client';
import { categories, occasions } from '../../db/schema';
import { type ItemRow, itemColumnsSql } from '../../lib/items';

export function listOccasions(db: Db) {
  return db.select().from(occasions).orderBy(asc(occasions.id));
}

export function listCategories(db: Db) {
  return db.select().from(categories).orderBy(asc(categories.id));
}

/**
 * A page of the catalogue in id order, one prepared statement per shape (a category, a start),
 * sent on the plain client as a shopper's other statements are, not through the query builder's
 * `execute`. Its values are hidden from the planner (`opaque`): with its LIMIT in view,
 * PostgreSQL planned every call afresh.
 */
export function listItems(
  client: SqlClient,
  options: {
    limit: number;
    offset: number;
    /** Only items after this id: a page that starts where the one before ended. */
    after?: number | undefined;
    categoryId?: number | undefined;
  },
): Promise<ItemRow[]> {
  return queryPrepared<ItemRow>(
    client,
    'catalog_items',
    sql`SELECT ${itemColumnsSql} FROM items i JOIN categories c ON c.id = i.category_id
         WHERE true
           ${options.categoryId === undefined ? sql`` : sql`AND i.category_id = ${opaque(options.categoryId)}`}
           ${options.after === undefined ? sql`` : sql`AND i.id > ${opaque(options.after)}`}
         ORDER BY i.id
         LIMIT ${opaque(options.limit)} OFFSET ${opaque(options.offset)}`,
  );
}

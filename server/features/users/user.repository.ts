import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows[0];
}

/** What the shopper sees of their account. */
export type Profile = Pick<
  UserRow,
  'id' | 'username' | 'firstName' | 'lastName' | 'email' | 'isAdmin'
>;

export async function findProfile(db: Db, id: number): Promise<Profile | undefined> {
  const rows = await rowsOf<Profile>(
    db,
    sql`SELECT id, username, first_name AS "firstName", last_name AS "lastName", email,
               is_admin AS "isAdmin"
          FROM users WHERE id = ${id}`,
  );
  return rows[0];
}

export async function adminExists(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isAdmin, true))
    .limit(1);
  return rows.length > 0;
}

export async function insertUser(db: Db, user: typeof users.$inferInsert): Promise<UserRow> {
  const rows = await db.insert(users).values(user).returning();
  return rows[0]!;
}

import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryPrepared, rowsOf, type SqlClient } from '../../db/client';
import type { addresses } from '../../db/schema';

/** An address as the shopper keeps it. */
export type AddressRow = Omit<typeof addresses.$inferSelect, 'userId' | 'createdAt'>;

export type AddressValues = Omit<AddressRow, 'id' | 'preferred'>;

/** Each field's column, for the statements below. */
const COLUMNS: Record<keyof Omit<AddressRow, 'id'>, string> = {
  nickname: 'nickname',
  recipientName: 'recipient_name',
  phone: 'phone',
  streetAddress: 'street_address',
  streetAddress2: 'street_address_2',
  city: 'city',
  state: 'state',
  zip: 'zip',
  preferred: 'preferred',
};

const addressColumns = sql.raw(
  `id, ${Object.entries(COLUMNS)
    .map(([field, column]) => `${column} AS "${field}"`)
    .join(', ')}`,
);

export function listAddresses(db: Db, userId: number): Promise<AddressRow[]> {
  return rowsOf<AddressRow>(
    db,
    sql`SELECT ${addressColumns} FROM addresses WHERE user_id = ${userId}
         ORDER BY preferred DESC, created_at DESC, id DESC`,
  );
}

/**
 * Adds an address in one statement, where the shopper keeps fewer than `most`: the first is
 * preferred, a later one when `asked`, and then the others give the flag up
 * (`make_room_for_address`, which locks the shopper first, so adds at once take turns).
 * Undefined when the shopper keeps `most` already.
 */
export async function insertAddress(
  client: SqlClient,
  userId: number,
  most: number,
  asked: boolean,
  values: AddressValues,
): Promise<AddressRow | undefined> {
  const fields = Object.keys(COLUMNS).filter((f) => f !== 'preferred') as (keyof AddressValues)[];
  const rows = await queryPrepared<AddressRow>(
    client,
    'address_add',
    // The function answers whether the new address is preferred, or null when there is no room.
    sql`WITH room AS (SELECT make_room_for_address(${userId}, ${most}, ${asked}) AS preferred)
        INSERT INTO addresses (user_id, preferred, ${sql.raw(fields.map((f) => COLUMNS[f]).join(', '))})
        SELECT ${userId}, room.preferred, ${sql.join(
          fields.map((f) => sql`${values[f]}`),
          sql`, `,
        )}
          FROM room WHERE room.preferred IS NOT NULL
        RETURNING ${addressColumns}`,
  );
  return rows[0];
}

/**
 * Changes the fields given (an undefined one stays as it is); undefined when it is not theirs.
 * With `preferred` true the others give the flag up in the same statement
 * (`take_preferred_address`, which locks the shopper first, so such changes at once take turns).
 */
export async function updateAddress(
  client: SqlClient,
  userId: number,
  id: number,
  values: Partial<AddressValues & { preferred: boolean }>,
): Promise<AddressRow | undefined> {
  const sets: SQL[] = [];
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = values[field as keyof typeof COLUMNS];
    if (value !== undefined) sets.push(sql`${sql.raw(column)} = ${value}`);
  }
  const update = sql`UPDATE addresses SET ${sql.join(sets, sql`, `)}`;
  const mine = sql`id = ${id} AND user_id = ${userId}`;
  return (
    await queryPrepared<AddressRow>(
      client,
      'address_update',
      values.preferred
        ? sql`WITH taken AS (SELECT take_preferred_address(${userId}, ${id}) AS done)
              ${update} FROM taken WHERE taken.done AND ${mine} RETURNING ${addressColumns}`
        : sql`${update} WHERE ${mine} RETURNING ${addressColumns}`,
    )
  )[0];
}

/**
 * Removes the shopper's address; when it was the preferred one the newest left takes the flag
 * (`remove_address`, 0058, under the shopper's lock). False when it is not the shopper's.
 */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<boolean> {
  const [row] = await rowsOf<{ removed: boolean }>(
    db,
    sql`SELECT remove_address(${userId}, ${id}) AS removed`,
  );
  return row?.removed === true;
}

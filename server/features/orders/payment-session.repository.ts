import { sql } from 'drizzle-orm';
import { type Db, isoText, queryPrepared, rowsOf, type SqlClient } from '../../db/client';
import type { paymentSessions } from '../../db/schema';

export type PaymentSessionRow = typeof paymentSessions.$inferSelect;

export interface SessionAddress {
  nickname: string;
  recipientName: string | null;
  phone: string | null;
  streetAddress: string;
  streetAddress2: string | null;
  city: string;
  state: string;
  zip: string;
}

/** The address's columns as a session's address names them, with addresses as `a`. */
const addressColumns = sql.raw(
  `a.nickname, a.recipient_name AS "recipientName", a.phone, a.street_address AS "streetAddress",
   a.street_address_2 AS "streetAddress2", a.city, a.state, a.zip`,
);

export interface PaymentLine {
  quantity: number;
  priceCents: number;
  stock: number;
  name: string;
  color: string;
  size: string;
}

/**
 * What a payment is opened on, in one statement: the shopper's own address (null when it is not
 * theirs) and the cart's lines with what the amount and the stock check need.
 */
export async function findPaymentBasis(
  client: SqlClient,
  userId: number,
  addressId: number,
): Promise<{ address: SessionAddress | null; lines: PaymentLine[] }> {
  const rows = await queryPrepared<
    { address: SessionAddress | null } & (PaymentLine | { quantity: null })
  >(
    client,
    'payment_basis',
    sql`SELECT (SELECT row_to_json(found) FROM (
                  SELECT ${addressColumns} FROM addresses a
                   WHERE a.id = ${addressId} AND a.user_id = ${userId}) found) AS address,
               l.quantity, i.price_cents AS "priceCents", i.stock, i.name, i.color, i.size
          FROM (SELECT) o
          LEFT JOIN (cart_lines l JOIN items i ON i.id = l.item_id) ON l.user_id = ${userId}
         -- The cart's order: the first line short of stock is the one named.
         ORDER BY l.added_at, l.item_id`,
  );
  const lines: PaymentLine[] = [];
  for (const { address: _, ...line } of rows) if (line.quantity !== null) lines.push(line);
  // The outer row is always there: with an empty cart it is the address beside nulls.
  return { address: rows[0]?.address ?? null, lines };
}

/** A session's columns, its times as ISO text (`asSession` makes them dates), with `ps`. */
const sessionColumns = sql`ps.id, ps.user_id AS "userId", ps.payment_method AS "paymentMethod",
  ps.address_id AS "addressId", ps.amount_cents AS "amountCents", ps.status,
  ps.idempotency_key AS "idempotencyKey", ${isoText(sql`ps.created_at`)} AS "createdAt",
  ${isoText(sql`ps.expires_at`)} AS "expiresAt"`;

type SessionText = Omit<PaymentSessionRow, 'createdAt' | 'expiresAt'> & {
  createdAt: string;
  expiresAt: string;
};

const asSession = ({ createdAt, expiresAt, ...row }: SessionText): PaymentSessionRow => ({
  ...row,
  createdAt: new Date(createdAt),
  expiresAt: new Date(expiresAt),
});

export async function insertSession(
  db: Db,
  values: Omit<PaymentSessionRow, 'createdAt' | 'idempotencyKey' | 'status'>,
): Promise<PaymentSessionRow> {
  const rows = await rowsOf<SessionText>(
    db,
    sql`INSERT INTO payment_sessions AS ps
               (id, user_id, payment_method, address_id, amount_cents, status, expires_at)
        VALUES (${values.id}, ${values.userId}, ${values.paymentMethod}, ${values.addressId},
                ${values.amountCents}, 'pending', ${values.expiresAt.toISOString()}::timestamptz)
        RETURNING ${sessionColumns}`,
  );
  return asSession(rows[0]!);
}

/** A session's address, as `findSession` and `moveSession` name it (null if removed since). */
const sessionAddress = (userId: number) =>
  sql`(SELECT row_to_json(found) FROM (
         SELECT ${addressColumns} FROM addresses a
          WHERE a.id = ps.address_id AND a.user_id = ${userId}) found) AS address`;

export interface FoundSession {
  session: PaymentSessionRow;
  address: SessionAddress | null;
}

function asFound(rows: (SessionText & { address: SessionAddress | null })[]) {
  const row = rows[0];
  if (!row) return undefined;
  const { address, ...session } = row;
  return { session: asSession(session), address };
}

/**
 * One of the shopper's sessions with the address it ships to. With a checkout's key, the session
 * that key already took comes first (a checkout sent again after a failure, naming a session
 * opened since), else the one named.
 */
export async function findSession(
  db: Db,
  userId: number,
  id: string,
  takenBy?: string,
): Promise<FoundSession | undefined> {
  const taken =
    takenBy === undefined
      ? sql``
      : sql`OR (ps.status = 'captured' AND ps.idempotency_key = ${takenBy})`;
  return asFound(
    await rowsOf(
      db,
      sql`SELECT ${sessionColumns}, ${sessionAddress(userId)}
            FROM payment_sessions ps
           WHERE ps.user_id = ${userId} AND (ps.id = ${id} ${taken})
           ORDER BY ps.idempotency_key IS NOT DISTINCT FROM ${takenBy ?? null} DESC
           LIMIT 1`,
    ),
  );
}

/**
 * Moves one of the shopper's sessions from one status to another and answers it as moved, with
 * its address; undefined when it is not theirs or was no longer in `from`.
 */
export async function moveSession(
  db: Db,
  userId: number,
  id: string,
  from: PaymentSessionRow['status'][],
  to: PaymentSessionRow['status'],
): Promise<FoundSession | undefined> {
  return asFound(
    await rowsOf(
      db,
      sql`UPDATE payment_sessions ps SET status = ${to}
           WHERE ps.id = ${id} AND ps.user_id = ${userId}
             AND ps.status IN (${sql.join(
               from.map((status) => sql`${status}`),
               sql`, `,
             )})
          RETURNING ${sessionColumns}, ${sessionAddress(userId)}`,
    ),
  );
}

/**
 * Spends an approved session on one checkout: only a retry of that same checkout (its
 * idempotency key) may name it again. False when it was already spent on another.
 */
export async function captureSession(
  db: Db,
  userId: number,
  id: string,
  idempotencyKey: string,
): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`UPDATE payment_sessions SET status = 'captured', idempotency_key = ${idempotencyKey}
         WHERE id = ${id} AND user_id = ${userId}
           AND (status = 'approved' OR (status = 'captured' AND idempotency_key = ${idempotencyKey}))
        RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * Deletes at most `batch` sessions never spent on an order whose expiry passed more than `hours`
 * ago, answering how many went. Captured sessions stay: a checkout sent again finds its own.
 */
export async function forgetUnspentSessions(db: Db, hours: number, batch: number): Promise<number> {
  const rows = await rowsOf(
    db,
    sql`DELETE FROM payment_sessions
         WHERE id IN (SELECT id FROM payment_sessions
                       WHERE status <> 'captured'
                         AND expires_at < now() - make_interval(hours => ${hours})
                       ORDER BY expires_at
                       LIMIT ${batch}
                         FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  return rows.length;
}

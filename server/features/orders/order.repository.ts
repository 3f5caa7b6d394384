import { sql } from 'drizzle-orm';
import type { PaymentMethod } from '../../../contracts/order';
import { type Db, isoText, queryPrepared, rowsOf, type SqlClient } from '../../db/client';
import type { checkoutCharges, orderLines, orders } from '../../db/schema';
import { ORDER_PAGE_READ } from '../../lib/cursor';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export async function findOrderIdByKey(
  db: Db,
  userId: number,
  idempotencyKey: string,
): Promise<number | undefined> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`SELECT id FROM orders WHERE user_id = ${userId} AND idempotency_key = ${idempotencyKey}`,
  );
  return rows[0]?.id;
}

export interface Contact {
  email: string | null;
  firstName: string | null;
  username: string;
}

export interface ShipTo {
  nickname: string;
  recipientName: string | null;
  phone: string | null;
  streetAddress: string;
  streetAddress2: string | null;
  city: string;
  state: string;
  zip: string;
}

/** One cart line with its item, as the checkout read it. */
export interface CartLine {
  itemId: number;
  quantity: number;
  productId: number;
  name: string;
  color: string;
  size: string;
  image: string;
  priceCents: number;
  stock: number;
}

export interface CheckoutStart {
  /** Who the confirmation goes to; null when the session names a shopper deleted meanwhile. */
  contact: Contact | null;
  /** The order a repeated idempotency key placed before. */
  existing: number | null;
  /** Where this key's charge stands in the ledger (0054); null before its first charge. */
  charge: ChargeState | null;
  address: ShipTo | null;
  lines: CartLine[];
  /** The new order's id, drawn only when the cart has lines. */
  nextId: number | null;
}

/**
 * Everything a checkout decides on, in one statement and without locks (they are taken by
 * `placeOrder`, for its one statement alone): the shopper's contact, an order placed before with
 * this key, the address (the shopper's own only), the cart lines with their items in item id
 * order, and the next order id. The join is outer, so an empty cart still gives one row.
 */
export async function readCheckout(
  client: SqlClient,
  userId: number,
  input: { addressId: number; idempotencyKey: string },
): Promise<CheckoutStart> {
  type Row = Omit<CheckoutStart, 'lines'> & (CartLine | { [K in keyof CartLine]: null });
  const rows = await queryPrepared<Row>(
    client,
    'checkout_read',
    sql`SELECT c.item_id AS "itemId", c.quantity, i.product_id AS "productId", i.name, i.color,
               i.size, i.image, i.price_cents AS "priceCents", i.stock,
               (SELECT json_build_object('email', u.email, 'firstName', u.first_name,
                                         'username', u.username)
                  FROM users u WHERE u.id = ${userId}) AS contact,
               (SELECT o.id FROM orders o
                 WHERE o.user_id = ${userId} AND o.idempotency_key = ${input.idempotencyKey})
                 AS existing,
               (SELECT k.state FROM checkout_charges k
                 WHERE k.user_id = ${userId} AND k.idempotency_key = ${input.idempotencyKey})
                 AS charge,
               (SELECT json_build_object('nickname', a.nickname, 'recipientName', a.recipient_name,
                                         'phone', a.phone, 'streetAddress', a.street_address,
                                         'streetAddress2', a.street_address_2,
                                         'city', a.city, 'state', a.state, 'zip', a.zip)
                  FROM addresses a
                 WHERE a.id = ${input.addressId} AND a.user_id = ${userId}) AS address,
               CASE WHEN c.item_id IS NOT NULL
                    THEN (SELECT nextval(pg_get_serial_sequence('orders', 'id'))::int) END
                 AS "nextId"
          FROM (VALUES (1)) AS one (n)
          LEFT JOIN (cart_lines c JOIN items i ON i.id = c.item_id) ON c.user_id = ${userId}
         ORDER BY i.id`,
  );
  const first = rows[0]!;
  const lines: CartLine[] = [];
  for (const { contact: _c, existing: _e, charge: _k, address: _a, nextId: _n, ...line } of rows) {
    if (line.itemId !== null) lines.push(line);
  }
  return {
    contact: first.contact,
    existing: first.existing,
    charge: first.charge,
    address: first.address,
    nextId: first.nextId,
    lines,
  };
}

/** Whether the shopper's cart holds any line at all. */
export async function cartHasLines(db: Db, userId: number): Promise<boolean> {
  const rows = await rowsOf(db, sql`SELECT 1 FROM cart_lines WHERE user_id = ${userId} LIMIT 1`);
  return rows.length > 0;
}

/** A line of the cart as `placeOrder` found it under lock, with its item's stock. */
export interface HeldLine {
  itemId: number;
  quantity: number;
  priceCents: number;
  name: string;
  color: string;
  size: string;
  stock: number;
}

export type Placement =
  | { placed: true; createdAt: Date; lineIds: Map<number, number> }
  /**
   * Nothing was written: `held` is what is left of the lines bought, as they stand now, and
   * `claimLost` is true when they still fit but the charge's row was no longer open: claimed by
   * a refund (`refunding`, `refunded`), set aside for the shop (`unknown`) or by another order.
   */
  | { placed: false; held: HeldLine[]; claimLost: boolean };

/**
 * The whole order in one statement, written only if the cart still holds exactly the lines that
 * were paid for, at the prices paid, stock covers each of them, and the key's charge is still
 * waiting for its order (not claimed by a refund). It first locks those cart
 * lines and their items, in item id order as every checkout does, so checkouts sharing pieces
 * queue instead of deadlocking (`NO KEY UPDATE` on the items leaves other shoppers free to add
 * them to their carts). Every write below is gated on that verdict, so it is all or nothing:
 * the order, its lines (each with its own copy of name, picture and price), the stock taken, the
 * closet (more of a piece the shopper had, or a new one), and the bought lines out of the cart;
 * a piece added to the cart meanwhile stays there. The locks last for this statement alone.
 */
export async function placeOrder(
  client: SqlClient,
  // Every column but those the database sets: a new one must be given here, and written below.
  order: Omit<OrderRow, 'createdAt' | 'emailedAt'>,
  lines: Omit<CartLine, 'stock'>[],
): Promise<Placement> {
  const bought = JSON.stringify(lines);
  const [row] = await queryPrepared<{
    ok: boolean;
    fits: boolean;
    held: HeldLine[] | null;
    createdMs: number | null;
    lines: { id: number; itemId: number }[] | null;
  }>(
    client,
    'checkout_place',
    sql`
    WITH bought AS (
      SELECT * FROM json_to_recordset(${bought}::json) AS b(
        "itemId" int, "productId" int, name text, color text, size text, image text,
        "priceCents" int, quantity int)
    ),
    held AS MATERIALIZED (
      SELECT c.item_id AS "itemId", c.quantity, i.price_cents AS "priceCents", i.name, i.color,
             i.size, i.stock
        FROM cart_lines c JOIN items i ON i.id = c.item_id
       WHERE c.user_id = ${order.userId} AND c.item_id IN (SELECT "itemId" FROM bought)
       ORDER BY i.id
         FOR UPDATE OF c
         FOR NO KEY UPDATE OF i
    ),
    fits AS (
      SELECT count(h."itemId") = (SELECT count(*) FROM bought)
             AND coalesce(bool_and(h.quantity = b.quantity AND h."priceCents" = b."priceCents"
                                   AND h.stock >= b.quantity), false) AS ok
        FROM bought b LEFT JOIN held h ON h."itemId" = b."itemId"
    ),
    -- The charge becomes this order's, unless a refund claimed it first (its row lock decides).
    claimed AS (
      UPDATE checkout_charges
         SET state = 'ordered', reference = ${order.paymentReference}, changed_at = now()
       WHERE user_id = ${order.userId} AND idempotency_key = ${order.idempotencyKey}
         AND state IN ${OPEN} AND (SELECT ok FROM fits)
      RETURNING 1
    ),
    verdict AS (
      SELECT (SELECT ok FROM fits) AND EXISTS (SELECT FROM claimed) AS ok
    ),
    head AS (
      INSERT INTO orders (id, number, user_id, idempotency_key, payment_method, payment_reference,
                          subtotal_cents, shipping_cents, total_cents, ship_nickname,
                          ship_recipient_name, ship_phone, ship_street_address,
                          ship_street_address_2, ship_city, ship_state, ship_zip,
                          arrives_from, arrives_to)
      SELECT ${order.id}, ${order.number}, ${order.userId}, ${order.idempotencyKey},
             ${order.paymentMethod}, ${order.paymentReference}, ${order.subtotalCents},
             ${order.shippingCents}, ${order.totalCents}, ${order.shipNickname},
             ${order.shipRecipientName}, ${order.shipPhone}, ${order.shipStreetAddress},
             ${order.shipStreetAddress2}, ${order.shipCity}, ${order.shipState}, ${order.shipZip},
             ${order.arrivesFrom}, ${order.arrivesTo}
       WHERE (SELECT ok FROM verdict)
      RETURNING created_at
    ),
    lines AS (
      INSERT INTO order_lines (order_id, item_id, product_id, name, color, size, image,
                               unit_price_cents, quantity, line_total_cents)
      SELECT ${order.id}, "itemId", "productId", name, color, size, image,
             "priceCents", quantity, "priceCents" * quantity
        FROM bought WHERE (SELECT ok FROM verdict) ORDER BY "itemId"
      RETURNING id, item_id
    ),
    stock AS (
      UPDATE items i SET stock = i.stock - b.quantity
        FROM bought b WHERE i.id = b."itemId" AND (SELECT ok FROM verdict)
    ),
    closet AS (
      INSERT INTO closet_items (user_id, item_id, product_id, quantity)
      SELECT ${order.userId}, b."itemId", b."productId", b.quantity
        FROM bought b JOIN items i ON i.id = b."itemId"
       WHERE (SELECT ok FROM verdict)
       -- In the key order of the tallies each row moves (0045), so two checkouts queue.
       ORDER BY i.category_id, b."itemId"
      ON CONFLICT (user_id, item_id) DO UPDATE
        SET quantity = closet_items.quantity + excluded.quantity, last_bought_at = now()
    ),
    cleared AS (
      DELETE FROM cart_lines c USING bought b
       WHERE c.user_id = ${order.userId} AND c.item_id = b."itemId" AND (SELECT ok FROM verdict)
    )
    SELECT (SELECT ok FROM verdict) AS ok, (SELECT ok FROM fits) AS fits,
           (SELECT json_agg(held ORDER BY "itemId") FROM held) AS held,
           (SELECT extract(epoch FROM created_at) * 1000 FROM head)::float8 AS "createdMs",
           (SELECT json_agg(json_build_object('id', id, 'itemId', item_id)) FROM lines) AS lines`,
  );
  if (!row?.ok) return { placed: false, held: row?.held ?? [], claimLost: row?.fits === true };
  return {
    placed: true,
    createdAt: new Date(row.createdMs!),
    lineIds: new Map(row.lines!.map((line) => [line.itemId, line.id])),
  };
}

export type ChargeState = (typeof checkoutCharges.$inferSelect)['state'];

/**
 * The states of a charge that may still become an order: being taken (`charging`), declined
 * (sent again, it may be taken), or taken with its order not written (`charged`). A charge the
 * provider never answered (`unknown`) is the shop's to settle once logged: never an order's.
 */
const OPEN = sql.raw(`('charging', 'declined', 'charged')`);

/** A checkout's charge as the ledger records it. */
export interface ChargeRecord {
  userId: number;
  idempotencyKey: string;
  amountCents: number;
  paymentMethod: PaymentMethod;
  orderNumber: string;
}

/**
 * Records a checkout's charge before it is taken: a new key's row, or the same key's again when
 * it may still become an order and is for the same amount and method (a checkout sent again,
 * one more submit asking the provider, a declined charge being taken again). Answers the
 * order number the key was first charged with, which a checkout sent again keeps, so that the
 * provider is asked the same charge; undefined otherwise: `chargeState` says where the key's
 * charge stands (read anew: this statement may have waited for an order's write that claimed
 * the row after it began).
 */
export async function openCharge(
  client: SqlClient,
  charge: ChargeRecord,
): Promise<string | undefined> {
  const [row] = await queryPrepared<{ orderNumber: string }>(
    client,
    'checkout_open_charge',
    sql`INSERT INTO checkout_charges AS k
               (user_id, idempotency_key, state, amount_cents, payment_method, order_number)
        VALUES (${charge.userId}, ${charge.idempotencyKey}, 'charging', ${charge.amountCents},
                ${charge.paymentMethod}, ${charge.orderNumber})
        ON CONFLICT (user_id, idempotency_key) DO UPDATE
           SET state = CASE k.state WHEN 'declined' THEN 'charging' ELSE k.state END,
               undeclined = k.undeclined + 1, changed_at = now()
         WHERE k.state IN ${OPEN} AND k.amount_cents = excluded.amount_cents
           AND k.payment_method = excluded.payment_method
        RETURNING k.order_number AS "orderNumber"`,
  );
  return row?.orderNumber;
}

/** Where a key's charge stands in the ledger; undefined when it has none. */
export async function chargeState(
  db: Db,
  userId: number,
  idempotencyKey: string,
): Promise<ChargeState | undefined> {
  const rows = await rowsOf<{ state: ChargeState }>(
    db,
    sql`SELECT state FROM checkout_charges
         WHERE user_id = ${userId} AND idempotency_key = ${idempotencyKey}`,
  );
  return rows[0]?.state;
}

/**
 * Records that the provider declined this submit's charge, and answers where the key's charge
 * stands then: `declined` once no other submit of the key that asked the provider is left
 * undeclined (one may have been charged, and its process may die before its order: the row
 * stays `charging`, and the sweep logs it for the shop).
 */
export async function markDeclined(
  db: Db,
  userId: number,
  idempotencyKey: string,
): Promise<ChargeState | undefined> {
  const rows = await rowsOf<{ state: ChargeState }>(
    db,
    sql`UPDATE checkout_charges
           SET undeclined = undeclined - 1, changed_at = now(),
               state = CASE WHEN state = 'charging' AND undeclined = 1 THEN 'declined' ELSE state END
         WHERE user_id = ${userId} AND idempotency_key = ${idempotencyKey} AND undeclined > 0
        RETURNING state`,
  );
  return rows[0]?.state;
}

/**
 * Records a charge taken whose order was not written, with its reference: the sweep returns it
 * unless the checkout, sent again, places it first.
 */
export async function markCharged(
  db: Db,
  userId: number,
  idempotencyKey: string,
  reference: string,
): Promise<void> {
  await rowsOf(
    db,
    sql`UPDATE checkout_charges SET state = 'charged', reference = ${reference}, changed_at = now()
         WHERE user_id = ${userId} AND idempotency_key = ${idempotencyKey} AND state IN ${OPEN}`,
  );
}

/**
 * Claims a charge for its refund, spending the key: false when an order or another refund
 * claimed it first. The order's write claims the same row, so only one of them wins.
 */
export async function claimRefund(
  db: Db,
  userId: number,
  idempotencyKey: string,
  reference: string,
): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`UPDATE checkout_charges SET state = 'refunding', reference = ${reference}, changed_at = now()
         WHERE user_id = ${userId} AND idempotency_key = ${idempotencyKey} AND state IN ${OPEN}
        RETURNING 1`,
  );
  return rows.length > 0;
}

/** Records that a claimed refund went through. */
export async function markRefunded(db: Db, userId: number, idempotencyKey: string): Promise<void> {
  await rowsOf(
    db,
    sql`UPDATE checkout_charges SET state = 'refunded', changed_at = now()
         WHERE user_id = ${userId} AND idempotency_key = ${idempotencyKey} AND state = 'refunding'`,
  );
}

/** Records that the confirmation went out (the order was committed before the e-mail was sent). */
export async function markEmailed(client: SqlClient, orderId: number): Promise<void> {
  await queryPrepared(
    client,
    'checkout_mark_emailed',
    sql`UPDATE orders SET emailed_at = now()
         WHERE id = ${orderId} AND emailed_at IS NULL`,
  );
}

/**
 * One order with its lines, in one statement; its lines come as one JSON array. Found by its id
 * or by the number the shopper knows it by, and only among the shopper's own.
 */
export async function findOrder(
  db: Db,
  userId: number,
  filter: { id: number } | { number: string },
): Promise<{ order: OrderRow; lines: OrderLineRow[] } | undefined> {
  // Written as SQL: building the head's twenty columns with the query builder cost the server
  // more than PostgreSQL spent reading them.
  const found = await rowsOf<
    Omit<OrderRow, 'createdAt' | 'emailedAt'> & {
      createdAt: string;
      emailedAt: string | null;
      lines: OrderLineRow[];
    }
  >(
    db,
    sql`SELECT o.id, o.number, o.user_id AS "userId", o.idempotency_key AS "idempotencyKey",
               o.payment_method AS "paymentMethod", o.payment_reference AS "paymentReference",
               o.subtotal_cents AS "subtotalCents", o.shipping_cents AS "shippingCents",
               o.total_cents AS "totalCents", o.ship_nickname AS "shipNickname",
               o.ship_recipient_name AS "shipRecipientName", o.ship_phone AS "shipPhone",
               o.ship_street_address AS "shipStreetAddress",
               o.ship_street_address_2 AS "shipStreetAddress2", o.ship_city AS "shipCity",
               o.ship_state AS "shipState", o.ship_zip AS "shipZip",
               o.arrives_from::text AS "arrivesFrom", o.arrives_to::text AS "arrivesTo",
               ${isoText(sql`o.emailed_at`)} AS "emailedAt",
               ${isoText(sql`o.created_at`)} AS "createdAt",
               (SELECT coalesce(json_agg(json_build_object(
                         'id', l.id, 'orderId', l.order_id, 'itemId', l.item_id,
                         'productId', l.product_id, 'name', l.name, 'color', l.color,
                         'size', l.size, 'image', l.image, 'unitPriceCents', l.unit_price_cents,
                         'quantity', l.quantity, 'lineTotalCents', l.line_total_cents)
                         ORDER BY l.id), '[]')
                  FROM order_lines l WHERE l.order_id = o.id) AS lines
          FROM orders o
         WHERE o.user_id = ${userId}
           ${'id' in filter ? sql`AND o.id = ${filter.id}` : sql`AND o.number = ${filter.number}`}`,
  );
  const [row] = found;
  if (!row) return undefined;
  const { lines, ...head } = row;
  return {
    order: {
      ...head,
      createdAt: new Date(head.createdAt),
      emailedAt: head.emailedAt === null ? null : new Date(head.emailedAt),
    },
    lines,
  };
}

/** Where a page of orders starts: after this order (newest first, then by id). */
export type OrderKey = [at: string, id: number];

/** An order as the history lists it, with what its page's cursor needs. */
export interface OrderHeadRow {
  id: number;
  number: string;
  paymentMethod: PaymentMethod;
  totalCents: number;
  units: number;
  arrivesFrom: string;
  arrivesTo: string;
  /** ISO time the order was placed. */
  placedAt: string;
  /** created_at to the microsecond, for a page's cursor. */
  atKey: string;
}

/**
 * A page of the shopper's orders without their bills, newest first: those after `after`, one
 * more than a page shows, read from orders_user_recent_idx (0024) in its order. Units are summed
 * from each order's few lines (order_lines_order_id_idx).
 */
export function pageOrderHeads(
  client: SqlClient,
  userId: number,
  after: OrderKey | undefined,
): Promise<OrderHeadRow[]> {
  return queryPrepared<OrderHeadRow>(
    client,
    'order_heads_page',
    sql`SELECT o.id, o.number, o.payment_method AS "paymentMethod", o.total_cents AS "totalCents",
               (SELECT sum(l.quantity)::int FROM order_lines l WHERE l.order_id = o.id) AS units,
               o.arrives_from::text AS "arrivesFrom", o.arrives_to::text AS "arrivesTo",
               ${isoText(sql`o.created_at`)} AS "placedAt", o.created_at::text AS "atKey"
          FROM orders o
         WHERE o.user_id = ${userId}
           ${after ? sql`AND (o.created_at, o.id) < (${after[0]}::timestamptz, ${after[1]})` : sql``}
         ORDER BY o.created_at DESC, o.id DESC
         LIMIT ${ORDER_PAGE_READ}`,
  );
}

/** The columns of a charge as `ChargeRecord` names them, of the ledger's rows as `k`. */
const chargeColumns = sql`k.user_id AS "userId", k.idempotency_key AS "idempotencyKey",
  k.amount_cents AS "amountCents", k.payment_method AS "paymentMethod",
  k.order_number AS "orderNumber"`;

/** The condition of a charge left as it is for `minutes`, of the ledger's rows as `k`. */
const leftFor = (minutes: number) => sql`k.changed_at < now() - make_interval(mins => ${minutes})`;

/** The condition of a charge an order holds, of the ledger's rows as `k`. */
const ordered = sql`EXISTS (SELECT 1 FROM orders o
  WHERE o.user_id = k.user_id AND o.idempotency_key = k.idempotency_key)`;

/**
 * Marks `ordered` the unsettled charges left for `minutes` that an order holds after all (one
 * written where the ledger was not told), answering each with the state it had: never returned.
 */
export async function settleOrdered(
  db: Db,
  minutes: number,
): Promise<(ChargeRecord & { was: ChargeState })[]> {
  return rowsOf(
    db,
    sql`UPDATE checkout_charges k SET state = 'ordered', changed_at = now()
          FROM (SELECT user_id, idempotency_key, state FROM checkout_charges k
                 WHERE state IN ('charging', 'charged', 'refunding') AND ${leftFor(minutes)}
                   AND ${ordered}
                   FOR UPDATE SKIP LOCKED) due (user_id, idempotency_key, was)
         WHERE k.user_id = due.user_id AND k.idempotency_key = due.idempotency_key
        RETURNING ${chargeColumns}, due.was`,
  );
}

/**
 * Sets aside the charges whose provider never answered (`charging`) for `minutes`: whether
 * money moved is the provider's to say, so they become `unknown`, answered once for the shop to
 * look up by key and return if taken. Sent again, such a checkout is turned down.
 */
export async function setAsideUnknown(db: Db, minutes: number): Promise<ChargeRecord[]> {
  return rowsOf<ChargeRecord>(
    db,
    sql`UPDATE checkout_charges k SET state = 'unknown', changed_at = now()
         WHERE k.state = 'charging' AND ${leftFor(minutes)} AND NOT ${ordered}
        RETURNING ${chargeColumns}`,
  );
}

/** A charge the sweep returns: its order was never written (`charged`), or its refund failed. */
export type UnsettledCharge = ChargeRecord & { reference: string };

/**
 * Claims up to `limit` charges left unsettled for `minutes` for their refund, oldest first.
 * Rows another process is claiming are skipped, so every process may sweep at once; an order's
 * write waits for the claim and then finds its charge taken.
 */
export async function claimUnsettled(
  db: Db,
  minutes: number,
  limit: number,
): Promise<UnsettledCharge[]> {
  return rowsOf<UnsettledCharge>(
    db,
    sql`UPDATE checkout_charges k SET state = 'refunding', changed_at = now()
          FROM (SELECT user_id, idempotency_key FROM checkout_charges k
                 WHERE state IN ('charged', 'refunding') AND ${leftFor(minutes)} AND NOT ${ordered}
                 ORDER BY changed_at LIMIT ${limit}
                   FOR UPDATE SKIP LOCKED) due
         WHERE k.user_id = due.user_id AND k.idempotency_key = due.idempotency_key
        RETURNING ${chargeColumns}, k.reference`,
  );
}

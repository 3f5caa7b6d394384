import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { formatCents } from '../../../contracts/money';
import type { CheckoutBodySchema, Order } from '../../../contracts/order';
import type { Db } from '../../db/client';
import { arrivalWindow, storedArrival } from '../../lib/arrival';
import { AppError, conflict, notFound, PG } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { stockProblem } from '../../lib/stock';
import { computeTotals } from '../../lib/totals';
import * as repo from './order.repository';
import { orderConfirmationEmail } from './order-email';
import { PaymentDeclinedError, type PaymentProvider } from './payment';

type CheckoutInput = z.output<typeof CheckoutBodySchema>;

export interface CheckoutDeps {
  payments: PaymentProvider;
  mailer: Mailer;
  log: { error(obj: object, msg: string): void };
  now?: () => Date;
}

// Crockford's base 32: no I, L, O or U, so a number read aloud or retyped stays unambiguous.
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function base32(value: number): string {
  let n = value;
  let out = '';
  do {
    out = BASE32[n % 32] + out;
    n = Math.floor(n / 32);
  } while (n > 0);
  return out;
}

/**
 * DR-YYMMDD-<order id in base 32, at least 3 characters><3 random characters>. The id makes it
 * unique (the random part always has three characters, so the split is unambiguous); the
 * random tail keeps neighbouring numbers from being guessed.
 */
export function orderNumber(id: number, placedAt: Date): string {
  const date = placedAt.toISOString().slice(2, 10).replaceAll('-', '');
  let tail = '';
  for (let i = 0; i < 3; i++) tail += BASE32[randomInt(32)];
  return `DR-${date}-${base32(id).padStart(3, '0')}${tail}`;
}

/** The database error under Drizzle's wrapper, if any. */
function databaseError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

export function toOrder(row: repo.OrderRow, lines: repo.OrderLineRow[]): Order {
  const totals = computeTotals(lines);
  return {
    number: row.number,
    placedAt: row.createdAt.toISOString(),
    paymentMethod: row.paymentMethod,
    lines: lines.map((l) => ({
      id: l.id,
      itemId: l.itemId,
      name: l.name,
      img: l.image,
      color: l.color,
      size: l.size,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      unitPrice: formatCents(l.unitPriceCents),
      lineTotalCents: l.lineTotalCents,
      lineTotal: formatCents(l.lineTotalCents),
    })),
    units: totals.units,
    subtotalCents: row.subtotalCents,
    subtotal: formatCents(row.subtotalCents),
    shippingCents: row.shippingCents,
    shipping: formatCents(row.shippingCents),
    totalCents: row.totalCents,
    total: formatCents(row.totalCents),
    address: {
      nickname: row.shipNickname,
      street_address: row.shipStreetAddress,
      city: row.shipCity,
      state: row.shipState,
      zip: row.shipZip,
    },
    arrival: storedArrival(row.arrivesFrom, row.arrivesTo),
    emailed: row.emailedAt !== null,
  };
}

async function loadOrderById(db: Db, userId: number, id: number): Promise<Order> {
  const [found] = await repo.loadOrders(db, userId, { id });
  if (!found) throw notFound('That order does not exist.');
  return toOrder(found.order, found.lines);
}

type Contact = NonNullable<Awaited<ReturnType<typeof repo.lockShopperContact>>>;

type Placed =
  | { created: false; orderId: number }
  | { created: true; order: Order; orderId: number; contact: Contact };

/**
 * Everything an order changes happens in this one transaction, or nothing does: the shopper is
 * locked first (so their checkouts run one at a time and a repeated key finds the first
 * order), then their cart lines with their items in item id order; stock is checked under those
 * locks, the payment taken, and order, lines, stock, closet and cart written together. Three
 * statements between BEGIN and COMMIT; the order is answered from what was written, not read
 * back.
 */
async function placeOrder(
  db: Db,
  userId: number,
  input: CheckoutInput,
  deps: CheckoutDeps,
): Promise<Placed> {
  const now = deps.now?.() ?? new Date();
  return db.transaction(async (tx): Promise<Placed> => {
    const contact = await repo.lockShopperContact(tx, userId);
    // The session names a shopper who was deleted meanwhile.
    if (!contact) throw notFound('That account does not exist.');
    const start = await repo.startCheckout(tx, userId, input);
    if (start.existing !== null) return { created: false, orderId: start.existing };

    const { address, lines } = start;
    if (!address) throw notFound('That address does not exist.');
    if (lines.length === 0 || start.nextId === null) {
      throw conflict('Your cart is empty. Add something to it before paying.');
    }
    for (const line of lines) {
      const problem = stockProblem(line, line.quantity);
      if (problem) throw conflict(`${problem} Change your cart and try again.`);
    }

    const totals = computeTotals(
      lines.map((l) => ({ unitPriceCents: l.priceCents, quantity: l.quantity })),
    );
    const id = start.nextId;
    const number = orderNumber(id, now);
    const arrival = arrivalWindow(now);
    let reference: string;
    try {
      ({ reference } = await deps.payments.charge({
        amountCents: totals.totalCents,
        method: input.paymentMethod,
        orderNumber: number,
        idempotencyKey: input.idempotencyKey,
      }));
    } catch (error) {
      if (error instanceof PaymentDeclinedError) {
        throw new AppError(402, 'conflict', `The payment was declined: ${error.message}`);
      }
      throw error;
    }

    const row: repo.OrderRow = {
      id,
      number,
      userId,
      idempotencyKey: input.idempotencyKey,
      paymentMethod: input.paymentMethod,
      paymentReference: reference,
      subtotalCents: totals.subtotalCents,
      shippingCents: totals.shippingCents,
      totalCents: totals.totalCents,
      shipNickname: address.nickname,
      shipStreetAddress: address.streetAddress,
      shipCity: address.city,
      shipState: address.state,
      shipZip: address.zip,
      arrivesFrom: arrival.from,
      arrivesTo: arrival.to,
      emailedAt: null,
      createdAt: now,
    };
    const written = await repo.writeOrder(
      tx,
      row,
      lines.map(({ stock: _stock, ...line }) => line),
    );
    row.createdAt = written.createdAt;
    const orderLines: repo.OrderLineRow[] = lines.map((line) => ({
      id: written.lineIds.get(line.itemId)!,
      orderId: id,
      itemId: line.itemId,
      productId: line.productId,
      name: line.name,
      color: line.color,
      size: line.size,
      image: line.image,
      unitPriceCents: line.priceCents,
      quantity: line.quantity,
      lineTotalCents: line.priceCents * line.quantity,
    }));
    return { created: true, order: toOrder(row, orderLines), orderId: id, contact };
  });
}

/** Sends the confirmation after the order is committed; a failure is logged, never fatal. */
async function sendConfirmation(
  db: Db,
  placed: Extract<Placed, { created: true }>,
  deps: CheckoutDeps,
) {
  const { order, contact } = placed;
  try {
    if (!contact.email) return false;
    await deps.mailer.send(
      orderConfirmationEmail(order, contact.email, contact.firstName ?? contact.username),
    );
    await repo.markEmailed(db, placed.orderId);
    return true;
  } catch (error) {
    deps.log.error({ err: error, order: order.number }, 'order confirmation e-mail failed');
    return false;
  }
}

export async function checkout(
  db: Db,
  userId: number,
  input: CheckoutInput,
  deps: CheckoutDeps,
): Promise<{ order: Order; created: boolean }> {
  let placed: Placed;
  try {
    placed = await placeOrder(db, userId, input, deps);
  } catch (error) {
    // Two submits with one key that got past each other: the unique key decides, and the
    // loser answers with the winner's order.
    const dbError = databaseError(error);
    if (dbError?.code !== PG.uniqueViolation || !dbError.constraint?.includes('idempotency')) {
      throw error;
    }
    const existing = await repo.findOrderIdByKey(db, userId, input.idempotencyKey);
    if (existing === undefined) throw error;
    placed = { orderId: existing, created: false };
  }
  if (!placed.created) {
    return { order: await loadOrderById(db, userId, placed.orderId), created: false };
  }
  if (await sendConfirmation(db, placed, deps)) placed.order.emailed = true;
  return { order: placed.order, created: true };
}

export async function listOrders(db: Db, userId: number, page: { limit: number; offset: number }) {
  const found = await repo.loadOrders(db, userId, page);
  return found.map(({ order, lines }) => toOrder(order, lines));
}

export async function getOrder(db: Db, userId: number, number: string): Promise<Order> {
  const [found] = await repo.loadOrders(db, userId, { number });
  if (!found) throw notFound('That order does not exist.');
  return toOrder(found.order, found.lines);
}

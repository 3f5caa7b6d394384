import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { ORDER_PAGE_SIZE, type Page } from '../../../contracts/common';
import { formatCents } from '../../../contracts/money';
import type { CheckoutBodySchema, Order, OrderHead } from '../../../contracts/order';
import type { Database, Db, SqlClient } from '../../db/client';
import { arrivalWindow, storedArrival } from '../../lib/arrival';
import { cursorCodec, IdKeySchema, pageFrom, TimestampKeySchema } from '../../lib/cursor';
import { AppError, conflict, databaseError, notFound, PG, unavailable } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { stockProblem } from '../../lib/stock';
import { computeTotals } from '../../lib/totals';
import * as repo from './order.repository';
import { orderConfirmationEmail } from './order-email';
import { about, PaymentDeclinedError, type PaymentProvider, refundRequest } from './payment';
import { EMPTY_CART, paymentRequired, spendPayment } from './payment-session.service';

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

/** Tries at placing a charged order before its error is answered. */
const PLACE_ATTEMPTS = 3;

/**
 * Places an order already charged. The order is one statement, so a deadlock (with a stock take
 * or a catalogue change holding the same pieces) undid all of it, and it is placed again: the
 * money has moved.
 */
async function writeOrder(
  sql: SqlClient,
  row: repo.OrderRow,
  lines: repo.CartLine[],
): Promise<repo.Placement> {
  const bought = lines.map(({ stock: _stock, ...line }) => line);
  for (let attempt = 1; ; attempt++) {
    try {
      return await repo.placeOrder(sql, row, bought);
    } catch (error) {
      if (databaseError(error)?.code !== PG.deadlock || attempt === PLACE_ATTEMPTS) throw error;
    }
  }
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
      recipient_name: row.shipRecipientName,
      phone: row.shipPhone,
      street_address: row.shipStreetAddress,
      street_address_2: row.shipStreetAddress2,
      city: row.shipCity,
      state: row.shipState,
      zip: row.shipZip,
    },
    arrival: storedArrival(row.arrivesFrom, row.arrivesTo),
    emailed: row.emailedAt !== null,
  };
}

async function loadOrderById(db: Db, userId: number, id: number): Promise<Order> {
  const found = await repo.findOrder(db, userId, { id });
  if (!found) throw notFound('That order does not exist.');
  return toOrder(found.order, found.lines);
}

/** The order a checkout's key placed before: the answer to that checkout sent again. */
async function placedBefore(db: Db, userId: number, orderId: number) {
  return { order: await loadOrderById(db, userId, orderId), created: false };
}

const NOT_PLACED =
  'Your order could not be placed just now. Pay again in a moment: you will not be charged twice.';

const DECLINED_WHILE_PAYING =
  'Your payment was declined, but an earlier try of this checkout may still be paying. Pay ' +
  'again in a moment: you will not be charged twice.';

/** What a checkout sent again is told when its key's charge ended with no order. */
const CLOSED_WITHOUT_ORDER: Partial<Record<repo.ChargeState, string>> = {
  refunded:
    'This checkout could not be finished and its payment was returned. Check your cart and pay ' +
    'again.',
  refunding:
    'This checkout could not be finished and its payment is being returned. Check your cart and ' +
    'pay again.',
  unknown:
    'This checkout could not be finished. If a payment was taken for it, the shop will return ' +
    'it. Check your cart and pay again.',
};

const RETURNED_FIRST =
  "No order was placed: this checkout's payment is being returned. Check your cart and pay again.";

const CHANGED_SINCE =
  'This checkout was already started for another total or payment method. If a payment was ' +
  'taken for it and no order came of it, the shop will return it. Check your cart and pay again.';

/** The turn-down of a key whose charge ended with no order, if it did. */
function closedWithoutOrder(state: repo.ChargeState | null | undefined) {
  const message = state ? CLOSED_WITHOUT_ORDER[state] : undefined;
  return message === undefined ? undefined : conflict(message);
}

/**
 * Charges the order's total. A decline is the shopper's 402 when every submit of the key that
 * asked the provider was declined (the row `declined`); otherwise another submit may have been
 * charged, and the decline is a 503, so the web app keeps the key. Any other failure leaves
 * whether money moved unknown: logged, answered 503, the row left `charging` (sent again, the
 * provider answers the key with its charge, if any).
 */
async function charge(
  db: Db,
  ledger: repo.ChargeRecord,
  deps: CheckoutDeps,
  request: Parameters<CheckoutDeps['payments']['charge']>[0],
): Promise<string> {
  try {
    return (await deps.payments.charge(request)).reference;
  } catch (error) {
    if (error instanceof PaymentDeclinedError) {
      const state = await repo.markDeclined(db, ledger.userId, ledger.idempotencyKey);
      if (state === 'declined') throw paymentRequired(`The payment was declined: ${error.message}`);
      // Another submit of the key may have been charged, or was: not a 4xx, so the web app keeps
      // the key, and the checkout sent again finds its order or pays with its charge.
      deps.log.error({ err: error, ...about(ledger), state }, 'charge declined, another stands');
      throw unavailable(DECLINED_WHILE_PAYING);
    }
    deps.log.error(
      { err: error, ...about(ledger) },
      'charge failed; whether it was taken is not known',
    );
    throw unavailable(NOT_PLACED);
  }
}

/**
 * Gives back a charge whose refund this checkout claimed. A refund that fails stays claimed in
 * the ledger and the sweep makes it later; the shopper is told either way.
 */
async function refund(
  db: Db,
  ledger: repo.ChargeRecord,
  reference: string,
  deps: CheckoutDeps,
): Promise<string> {
  try {
    await deps.payments.refund(refundRequest(ledger, reference));
  } catch (error) {
    deps.log.error(
      { err: error, ...about(ledger, reference) },
      'refund failed; the sweep makes it later',
    );
    return 'Your payment could not be returned just now; it will be returned automatically.';
  }
  await repo.markRefunded(db, ledger.userId, ledger.idempotencyKey).catch((error: unknown) => {
    // The sweep asks again with the refund's own key: the provider makes it once.
    deps.log.error({ err: error, ...about(ledger, reference) }, 'refund made, not recorded');
  });
  return 'Your payment was returned.';
}

/**
 * Turns down a charged checkout whose cart changed: its charge is claimed for the refund (which
 * spends the key: a submit with it is turned down uncharged, and an order still being written
 * with it finds its charge claimed and writes nothing), then refunded. Answers the 409 to throw.
 */
async function refuseCharged(
  db: Db,
  ledger: repo.ChargeRecord & { reference: string },
  why: string,
  deps: CheckoutDeps,
): Promise<AppError> {
  const { userId, idempotencyKey, reference } = ledger;
  if (!(await repo.claimRefund(db, userId, idempotencyKey, reference))) {
    return claimedElsewhere(db, ledger, `${why} Your payment is being returned.`);
  }
  return conflict(`${why} ${await refund(db, ledger, reference, deps)}`);
}

/**
 * The answer when the charge of a checkout that wrote no order was claimed by something else
 * first: `returned` (409) when a refund claimed it. Any other claim (a same-key order written
 * meanwhile, the charge set aside for the shop) is thrown as a failure after the charge, which
 * logs it with its reference and answers 503.
 */
async function claimedElsewhere(
  db: Db,
  ledger: repo.ChargeRecord,
  returned: string,
): Promise<AppError> {
  const state = await repo.chargeState(db, ledger.userId, ledger.idempotencyKey);
  if (state === 'refunding' || state === 'refunded') return conflict(returned);
  throw new Error(`The charge was ${state ?? 'not in the ledger'}, with no order`);
}

const CART_CHANGED = 'Your cart changed while you were paying. Check it and pay again.';

/**
 * Why the cart as it stands now no longer matches what was paid for, in the shopper's words:
 * `cartEmpty` when none of the paid lines is left and nothing else is in the cart either.
 */
function refusal(paid: repo.CartLine[], held: repo.HeldLine[], cartEmpty: boolean): string {
  if (cartEmpty) return EMPTY_CART;
  for (const line of held) {
    const wanted = paid.find((p) => p.itemId === line.itemId)!.quantity;
    const problem = stockProblem(line, wanted);
    if (problem) return `${problem} Change your cart and try again.`;
  }
  return CART_CHANGED;
}

/** Sends the confirmation of a committed order; a failure is logged, never fatal. */
async function sendConfirmation(
  client: SqlClient,
  order: Order,
  orderId: number,
  contact: repo.Contact,
  deps: CheckoutDeps,
): Promise<boolean> {
  try {
    if (!contact.email) return false;
    await deps.mailer.send(
      orderConfirmationEmail(order, contact.email, contact.firstName ?? contact.username),
    );
    await repo.markEmailed(client, orderId);
    return true;
  } catch (error) {
    deps.log.error({ err: error, order: order.number }, 'order confirmation e-mail failed');
    return false;
  }
}

/**
 * Pays for the cart and places the order: one read, the charge, one write, then the e-mail.
 *
 * The read takes no locks, so nothing is held while the payment provider answers. The write
 * locks the cart lines and their items for its one statement and writes the order, its lines,
 * the stock, the closet and the cart together only if the cart still holds exactly what was paid
 * for, at those prices, with the stock to cover it; otherwise it writes nothing and the charge is
 * refunded. A submit whose key already placed an order answers with that order, whether it is
 * found by the read, by the write's refusal (the winner took the lines) or by the unique key.
 */
export async function checkout(
  database: Pick<Database, 'db' | 'sql'>,
  userId: number,
  input: CheckoutInput,
  deps: CheckoutDeps,
): Promise<{ order: Order; created: boolean }> {
  const { db, sql } = database;
  const now = deps.now?.() ?? new Date();
  const earlier = (orderId: number) => placedBefore(db, userId, orderId);

  const start = await repo.readCheckout(sql, userId, input);
  // The session names a shopper who was deleted meanwhile.
  if (!start.contact) throw notFound('That account does not exist.');
  if (start.existing !== null) return earlier(start.existing);
  const closed = closedWithoutOrder(start.charge);
  if (closed) throw closed;
  const { contact, address, lines } = start;
  if (!address) throw notFound('That address does not exist.');
  if (lines.length === 0 || start.nextId === null) throw conflict(EMPTY_CART);
  for (const line of lines) {
    const problem = stockProblem(line, line.quantity);
    if (problem) throw conflict(`${problem} Change your cart and try again.`);
  }

  const totals = computeTotals(
    lines.map((l) => ({ unitPriceCents: l.priceCents, quantity: l.quantity })),
  );
  const id = start.nextId;
  const number = orderNumber(id, now);
  let sessionId: string | undefined;
  if (input.paymentId !== undefined) {
    sessionId = await spendPayment(
      db,
      userId,
      { ...input, paymentId: input.paymentId },
      totals.totalCents,
      deps.log,
      now,
    );
  } else if (deps.payments.requiresApproval) {
    throw paymentRequired('Approve the payment with PayPal or Apple Pay first.');
  }
  // In the ledger before the money moves, so a charge whose order is never written is found.
  const asked: repo.ChargeRecord = {
    userId,
    idempotencyKey: input.idempotencyKey,
    amountCents: totals.totalCents,
    paymentMethod: input.paymentMethod,
    orderNumber: number,
  };
  const firstNumber = await repo.openCharge(sql, asked);
  if (firstNumber === undefined) {
    // A same-key submit placed its order meanwhile, or the key's charge ended with no order, or
    // it was started for another total or method.
    const existing = await repo.findOrderIdByKey(db, userId, input.idempotencyKey);
    if (existing !== undefined) return earlier(existing);
    const state = await repo.chargeState(db, userId, input.idempotencyKey);
    const closedSince = closedWithoutOrder(state);
    if (closedSince) throw closedSince;
    deps.log.error({ ...about(asked), state }, 'checkout sent again for another total or method');
    throw conflict(CHANGED_SINCE);
  }
  // Sent again, the checkout asks the provider the charge it asked first, under its number.
  const ledger = { ...asked, orderNumber: firstNumber };
  const reference = await charge(db, ledger, deps, {
    amountCents: totals.totalCents,
    method: input.paymentMethod,
    orderNumber: ledger.orderNumber,
    // The provider's keys are the shop's, not a shopper's: another shopper's checkout may name
    // the same key, and must not be answered with this one's charge.
    idempotencyKey: `charge:${userId}:${input.idempotencyKey}`,
    sessionId,
  });
  try {
    const paid = { id, contact, address, lines, totals };
    return await placeCharged(database, { ...ledger, reference }, paid, deps, now);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The charge stays, and the answer is a 5xx whatever the error, so the web app keeps the key:
    // a checkout sent again with it finds the order or places it with the payment the key took.
    // Refunding here could return the money of an order a same-key submit is still writing; the
    // sweep returns it if the checkout is not sent again.
    deps.log.error({ err: error, ...about(ledger, reference) }, 'charged order not written');
    await repo
      .markCharged(db, userId, input.idempotencyKey, reference)
      .catch((markError: unknown) => {
        deps.log.error(
          { err: markError, ...about(ledger, reference) },
          'charge with no order not recorded: return it if no order holds its key in 30 minutes',
        );
      });
    throw unavailable(NOT_PLACED);
  }
}

/**
 * Places the order a checkout has charged for, or answers why not: the order a same-key submit
 * placed, or a refusal (409) with the charge refunded. Any other failure is thrown for
 * `checkout`, which keeps the charge for the order sent again or the sweep.
 */
async function placeCharged(
  { db, sql }: Pick<Database, 'db' | 'sql'>,
  ledger: repo.ChargeRecord & { reference: string },
  paid: {
    id: number;
    contact: repo.Contact;
    address: repo.ShipTo;
    lines: repo.CartLine[];
    totals: ReturnType<typeof computeTotals>;
  },
  deps: CheckoutDeps,
  now: Date,
): Promise<{ order: Order; created: boolean }> {
  const { userId, idempotencyKey, reference } = ledger;
  const { id, contact, address, lines, totals } = paid;
  const earlier = (orderId: number) => placedBefore(db, userId, orderId);
  const arrival = arrivalWindow(now);
  const row: repo.OrderRow = {
    id,
    number: ledger.orderNumber,
    userId,
    idempotencyKey,
    paymentMethod: ledger.paymentMethod,
    paymentReference: reference,
    subtotalCents: totals.subtotalCents,
    shippingCents: totals.shippingCents,
    totalCents: totals.totalCents,
    shipNickname: address.nickname,
    shipRecipientName: address.recipientName,
    shipPhone: address.phone,
    shipStreetAddress: address.streetAddress,
    shipStreetAddress2: address.streetAddress2,
    shipCity: address.city,
    shipState: address.state,
    shipZip: address.zip,
    arrivesFrom: arrival.from,
    arrivesTo: arrival.to,
    emailedAt: null,
    createdAt: now,
  };
  let placement: repo.Placement;
  try {
    placement = await writeOrder(sql, row, lines);
  } catch (error) {
    const dbError = databaseError(error);
    if (dbError?.code === PG.uniqueViolation && dbError.constraint?.includes('idempotency')) {
      // Two submits with one key that both found their lines: the unique key decides, and the
      // loser answers with the winner's order (the provider charged that key once).
      const existing = await repo.findOrderIdByKey(db, userId, idempotencyKey);
      if (existing !== undefined) return earlier(existing);
    }
    throw error;
  }
  if (!placement.placed) {
    // A submit with the same key took the lines first: its order is the answer, and the charge
    // (made with the same key) is its own, so nothing is refunded.
    const existing = await repo.findOrderIdByKey(db, userId, idempotencyKey);
    if (existing !== undefined) return earlier(existing);
    if (placement.claimLost) throw await claimedElsewhere(db, ledger, RETURNED_FIRST);
    // The rest of the cart is read only when none of the paid lines is left (a rare refusal).
    const cartEmpty = placement.held.length === 0 && !(await repo.cartHasLines(db, userId));
    throw await refuseCharged(db, ledger, refusal(lines, placement.held, cartEmpty), deps);
  }

  row.createdAt = placement.createdAt;
  const orderLines: repo.OrderLineRow[] = lines.map((line) => ({
    id: placement.lineIds.get(line.itemId)!,
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
  const order = toOrder(row, orderLines);
  if (await sendConfirmation(sql, order, id, contact, deps)) order.emailed = true;
  return { order, created: true };
}

/** A page of orders ends at an order: when it was placed, and its id. */
const orderCursor = cursorCodec('or', z.tuple([TimestampKeySchema, IdKeySchema]));

/** A page of the shopper's orders as the history lists them; each bill is `getOrder`'s. */
export async function listOrders(
  { sql }: Database,
  userId: number,
  cursor: string | undefined,
): Promise<Page<OrderHead>> {
  const after = orderCursor.decode(cursor);
  const rows = await repo.pageOrderHeads(sql, userId, after);
  return pageFrom(
    rows,
    (row) => orderCursor.encode([row.atKey, row.id]),
    (shown) =>
      shown.map((row) => ({
        number: row.number,
        placedAt: row.placedAt,
        paymentMethod: row.paymentMethod,
        units: row.units,
        totalCents: row.totalCents,
        total: formatCents(row.totalCents),
        arrival: storedArrival(row.arrivesFrom, row.arrivesTo),
      })),
    ORDER_PAGE_SIZE,
  );
}

export async function getOrder(db: Db, userId: number, number: string): Promise<Order> {
  const found = await repo.findOrder(db, userId, { number });
  if (!found) throw notFound('That order does not exist.');
  return toOrder(found.order, found.lines);
}

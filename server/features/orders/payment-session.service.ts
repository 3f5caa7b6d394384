import type { z } from 'zod';
import { formatCents } from '../../../contracts/money';
import type { OrderAddress, PaymentMethod } from '../../../contracts/order';
import { PAYMENT_METHOD_LABELS } from '../../../contracts/order';
import type { CreatePaymentBodySchema, PaymentSession } from '../../../contracts/payment';
import type { Database, Db } from '../../db/client';
import { AppError, conflict, notFound, PG, pgCode } from '../../lib/errors';
import { stockProblem } from '../../lib/stock';
import { computeTotals } from '../../lib/totals';
import { PaymentDeclinedError, type PaymentProvider } from './payment';
import * as repo from './payment-session.repository';

type CreateInput = z.output<typeof CreatePaymentBodySchema>;

/** How long a shopper has to approve a payment and then place the order with it. */
export const SESSION_MINUTES = 30;

const NOT_FOUND = 'That payment does not exist.';
export const EMPTY_CART = 'Your cart is empty. Add something to it before paying.';

export const paymentRequired = (message: string) => new AppError(402, 'payment_required', message);

export function toOrderAddress(address: repo.SessionAddress): OrderAddress {
  return {
    nickname: address.nickname,
    recipient_name: address.recipientName,
    phone: address.phone,
    street_address: address.streetAddress,
    street_address_2: address.streetAddress2,
    city: address.city,
    state: address.state,
    zip: address.zip,
  };
}

function toSession(
  row: repo.PaymentSessionRow,
  address: repo.SessionAddress | null,
): PaymentSession {
  return {
    id: row.id,
    paymentMethod: row.paymentMethod,
    status: row.status,
    amountCents: row.amountCents,
    amount: formatCents(row.amountCents),
    address: address ? toOrderAddress(address) : null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Opens a payment at the provider for the cart as it stands, to the shopper's own address: the
 * amount is the cart's total as the checkout will compute it. Nothing in the cart changes.
 */
export async function openPayment(
  { db, sql }: Pick<Database, 'db' | 'sql'>,
  userId: number,
  input: CreateInput,
  payments: PaymentProvider,
  now = new Date(),
): Promise<PaymentSession> {
  const { address, lines } = await repo.findPaymentBasis(sql, userId, input.addressId);
  if (!address) throw notFound('That address does not exist.');
  if (lines.length === 0) throw conflict(EMPTY_CART);
  for (const line of lines) {
    const problem = stockProblem(line, line.quantity);
    if (problem) throw conflict(`${problem} Change your cart and try again.`);
  }
  const { totalCents } = computeTotals(
    lines.map((l) => ({ unitPriceCents: l.priceCents, quantity: l.quantity })),
  );
  let id: string;
  try {
    ({ id } = await payments.createSession({
      amountCents: totalCents,
      method: input.paymentMethod,
    }));
  } catch (error) {
    if (error instanceof PaymentDeclinedError) {
      throw paymentRequired(`The payment could not be started: ${error.message}`);
    }
    throw error;
  }
  const row = await repo.insertSession(db, {
    id,
    userId,
    paymentMethod: input.paymentMethod,
    addressId: input.addressId,
    amountCents: totalCents,
    expiresAt: new Date(now.getTime() + SESSION_MINUTES * 60_000),
  });
  return toSession(row, address);
}

async function mine(db: Db, userId: number, id: string) {
  const found = await repo.findSession(db, userId, id);
  if (!found) throw notFound(NOT_FOUND);
  return found;
}

const CANCELLED = 'That payment was cancelled. Nothing was charged; pay again when you are ready.';
const USED = 'That payment was already used for an order.';
const EXPIRED = 'That payment has expired. Nothing was charged; pay again.';

/** The shopper approved in the provider's sheet; the provider confirms what the sheet returned. */
export async function approvePayment(
  db: Db,
  userId: number,
  id: string,
  approval: string | undefined,
  payments: PaymentProvider,
  now = new Date(),
): Promise<PaymentSession> {
  const { session, address } = await mine(db, userId, id);
  if (session.status === 'approved') return toSession(session, address);
  if (session.status === 'cancelled') throw conflict(CANCELLED);
  if (session.status === 'captured') throw conflict(USED);
  if (session.expiresAt <= now) throw conflict(EXPIRED);
  const confirmed = await payments.confirmApproval({
    sessionId: id,
    method: session.paymentMethod,
    approval,
  });
  if (!confirmed) {
    throw paymentRequired(
      `${PAYMENT_METHOD_LABELS[session.paymentMethod]} did not confirm the approval. Try again.`,
    );
  }
  const moved = await repo.moveSession(db, userId, id, ['pending'], 'approved');
  // Cancelled or used in the meantime: say which.
  if (!moved) return approvePayment(db, userId, id, approval, payments, now);
  return toSession(moved.session, moved.address);
}

/** The shopper closed the provider's sheet: the session ends and nothing else changes. */
export async function cancelPayment(db: Db, userId: number, id: string): Promise<PaymentSession> {
  // An open session ends in one statement; only one that was not open is read, to say why.
  const moved = await repo.moveSession(db, userId, id, ['pending', 'approved'], 'cancelled');
  if (moved) return toSession(moved.session, moved.address);
  const { session, address } = await mine(db, userId, id);
  if (session.status === 'cancelled') return toSession(session, address);
  if (session.status === 'captured') throw conflict(USED);
  // Still open (pending or approved) though the move missed it: a change at that moment; again.
  return cancelPayment(db, userId, id);
}

/**
 * Checks that the session a checkout pays with was approved by this shopper for this method,
 * address and amount, spends it on this checkout, and answers its id, for the charge. A checkout
 * whose key already took a session pays with that one, whichever it names: sent again after a
 * failure with a session opened since, it is charged once. Runs before the charge, so a refusal
 * takes no new money and writes nothing else.
 */
export async function spendPayment(
  db: Db,
  userId: number,
  checkout: {
    paymentId: string;
    paymentMethod: PaymentMethod;
    addressId: number;
    idempotencyKey: string;
  },
  totalCents: number,
  log: { error(obj: object, msg: string): void },
  now = new Date(),
  again = false,
): Promise<string> {
  const found = await repo.findSession(db, userId, checkout.paymentId, checkout.idempotencyKey);
  if (!found) throw notFound(NOT_FOUND);
  const { session } = found;
  const sameCheckout =
    session.status === 'captured' && session.idempotencyKey === checkout.idempotencyKey;
  if (
    sameCheckout &&
    (session.paymentMethod !== checkout.paymentMethod ||
      session.addressId !== checkout.addressId ||
      session.amountCents !== totalCents)
  ) {
    // Its charge may have been made before a failure, and an order may still be written with
    // it: the shop checks for an order with this key before returning anything.
    log.error(
      {
        session: session.id,
        userId,
        key: checkout.idempotencyKey,
        amountCents: session.amountCents,
        method: session.paymentMethod,
      },
      'checkout sent again after its cart, address or method changed',
    );
    throw conflict(
      `This checkout had already started a payment of ${formatCents(session.amountCents)} ` +
        'for a different cart, address or payment method. If it was taken and no order came ' +
        'of it, the shop will return it. Check your cart and pay again.',
    );
  }
  if (session.status === 'cancelled') throw conflict(CANCELLED);
  if (session.status === 'captured' && !sameCheckout) throw conflict(USED);
  if (session.status === 'pending') {
    throw paymentRequired('That payment has not been approved yet. Approve it and try again.');
  }
  if (session.paymentMethod !== checkout.paymentMethod) {
    throw conflict(
      `That payment was approved with ${PAYMENT_METHOD_LABELS[session.paymentMethod]}, not ` +
        `${PAYMENT_METHOD_LABELS[checkout.paymentMethod]}. Pay again.`,
    );
  }
  if (session.addressId !== checkout.addressId) {
    throw conflict('That payment was approved for another address. Pay again.');
  }
  if (!sameCheckout && session.expiresAt <= now) throw conflict(EXPIRED);
  if (session.amountCents !== totalCents) {
    throw conflict(
      `Your cart changed after you approved ${formatCents(session.amountCents)}. Nothing was ` +
        'charged; pay again to approve the new total.',
    );
  }
  let captured: boolean;
  try {
    captured = await repo.captureSession(db, userId, session.id, checkout.idempotencyKey);
  } catch (error) {
    // The key took another session meanwhile (payment_sessions_user_key_idx, committed before
    // the violation is raised): read again, that one comes first and is paid with.
    if (pgCode(error) !== PG.uniqueViolation || session.status === 'captured' || again) throw error;
    return spendPayment(db, userId, checkout, totalCents, log, now, true);
  }
  if (!captured) {
    // Cancelled or used by another checkout since it was read: read it again to say which.
    if (again) throw conflict(USED);
    return spendPayment(db, userId, checkout, totalCents, log, now, true);
  }
  return session.id;
}

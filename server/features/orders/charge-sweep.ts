import type { Db } from '../../db/client';
import * as repo from './order.repository';
import { about, type PaymentProvider, refundRequest } from './payment';
import { forgetUnspentSessions } from './payment-session.repository';

/**
 * How long a charge left unsettled waits before the sweep acts on it (a charge with no order
 * returned, one never answered set aside): as long as a payment session lives, so a shopper who
 * saw a 503 has had time to send the checkout again and place it.
 */
export const CHARGE_WAIT_MINUTES = 30;

/** Charges one sweep returns at most; the rest wait for the next. */
const SWEEP_BATCH = 20;

/**
 * How long a payment session never spent on an order is kept after it expires: long enough to
 * tell a shopper coming back to an old tab that it expired, rather than that it never existed.
 */
export const UNSPENT_SESSION_HOURS = 24;

/** Unspent sessions one sweep deletes at most; the rest wait for the next. */
const FORGET_BATCH = 500;

export interface SweepLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Settles what checkouts left for `minutes`, in three steps: marks `ordered` any unsettled
 * charge an order holds after all; logs once for the shop the charges whose provider never
 * answered (`unknown`); returns the charges whose order was never written (the write failed
 * after the charge and the checkout was not sent again) and the refunds that failed, each
 * claimed in the ledger before its refund so that an order sent again at that moment writes
 * nothing. Answers how many went back.
 */
export async function settleCharges(
  db: Db,
  payments: PaymentProvider,
  log: SweepLog,
  minutes = CHARGE_WAIT_MINUTES,
): Promise<number> {
  for (const { was, ...charge } of await repo.settleOrdered(db, minutes)) {
    if (was === 'refunding') {
      log.error(about(charge), 'an order holds a charge whose refund was claimed: check it');
    } else log.warn(about(charge), 'charge found held by its order');
  }
  for (const charge of await repo.setAsideUnknown(db, minutes)) {
    log.error(
      about(charge),
      'charge never answered: look it up at the provider by key and return it if taken',
    );
  }
  let returned = 0;
  for (const charge of await repo.claimUnsettled(db, minutes, SWEEP_BATCH)) {
    const named = about(charge, charge.reference);
    try {
      await payments.refund(refundRequest(charge, charge.reference));
    } catch (error) {
      // Still claimed: the next sweep after the wait tries it again.
      log.error({ ...named, err: error }, 'charge with no order could not be returned');
      continue;
    }
    returned += 1;
    log.warn(named, 'charge with no order returned');
    await repo.markRefunded(db, charge.userId, charge.idempotencyKey).catch((error: unknown) => {
      // Asked again after the wait with the same refund key, the provider makes it once.
      log.error({ ...named, err: error }, 'refund made, not recorded');
    });
  }
  return returned;
}

/**
 * Sweeps every `everyMs` until stopped; `stop` waits for a sweep under way. Every server process
 * sweeps; the ledger's claims keep them from returning one charge twice. Each sweep then deletes
 * payment sessions left unspent for `UNSPENT_SESSION_HOURS` past their expiry.
 */
export function sweepCharges(
  db: Db,
  payments: PaymentProvider,
  log: SweepLog,
  everyMs: number,
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = settleCharges(db, payments, log)
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, 'charge sweep failed'),
      )
      .then(() => forgetUnspentSessions(db, UNSPENT_SESSION_HOURS, FORGET_BATCH))
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, 'deleting unspent payment sessions failed'),
      )
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

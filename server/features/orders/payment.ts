import { createHash } from 'node:crypto';
import type { PaymentMethod } from '../../../contracts/order';

export interface ChargeRequest {
  amountCents: number;
  method: PaymentMethod;
  orderNumber: string;
  /** The checkout's own key, passed on so a retried charge is not taken twice. */
  idempotencyKey: string;
}

export interface RefundRequest {
  /** What `charge` returned. */
  reference: string;
  amountCents: number;
  method: PaymentMethod;
  orderNumber: string;
}

/**
 * Takes the money, and gives it back when the order it paid for could not be written. Drape
 * never sees card data: PayPal and Apple Pay hand the shop a token and the provider returns a
 * reference, which is all an order stores.
 */
export interface PaymentProvider {
  charge(request: ChargeRequest): Promise<{ reference: string }>;
  refund(request: RefundRequest): Promise<void>;
}

/** The provider said no; nothing about the order is kept. */
export class PaymentDeclinedError extends Error {
  override name = 'PaymentDeclinedError';
}

/** Approves every charge, as a payment provider's sandbox does. */
export class SandboxPaymentProvider implements PaymentProvider {
  async charge(request: ChargeRequest): Promise<{ reference: string }> {
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
      throw new PaymentDeclinedError('The amount must be a positive number of cents.');
    }
    // The same key gives the same reference, as a real provider's idempotent charge would.
    const digest = createHash('sha256')
      .update(`${request.method}:${request.idempotencyKey}:${request.amountCents}`)
      .digest('hex')
      .slice(0, 20);
    return { reference: `sandbox_${request.method}_${digest}` };
  }

  async refund(request: RefundRequest): Promise<void> {
    if (!request.reference.startsWith(`sandbox_${request.method}_`)) {
      throw new Error(`No sandbox charge ${request.reference} to refund`);
    }
  }
}

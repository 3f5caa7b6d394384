import { createHash, randomBytes } from 'node:crypto';
import type { PaymentMethod } from '../../../contracts/order';

export interface PaymentSessionRequest {
  /** Computed by the server from the cart; the client never names an amount. */
  amountCents: number;
  method: PaymentMethod;
}

export interface ApprovalRequest {
  sessionId: string;
  method: PaymentMethod;
  /** What the provider's sheet handed the client on approval (a PayPal order approval, an Apple Pay token). */
  approval: string | undefined;
}

export interface ChargeRequest {
  amountCents: number;
  method: PaymentMethod;
  orderNumber: string;
  /** The checkout's own key, with its shopper's id, so a retried charge is not taken twice. */
  idempotencyKey: string;
  /** The session the shopper approved, when the checkout names one. */
  sessionId?: string | undefined;
}

export interface RefundRequest {
  /** What `charge` returned. */
  reference: string;
  /** One per charge, so a refund asked for again (its answer lost) is made once. */
  idempotencyKey: string;
  amountCents: number;
  method: PaymentMethod;
  orderNumber: string;
}

/**
 * The refund of a charge, with a key of its own (its shopper's id and checkout key, as its
 * charge's) so that one asked for again is made once.
 */
export function refundRequest(
  charge: {
    userId: number;
    idempotencyKey: string;
    amountCents: number;
    paymentMethod: PaymentMethod;
    orderNumber: string;
  },
  reference: string,
): RefundRequest {
  return {
    reference,
    idempotencyKey: `refund:${charge.userId}:${charge.idempotencyKey}`,
    amountCents: charge.amountCents,
    method: charge.paymentMethod,
    orderNumber: charge.orderNumber,
  };
}

/** A charge as the shop's log names it: enough to find it at the provider and in the ledger. */
export function about(
  charge: { userId: number; idempotencyKey: string; orderNumber: string; amountCents: number },
  reference?: string,
) {
  return {
    userId: charge.userId,
    key: charge.idempotencyKey,
    order: charge.orderNumber,
    amountCents: charge.amountCents,
    reference,
  };
}

/**
 * The seam between Drape and whoever takes the money. Drape never sees card data: PayPal and
 * Apple Pay hand the shop a token and the provider returns a reference, which is all an order
 * stores.
 *
 * The flow a real provider fits (docs/decisions/009-payment-sessions.md): `createSession` opens a
 * payment for the amount the server computed (a PayPal order, an Apple Pay merchant session); the
 * shopper approves it in the provider's own sheet; `confirmApproval` checks what that sheet handed
 * back; `charge` captures the approved session when the order is placed; `refund` gives it back
 * when the order could not be written.
 */
export interface PaymentProvider {
  /** True when every charge needs a session the shopper approved (a real wallet always does). */
  readonly requiresApproval: boolean;
  createSession(request: PaymentSessionRequest): Promise<{ id: string }>;
  /** False when the provider does not recognise the approval; the session stays unapproved. */
  confirmApproval(request: ApprovalRequest): Promise<boolean>;
  charge(request: ChargeRequest): Promise<{ reference: string }>;
  refund(request: RefundRequest): Promise<void>;
}

/**
 * The provider said no to this submit: no order. The ledger keeps the charge's row, and the
 * answer is a 402 unless another submit of the key may have been charged.
 */
export class PaymentDeclinedError extends Error {
  override name = 'PaymentDeclinedError';
}

/**
 * Approves every session and every charge, as a payment provider's sandbox does. The shopper's
 * approval happens in the web app's sandbox sheets (PayPal-like and Apple-Pay-like), which send
 * no token. A checkout without a session is charged directly unless `requireApproval` is set, so
 * scripts, benchmarks and older clients keep working against the sandbox.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly requiresApproval: boolean;

  constructor(options: { requireApproval?: boolean } = {}) {
    this.requiresApproval = options.requireApproval ?? false;
  }

  async createSession(request: PaymentSessionRequest): Promise<{ id: string }> {
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
      throw new PaymentDeclinedError('The amount must be a positive number of cents.');
    }
    return { id: `sbx_${request.method}_${randomBytes(12).toString('base64url')}` };
  }

  async confirmApproval(request: ApprovalRequest): Promise<boolean> {
    return request.sessionId.startsWith(`sbx_${request.method}_`);
  }

  async charge(request: ChargeRequest): Promise<{ reference: string }> {
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
      throw new PaymentDeclinedError('The amount must be a positive number of cents.');
    }
    // The same key gives the same reference, as a real provider's idempotent charge would.
    const digest = createHash('sha256')
      .update(
        `${request.method}:${request.idempotencyKey}:${request.amountCents}:${request.sessionId ?? ''}`,
      )
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

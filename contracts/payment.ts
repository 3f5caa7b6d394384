import { z } from 'zod';
import { IdSchema } from './common';
import { OrderAddressSchema, PaymentIdSchema, PaymentMethodSchema } from './order';

export { PaymentIdSchema };

export const PAYMENT_STATUSES = ['pending', 'approved', 'cancelled', 'captured'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Open a payment for the cart as it stands: the server computes the amount. */
export const CreatePaymentBodySchema = z.object({
  addressId: IdSchema,
  paymentMethod: PaymentMethodSchema,
});
export type CreatePaymentBody = z.input<typeof CreatePaymentBodySchema>;

export const PaymentParamsSchema = z.object({ id: PaymentIdSchema });

export const PaymentSessionSchema = z.object({
  id: z.string(),
  paymentMethod: PaymentMethodSchema,
  status: z.enum(PAYMENT_STATUSES),
  amountCents: z.number().int(),
  amount: z.string(),
  /** Where the order will ship, as the provider's sheet shows it. Null if it was removed since. */
  address: OrderAddressSchema.nullable(),
  /** ISO timestamp after which the session can no longer be approved or paid with. */
  expiresAt: z.string(),
});
export type PaymentSession = z.infer<typeof PaymentSessionSchema>;

import { z } from 'zod';
import { ArrivalSchema } from './cart';
import { IdSchema, pageOf } from './common';

export const PAYMENT_METHODS = ['paypal', 'apple_pay'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, {
  error: "Payment method must be 'paypal' or 'apple_pay'",
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  paypal: 'PayPal',
  apple_pay: 'Apple Pay',
};

/** One key per checkout attempt: a retry or a double click with the same key makes no second order. */
export const IdempotencyKeySchema = z
  .string({ error: 'Idempotency key is required' })
  .min(8, 'Idempotency key must be at least 8 characters')
  .max(100, 'Idempotency key must be at most 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Idempotency key may use letters, digits, dashes and underscores');

/** The provider's id for a payment session (the sandbox's start with `sbx_`); see payment.ts. */
export const PaymentIdSchema = z
  .string({ error: 'Payment id is required' })
  .min(8, 'Payment id must be at least 8 characters')
  .max(100, 'Payment id must be at most 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Payment id may use letters, digits, dashes and underscores');

export const CheckoutBodySchema = z.object({
  addressId: IdSchema,
  paymentMethod: PaymentMethodSchema,
  idempotencyKey: IdempotencyKeySchema,
  /**
   * The payment session the shopper approved at the provider (POST /api/payments, then its
   * approve). The web app always sends one. Without it the provider is asked to charge directly,
   * which only a provider that needs no approval from the shopper allows (the built-in sandbox;
   * a provider that needs one answers 402).
   */
  paymentId: PaymentIdSchema.optional(),
});
export type CheckoutBody = z.input<typeof CheckoutBodySchema>;

/** DR-YYMMDD- then letters and digits; see server/features/orders/README.md. */
export const OrderNumberSchema = z
  .string()
  .max(40)
  .regex(/^DR-[0-9]{6}-[0-9A-Z]{4,}$/, 'is not an order number');

export const OrderParamsSchema = z.object({ number: OrderNumberSchema });

export const OrderLineSchema = z.object({
  /** The line's own id within the order history. */
  id: z.number().int(),
  /** Null once the shop no longer sells that piece; the line keeps its own copy. */
  itemId: z.number().int().nullable(),
  name: z.string(),
  img: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  unitPrice: z.string(),
  lineTotalCents: z.number().int(),
  lineTotal: z.string(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const OrderAddressSchema = z.object({
  nickname: z.string(),
  /** Null on orders placed before addresses had a recipient and a phone. */
  recipient_name: z.string().nullable(),
  phone: z.string().nullable(),
  street_address: z.string(),
  street_address_2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});
export type OrderAddress = z.infer<typeof OrderAddressSchema>;

export const OrderSchema = z.object({
  number: z.string(),
  /** ISO timestamp. */
  placedAt: z.string(),
  paymentMethod: PaymentMethodSchema,
  lines: z.array(OrderLineSchema),
  units: z.number().int(),
  subtotalCents: z.number().int(),
  subtotal: z.string(),
  shippingCents: z.number().int(),
  shipping: z.string(),
  totalCents: z.number().int(),
  total: z.string(),
  address: OrderAddressSchema,
  arrival: ArrivalSchema,
  /** Whether the confirmation e-mail went out. */
  emailed: z.boolean(),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * An order as the history lists it: what its closed entry shows. The bill (its lines and the
 * address) is `GET /api/buy/{number}`, read when the shopper opens it.
 */
export const OrderHeadSchema = OrderSchema.pick({
  number: true,
  placedAt: true,
  paymentMethod: true,
  units: true,
  totalCents: true,
  total: true,
  arrival: true,
});
export type OrderHead = z.infer<typeof OrderHeadSchema>;

/** A page of the shopper's orders, newest first; `nextCursor` asks for the next. */
export const OrderPageSchema = pageOf(OrderHeadSchema);
export type OrderPage = z.infer<typeof OrderPageSchema>;

/**
 * What a checkout answers: the order, and whether it was placed by an earlier submit with the
 * same idempotency key. A replay is that earlier order as it was placed (its cart, its payment
 * method), whatever the cart or the payment method of the repeated request: nothing new was
 * charged or bought.
 */
export const CheckoutResultSchema = OrderSchema.extend({
  replayed: z.boolean().meta({
    description: 'true when the idempotency key placed this order before: nothing new was charged',
  }),
});
export type CheckoutResult = z.infer<typeof CheckoutResultSchema>;

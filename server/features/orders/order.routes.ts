import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema, CursorQuerySchema, ORDER_PAGE_SIZE } from '../../../contracts/common';
import {
  CheckoutBodySchema,
  CheckoutResultSchema,
  OrderPageSchema,
  OrderParamsSchema,
  OrderSchema,
} from '../../../contracts/order';
import {
  CreatePaymentBodySchema,
  PaymentParamsSchema,
  PaymentSessionSchema,
} from '../../../contracts/payment';
import { createMailer, type Mailer } from '../../lib/mailer';
import { currentUser } from '../../plugins/auth';
import { sweepCharges } from './charge-sweep';
import * as service from './order.service';
import { type PaymentProvider, SandboxPaymentProvider } from './payment';
import * as payments from './payment-session.service';

export interface OrderRoutesOptions {
  payments?: PaymentProvider;
  mailer?: Mailer;
}

export default async function orderRoutes(fastify: FastifyInstance, opts: OrderRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const { db } = database;
  const tags = ['orders'];
  const deps: service.CheckoutDeps = {
    payments: opts.payments ?? new SandboxPaymentProvider(),
    mailer: opts.mailer ?? createMailer(app.config),
    log: app.log,
  };
  if (app.config.chargeSweepSeconds > 0) {
    const sweep = sweepCharges(db, deps.payments, app.log, app.config.chargeSweepSeconds * 1000);
    app.addHook('onClose', () => sweep.stop());
  }

  app.post(
    '/api/payments',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Open a payment for the cart as it stands (amount computed here) with PayPal or Apple ' +
          'Pay; the shopper then approves or cancels it in the provider’s sheet. The cart does not change.',
        body: CreatePaymentBodySchema,
        response: {
          201: PaymentSessionSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          402: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const session = await payments.openPayment(
        database,
        currentUser(request).id,
        request.body,
        deps.payments,
      );
      return reply.status(201).send(session);
    },
  );

  app.post(
    '/api/payments/:id/approve',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'The shopper approved the payment in the provider’s sheet; the provider confirms it. ' +
          'Approving twice is harmless.',
        params: PaymentParamsSchema,
        response: {
          200: PaymentSessionSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          402: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    (request) =>
      payments.approvePayment(
        db,
        currentUser(request).id,
        request.params.id,
        // The sandbox's sheet hands back nothing; a real provider's token would come in a body.
        undefined,
        deps.payments,
      ),
  );

  app.post(
    '/api/payments/:id/cancel',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'The shopper cancelled in the provider’s sheet: the payment ends, nothing is charged ' +
          'and the cart stays as it was. Cancelling twice is harmless.',
        params: PaymentParamsSchema,
        response: {
          200: PaymentSessionSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    (request) => payments.cancelPayment(db, currentUser(request).id, request.params.id),
  );

  app.put(
    '/api/buy',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Check out the cart with the payment the shopper approved (`paymentId`): take it, place ' +
          'the order, fill the closet, empty the cart. 201 for a new order; 200 and ' +
          '`replayed: true` with the earlier order, unchanged, when the idempotency key was used ' +
          'before, even with another cart or payment method.',
        body: CheckoutBodySchema,
        response: {
          200: CheckoutResultSchema,
          201: CheckoutResultSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          402: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          503: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { order, created } = await service.checkout(
        database,
        currentUser(request).id,
        request.body,
        {
          ...deps,
          log: request.log,
        },
      );
      // The pieces' new stock shows on this shopper's next page without waiting for the
      // announcement that tells every process.
      if (created) {
        app.stockLevels.forget(order.lines.flatMap((line) => line.itemId ?? []));
      }
      return reply.status(created ? 201 : 200).send({ replayed: !created, ...order });
    },
  );

  app.get(
    '/api/buy',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: `The shopper's orders, newest first, without their bills: ${ORDER_PAGE_SIZE} a page`,
        description: 'Each bill, with its lines and address, is `GET /api/buy/{number}`.',
        querystring: CursorQuerySchema,
        response: { 200: OrderPageSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    (request) => service.listOrders(app.database, currentUser(request).id, request.query.cursor),
  );

  app.get(
    '/api/buy/:number',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'One of the shopper’s orders, by its number',
        params: OrderParamsSchema,
        response: {
          200: OrderSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    (request) => service.getOrder(db, currentUser(request).id, request.params.number),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../contracts/common';
import {
  CheckoutBodySchema,
  CheckoutResultSchema,
  OrderListQuerySchema,
  OrderParamsSchema,
  OrderSchema,
} from '../../../contracts/order';
import { createMailer, type Mailer } from '../../lib/mailer';
import { currentUser } from '../../plugins/auth';
import * as service from './order.service';
import { type PaymentProvider, SandboxPaymentProvider } from './payment';

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

  app.put(
    '/api/buy',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Check out the cart: pay, place the order, fill the closet, empty the cart. ' +
          '201 for a new order; 200 and `replayed: true` with the earlier order, unchanged, when the ' +
          'idempotency key was used before, even with another cart or payment method.',
        body: CheckoutBodySchema,
        response: {
          200: CheckoutResultSchema,
          201: CheckoutResultSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          402: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
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
      return reply.status(created ? 201 : 200).send({ ...order, replayed: !created });
    },
  );

  app.get(
    '/api/buy',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The shopper's orders with their lines, newest first",
        querystring: OrderListQuerySchema,
        response: { 200: z.array(OrderSchema), 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    (request) => service.listOrders(db, currentUser(request).id, request.query),
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

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AddOutfitToCartBodySchema,
  AddToCartBodySchema,
  CartItemParamsSchema,
  CartSchema,
  ChangeCartLineBodySchema,
  LookParamsSchema,
  LookSchema,
  SetCartQuantityBodySchema,
} from '../../../contracts/cart';
import { ApiErrorSchema } from '../../../contracts/common';
import { currentUser } from '../../plugins/auth';
import * as service from './cart.service';

export default async function cartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['cart'];
  const errors = {
    400: ApiErrorSchema,
    401: ApiErrorSchema,
    404: ApiErrorSchema,
    409: ApiErrorSchema,
  };

  app.get(
    '/api/cart',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The cart: lines, units, subtotal, shipping, total and arrival window',
        response: { 200: CartSchema, 401: ApiErrorSchema },
      },
    },
    (request) => service.getCart(app.database, currentUser(request).id),
  );

  app.post(
    '/api/cart',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Add a piece (quantity 1–9, default 1; adds to a line already there, 9 at most)',
        body: AddToCartBodySchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    (request) =>
      service.addItem(
        app.database,
        currentUser(request).id,
        request.body.itemId,
        request.body.quantity,
      ),
  );

  app.post(
    '/api/cart/outfit',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          "Purchase Outfit: add one of each chosen variant (a colour and size of each of the outfit's pieces)",
        body: AddOutfitToCartBodySchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    (request) =>
      service.addOutfit(
        app.database,
        currentUser(request).id,
        request.body.outfitId,
        request.body.itemIds,
      ),
  );

  app.get(
    '/api/cart/outfit/:outfitId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          "What Purchase Outfit offers: the outfit's pieces with every colour and size, and the sizes this shopper chose before",
        params: LookParamsSchema,
        response: {
          200: LookSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    (request) => service.getLook(app.database, currentUser(request).id, request.params.outfitId),
  );

  app.patch(
    '/api/cart/:itemId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Change the size or colour of a line in the cart (moves it to that variant; merges with a line already there)',
        params: CartItemParamsSchema,
        body: ChangeCartLineBodySchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    (request) =>
      service.changeLine(
        app.database,
        currentUser(request).id,
        request.params.itemId,
        request.body,
      ),
  );

  app.put(
    '/api/cart/:itemId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Change the quantity of a piece in the cart (1–9)',
        params: CartItemParamsSchema,
        body: SetCartQuantityBodySchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    (request) =>
      service.setQuantity(
        app.database,
        currentUser(request).id,
        request.params.itemId,
        request.body.quantity,
      ),
  );

  app.delete(
    '/api/cart/:itemId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Take a piece out of the cart',
        params: CartItemParamsSchema,
        response: {
          200: CartSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    (request) => service.removeItem(app.database, currentUser(request).id, request.params.itemId),
  );

  app.delete(
    '/api/buy',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Empty the cart',
        response: { 200: CartSchema, 401: ApiErrorSchema },
      },
    },
    (request) => service.emptyCart(app.database, currentUser(request).id),
  );
}

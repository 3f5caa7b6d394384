import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, OkSchema } from '../../../contracts/common';
import {
  AddressDeleteParamsSchema,
  AddressParamsSchema,
  AddressSchema,
  CreateAddressBodySchema,
  UpdateAddressBodySchema,
} from '../../../contracts/shipping';
import { currentUser } from '../../plugins/auth';
import * as service from './shipping.service';

export default async function shippingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['shipping'];
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

  app.get(
    '/api/shipping',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The shopper's addresses, preferred first",
        response: { 200: z.array(AddressSchema), 401: ApiErrorSchema },
      },
    },
    (request) => service.listAddresses(db, currentUser(request).id),
  );

  app.post(
    '/api/shipping',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Add an address (preferred when it is the first, or with preferred: true); 409 when another has its nickname',
        body: CreateAddressBodySchema,
        response: {
          201: AddressSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const address = await service.createAddress(
        app.database.sql,
        currentUser(request).id,
        request.body,
      );
      return reply.status(201).send(address);
    },
  );

  app.put(
    '/api/shipping/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Edit an address; 409 when another of the shopper’s addresses has its nickname',
        params: AddressParamsSchema,
        body: UpdateAddressBodySchema,
        response: { 200: AddressSchema, ...errors, 409: ApiErrorSchema },
      },
    },
    (request) =>
      service.updateAddress(
        app.database.sql,
        currentUser(request).id,
        request.params.id,
        request.body,
      ),
  );

  app.put(
    '/api/shipping/:id/preferred',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Make this the preferred address (the others stop being preferred)',
        params: AddressParamsSchema,
        response: { 200: AddressSchema, ...errors },
      },
    },
    (request) => service.setPreferred(app.database.sql, currentUser(request).id, request.params.id),
  );

  app.delete(
    '/api/shipping/:addressId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Remove an address (when it was the preferred one, the newest left becomes preferred)',
        params: AddressDeleteParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      await service.deleteAddress(db, currentUser(request).id, request.params.addressId);
      return { ok: true as const };
    },
  );
}

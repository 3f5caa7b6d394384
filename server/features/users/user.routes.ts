import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema, OkSchema } from '../../../contracts/common';
import {
  AdminRegistrationInfoSchema,
  LoginBodySchema,
  RegisterBodySchema,
  UserSchema,
} from '../../../contracts/user';
import { currentUser } from '../../plugins/auth';
import * as service from './user.service';

export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['users'];

  app.post(
    '/api/user/register',
    {
      schema: {
        tags,
        summary: 'Create an account (admin accounts follow the admin rule)',
        body: RegisterBodySchema,
        response: {
          201: UserSchema,
          400: ApiErrorSchema,
          403: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
      config: {
        rateLimit: { max: app.config.loginRateLimit * 2, timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      const user = await service.registerUser(db, request.body, {
        actor: request.user,
        adminCode: app.config.adminRegistrationCode,
      });
      return reply.status(201).send(user);
    },
  );

  app.get(
    '/api/user/register/admin',
    {
      schema: {
        tags,
        summary: 'Whether registering an administrator needs the registration code',
        response: { 200: AdminRegistrationInfoSchema },
      },
    },
    () => service.adminRegistrationInfo(db, app.config.adminRegistrationCode),
  );

  app.post(
    '/api/user/login',
    {
      schema: {
        tags,
        summary: 'Sign in; sets the session cookie',
        body: LoginBodySchema,
        response: {
          200: UserSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
      config: {
        rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      const user = await service.authenticate(db, request.body.username, request.body.password);
      // A fresh token at every sign-in; any session the browser had is ended first.
      await app.sessions.end(request, reply);
      await app.sessions.start(reply, user.id);
      return user;
    },
  );

  app.post(
    '/api/user/logout',
    {
      config: { endsSession: true },
      schema: { tags, summary: 'Sign out and revoke the session', response: { 200: OkSchema } },
    },
    async (request, reply) => {
      await app.sessions.end(request, reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/user',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: UserSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => service.getUser(db, currentUser(request).id),
  );
}

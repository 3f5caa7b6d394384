import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
  type FastifyServerOptions,
  type HTTPMethods,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ApiError } from '../contracts/common';
import type { Config, TrustProxy } from './config';
import type { Database } from './db/client';
import { features } from './features';
import { errorForLog } from './lib/error-log';
import { databaseRateLimitStore } from './lib/rate-limit-store';
import { serializerCompiler } from './lib/serializer';
import authPlugin from './plugins/auth';
import configPlugin from './plugins/config';
import databasePlugin from './plugins/database';
import docsPlugin from './plugins/docs';
import errorsPlugin from './plugins/errors';
import keptStatePlugin from './plugins/kept-state';
import securityPlugin from './plugins/security';
import webPlugin from './plugins/web';

/** One registered route, as the security tests walk them. */
export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the collector, HEAD twins left out. */
    routeTable: RouteEntry[];
  }
}

/**
 * Fastify's own reading of a hop count trusts no hop at all, so a count becomes the function
 * proxy-addr asks about each hop, the socket's peer being hop 0.
 */
function proxyTrust(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(options: AppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: { err: errorForLog },
    },
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: 64 * 1024,
    // Drape's ids and routes are short; anything longer is not ours.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // The router's own refusals (a malformed %-escape, an over-long path segment) answer in the
    // API's error shape too, not Fastify's.
    frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
      const body: ApiError = {
        error: { code: 'bad_request', message: 'That address is not one Drape understands.' },
      };
      reply.status(error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400).send(body);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Collected before any plugin adds routes, so the authorisation and hostile-input suites can
  // walk every route there is and fail when one is missing from their tables.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routeTable.push({ method, url: route.url, schema: route.schema });
    }
  });

  await app.register(configPlugin, { config });
  await app.register(databasePlugin, { database: options.database });
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  // Counted in the database so that every worker process shares one allowance.
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(app.database.db),
  });
  await app.register(authPlugin);
  await app.register(keptStatePlugin);
  await app.register(docsPlugin);
  for (const feature of features) await app.register(feature);
  await app.register(webPlugin, { webRoot: config.webRoot });
  return app;
}

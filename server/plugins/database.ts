import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Makes the already-open database available to routes; closing it is the owner's job. */
export default fp(
  async function databasePlugin(app: FastifyInstance, opts: { database: Database }) {
    app.decorate('database', opts.database);
  },
  { name: 'database' },
);

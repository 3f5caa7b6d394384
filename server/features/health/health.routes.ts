import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    latencyMs: z.number(),
  }),
});

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Liveness: the process answers at all. No database work, so it is also the benchmark's floor.
  app.get(
    '/api/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the process is up (no database check)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the server can reach its database',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      let ok = true;
      try {
        await app.database.sql.query('SELECT 1');
      } catch {
        ok = false;
      }
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'unavailable',
        database: { driver: app.database.driver, ok, latencyMs },
      });
    },
  );
}

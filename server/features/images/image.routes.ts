import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { colorFromSlug, isGarment, renderItemSvg } from '../../db/seed/pictures';
import { notFound } from '../../lib/errors';

const ParamsSchema = z.object({
  garment: z
    .string()
    .max(40)
    .regex(/^[a-z-]+$/),
  file: z
    .string()
    .max(60)
    .regex(/^[a-z-]+\.svg$/),
});

/** Item pictures are drawn from the garment type and colour, and never change once drawn. */
export default async function imageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cache = new Map<string, string>();

  app.get(
    '/images/items/:garment/:file',
    { schema: { hide: true, params: ParamsSchema } },
    async (request, reply) => {
      const { garment, file } = request.params;
      const color = colorFromSlug(file.replace(/\.svg$/, ''));
      if (!isGarment(garment) || !color) throw notFound('No such picture.');
      const key = `${garment}/${file}`;
      let svg = cache.get(key);
      if (!svg) {
        svg = renderItemSvg(garment, color.hex);
        cache.set(key, svg);
      }
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  );
}

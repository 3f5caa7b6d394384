import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { colorFromSlug, type Garment, isGarment, renderItemSvg } from './pictures';

const ParamsSchema = z.object({
  garment: z
    .string()
    .max(40)
    .regex(/^[a-z-]+$/),
  file: z
    .string()
    .max(60)
    .regex(/^[a-z-]+\.(svg|webp)$/),
});

/**
 * Drawn at twice the drawing's own size (240 × 300): sharp on a phone's screen, where a card
 * shows a piece 150–200 pixels wide at two or three device pixels to the pixel.
 */
const RASTER_DENSITY = 144;
const WEBP_QUALITY = 80;

/** The drawing as a WebP picture: decoded off the page's main thread, unlike an SVG document. */
function rasterize(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: RASTER_DENSITY })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

/**
 * Item pictures are drawn from the garment type and colour, and never change once drawn. Items
 * name the WebP picture; the SVG drawing it is made from is served too.
 */
export default async function imageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Each garment in each colour of the shop's colour card is drawn once per process: a bounded set.
  const drawings = new Map<string, string>();
  const pictures = new Map<string, Promise<Buffer>>();
  const drawing = (garment: Garment, hex: string) => {
    const key = `${garment}/${hex}`;
    let svg = drawings.get(key);
    if (!svg) {
      svg = renderItemSvg(garment, hex);
      drawings.set(key, svg);
    }
    return svg;
  };

  app.get(
    '/images/items/:garment/:file',
    { schema: { hide: true, params: ParamsSchema } },
    async (request, reply) => {
      const { garment, file } = request.params;
      const [slug = '', extension] = file.split('.');
      const color = colorFromSlug(slug);
      if (!isGarment(garment) || !color) throw notFound('No such picture.');
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      if (extension === 'svg') {
        return reply
          .type('image/svg+xml')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(drawing(garment, color.hex));
      }
      const key = `${garment}/${slug}`;
      let picture = pictures.get(key);
      if (!picture) {
        picture = rasterize(drawing(garment, color.hex));
        // A failed drawing is not kept: the next request tries again.
        picture.catch(() => pictures.delete(key));
        pictures.set(key, picture);
      }
      return reply.type('image/webp').send(await picture);
    },
  );
}

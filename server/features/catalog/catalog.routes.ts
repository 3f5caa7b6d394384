import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CategorySchema,
  ItemSchema,
  OccasionSchema,
  ProductParamsSchema,
  ProductSchema,
} from '../../../contracts/catalog';
import { ApiErrorSchema, IdSchema, PAGE_SIZE, PageQuerySchema } from '../../../contracts/common';
import { notFound } from '../../lib/errors';
import { toItem } from '../../lib/items';
import { loadProductOfItem } from '../../lib/products';
import * as repo from './catalog.repository';

const ItemsQuerySchema = PageQuerySchema.extend({
  // Unasked, a page of pieces as long as every other list's.
  limit: z.coerce.number().int().min(1).max(200).default(PAGE_SIZE),
  category: IdSchema.optional(),
  /** The last id of the page before: the page after it, read from the primary key onwards. */
  after: IdSchema.optional(),
}).refine((q) => q.after === undefined || q.offset === 0, {
  message: 'is not used with an offset: page with one or the other',
  path: ['after'],
});

export default async function catalogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['catalogue'];

  app.get(
    '/api/occasions',
    { schema: { tags, summary: 'The five occasions', response: { 200: z.array(OccasionSchema) } } },
    () => repo.listOccasions(db),
  );

  app.get(
    '/api/item/categories',
    {
      schema: { tags, summary: 'The five categories', response: { 200: z.array(CategorySchema) } },
    },
    () => repo.listCategories(db),
  );

  app.get(
    '/api/item/all',
    {
      schema: {
        tags,
        summary: 'Catalogue items by id, in pages',
        description:
          `A page of \`limit\` items (${PAGE_SIZE} unless asked, at most 200) in id order. ` +
          '`after` (the last id of the page before) asks ' +
          'for the next and reaches the end of any catalogue, at the cost of one page; ' +
          '`offset` (at most 10,000) is kept for older clients.',
        querystring: ItemsQuerySchema,
        response: { 200: z.array(ItemSchema), 400: ApiErrorSchema },
      },
    },
    async (request) => {
      const { limit, offset, category, after } = request.query;
      const rows = await repo.listItems(app.database.sql, {
        limit,
        offset,
        after,
        categoryId: category,
      });
      return rows.map(toItem);
    },
  );

  app.get(
    '/api/item/:itemId/product',
    {
      schema: {
        tags,
        summary:
          'The product an item belongs to, with every colour and size, and the size this shopper chose before in its category',
        params: ProductParamsSchema,
        response: { 200: ProductSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const product = await loadProductOfItem(
        app.database.sql,
        request.params.itemId,
        request.user?.id ?? null,
      );
      if (!product) throw notFound('There is no such piece.');
      // The remembered size is this shopper's: no shared cache may keep the answer.
      reply.header('cache-control', 'private, no-cache');
      return product;
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../contracts/common';
import {
  type ItemSearchPage,
  ItemSearchPageSchema,
  ItemSearchQuerySchema,
  OutfitSearchPageSchema,
  OutfitSearchQuerySchema,
} from '../../../contracts/search';
import { serializerCompiler } from '../../lib/serializer';
import { currentUser } from '../../plugins/auth';
import * as service from './search.service';
import { SearchPages, writeSearchPage } from './search-pages';

export default async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['search'];
  const pages = await SearchPages.open(app.database, { ttlMs: app.config.cacheSeconds * 1000 });
  app.addHook('onClose', () => pages.close());

  app.get(
    '/api/item/search',
    {
      onRequest: app.requireUser,
      // A kept result's item is pasted from JSON written when the search was first made.
      serializerCompiler: (route) =>
        route.httpStatus === '200'
          ? (page) => writeSearchPage(page as ItemSearchPage)
          : serializerCompiler(route),
      schema: {
        tags,
        summary:
          'Search catalogue items (case-insensitive, anywhere in the text, one typo per word ' +
          'forgiven); cat repeated for several categories; one result per product colour',
        querystring: ItemSearchQuerySchema,
        response: { 200: ItemSearchPageSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    (request) =>
      service.searchItems(
        app.database,
        { pages, stock: app.stockLevels, hearts: app.shopperHearts },
        currentUser(request).id,
        request.query,
      ),
  );

  app.get(
    '/api/outfit/search',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Search outfits by name and description; without q, the newest',
        querystring: OutfitSearchQuerySchema,
        response: { 200: OutfitSearchPageSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    (request) => service.searchOutfits(db, currentUser(request).id, request.query),
  );
}

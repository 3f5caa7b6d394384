import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema, OUTFIT_SEARCH_PAGE_SIZE, PAGE_SIZE } from '../../../contracts/common';
import {
  ItemSearchPageSchema,
  ItemSearchQuerySchema,
  OutfitSearchPageSchema,
  OutfitSearchQuerySchema,
} from '../../../contracts/search';
import { currentUser } from '../../plugins/auth';
import * as service from './search.service';
import { SearchPages } from './search-pages';

export default async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['search'];
  const pages = await SearchPages.open(app.database, { ttlMs: app.config.cacheSeconds * 1000 });
  app.addHook('onClose', () => pages.close());

  app.get(
    '/api/item/search',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Search catalogue items as shoppers mean the words (plurals, other names, colours, ' +
          'categories, brands, typos, the last word as typed so far), best first; cat repeated ' +
          'for several categories; one result per product colour; without q, the pieces most ' +
          `hearted lately, then the newest; a page of at most ${PAGE_SIZE} with nextCursor; what was ` +
          'understood, and a suggestion when nothing matches',
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
        summary:
          'Search outfits by name, occasion, description and the pieces they hold, best first; ' +
          `without q, the newest; a page of at most ${OUTFIT_SEARCH_PAGE_SIZE} with nextCursor`,
        querystring: OutfitSearchQuerySchema,
        response: { 200: OutfitSearchPageSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    (request) =>
      service.searchOutfits(
        app.database,
        { pages, cards: app.outfitCards },
        currentUser(request).id,
        request.query,
      ),
  );
}

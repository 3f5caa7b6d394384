import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClosetCategoryCountSchema,
  ClosetCategoryParamsSchema,
  ClosetListQuerySchema,
  ClosetOccasionCountSchema,
  ClosetOccasionOutfitPageSchema,
  ClosetOccasionParamsSchema,
  ClosetOutfitPageSchema,
  ClosetOutfitSchema,
  ClosetPiecePageSchema,
} from '../../../contracts/closet';
import {
  ApiErrorSchema,
  IdParamsSchema,
  OUTFIT_PAGE_SIZE,
  PAGE_SIZE,
} from '../../../contracts/common';
import { currentUser } from '../../plugins/auth';
import * as service from './closet.service';

/** What the shopper bought, by occasion (complete outfits) and by category (pieces). */
export default async function closetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['closet'];
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema };

  app.get(
    '/api/closet/outfits',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: `Closet outfits (all five products owned, in any colour or size), the most recently completed first, optionally searched: ${OUTFIT_PAGE_SIZE} a page`,
        querystring: ClosetListQuerySchema,
        response: { 200: ClosetOutfitPageSchema, ...errors },
      },
    },
    (request) =>
      service.listClosetOutfits(
        app.database,
        app.outfitCards,
        currentUser(request).id,
        request.query,
      ),
  );

  app.get(
    '/api/closet/outfits/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'One closet outfit with its pieces and the variants owned',
        params: IdParamsSchema,
        response: { 200: ClosetOutfitSchema, ...errors, 404: ApiErrorSchema },
      },
    },
    (request) =>
      service.getClosetOutfit(
        app.database,
        app.outfitCards,
        currentUser(request).id,
        request.params.id,
      ),
  );

  app.get(
    '/api/closet/items/occasions',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Every occasion with the number of closet outfits for it',
        response: { 200: z.array(ClosetOccasionCountSchema), 401: ApiErrorSchema },
      },
    },
    (request) => service.countOccasions(app.database, currentUser(request).id),
  );

  app.get(
    '/api/closet/items/occasions/:occasion',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: `Closet outfits for an occasion, by name (\`Date Night\`) or id, optionally searched: ${OUTFIT_PAGE_SIZE} a page`,
        params: ClosetOccasionParamsSchema,
        querystring: ClosetListQuerySchema,
        response: { 200: ClosetOccasionOutfitPageSchema, ...errors, 404: ApiErrorSchema },
      },
    },
    (request) =>
      service.listClosetOutfitsForOccasion(
        app.database,
        app.outfitCards,
        currentUser(request).id,
        request.params.occasion,
        request.query,
      ),
  );

  app.get(
    '/api/closet/items/category',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Every category with the number of pieces owned in it',
        response: { 200: z.array(ClosetCategoryCountSchema), 401: ApiErrorSchema },
      },
    },
    (request) => service.countCategories(app.database, currentUser(request).id),
  );

  app.get(
    '/api/closet/items/category/:category',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: `Pieces owned in a category, by name (\`Tops\`) or id, the most recently bought first, optionally searched: ${PAGE_SIZE} a page`,
        params: ClosetCategoryParamsSchema,
        querystring: ClosetListQuerySchema,
        response: { 200: ClosetPiecePageSchema, ...errors, 404: ApiErrorSchema },
      },
    },
    (request) =>
      service.listPieces(
        app.database,
        currentUser(request).id,
        request.params.category,
        request.query,
      ),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  CursorQuerySchema,
  OUTFIT_PAGE_SIZE,
  PAGE_SIZE,
} from '../../../contracts/common';
import {
  CategoryCountSchema,
  CategoryParamsSchema,
  ChangeColorBodySchema,
  ChangeSizeBodySchema,
  DecreaseQuantityParamsSchema,
  DecreaseQuantityQuerySchema,
  FavoriteItemPageSchema,
  FavoriteItemSchema,
  FavoriteItemSearchQuerySchema,
  FavoriteOutfitPageSchema,
  FavoriteOutfitSearchQuerySchema,
  HeartItemBodySchema,
  HeartResultSchema,
  IncreaseQuantityBodySchema,
  ItemIdParamsSchema,
  OccasionCountSchema,
  OccasionParamsSchema,
  SpecificItemQuerySchema,
  VariantOptionSchema,
  VariantsQuerySchema,
} from '../../../contracts/favorites';
import {
  ItemHeartBodySchema,
  ItemHeartParamsSchema,
  ItemHeartResultSchema,
} from '../../../contracts/feed';
import { currentUser } from '../../plugins/auth';
import * as service from './favorite.service';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema };
const withNotFound = { ...errors, 404: ApiErrorSchema };

/** What a client of a favourites' search must know: its pages may be short before the last. */
const walkedPages = (page: string) =>
  `The words are looked for a stretch of the history at a time: a page may hold fewer than ${page}, ` +
  'or none, and still have a `nextCursor`; follow it until it is null.';

export default async function favoriteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['favourites'];
  // onRequest, not preHandler: a visitor gets 401 before the body is even looked at.
  const onRequest = app.requireUser;

  app.get(
    '/api/favorites/outfits',
    {
      onRequest,
      schema: {
        tags,
        summary: `Outfits the shopper swiped right on, newest first, with their pieces: ${OUTFIT_PAGE_SIZE} a page`,
        querystring: CursorQuerySchema,
        response: { 200: FavoriteOutfitPageSchema, ...errors },
      },
    },
    (request) =>
      service.listFavoriteOutfits(
        app.database,
        app.outfitCards,
        currentUser(request).id,
        request.query.cursor,
      ),
  );

  app.get(
    '/api/favorites/occasions',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The five occasions, each with how many favourite outfits it holds',
        response: { 200: z.array(OccasionCountSchema), ...errors },
      },
    },
    (request) => service.countByOccasion(db, currentUser(request).id),
  );

  app.get(
    '/api/favorites/categories',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The categories, each with how many favourite pieces it holds',
        response: { 200: z.array(CategoryCountSchema), ...errors },
      },
    },
    (request) => service.countByCategory(app.database, currentUser(request).id),
  );

  app.get(
    '/api/favorites/outfits/:occasionId',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Favourite outfits for one occasion, a page at a time (400 for an unknown occasion)',
        params: OccasionParamsSchema,
        querystring: CursorQuerySchema,
        response: { 200: FavoriteOutfitPageSchema, ...errors },
      },
    },
    (request) =>
      service.listFavoriteOutfitsForOccasion(
        app.database,
        app.outfitCards,
        currentUser(request).id,
        request.params.occasionId,
        request.query.cursor,
      ),
  );

  app.get(
    '/api/favorites/items/:category',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Favourite pieces in a category (by name, e.g. Tops, or id), newest first, a page at a time',
        params: CategoryParamsSchema,
        querystring: CursorQuerySchema,
        response: { 200: FavoriteItemPageSchema, ...withNotFound },
      },
    },
    (request) =>
      service.listFavoriteItemsInCategory(
        app.database,
        currentUser(request).id,
        request.params.category,
        request.query.cursor,
      ),
  );

  app.get(
    '/api/favorites/specific/favorite/item',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One favourite piece, by item and the outfit it is tagged with',
        querystring: SpecificItemQuerySchema,
        response: { 200: FavoriteItemSchema, ...withNotFound },
      },
    },
    (request) =>
      service.getFavoriteItem(
        db,
        currentUser(request).id,
        request.query.itemid,
        request.query.outfitid,
      ),
  );

  app.get(
    '/api/favorites/item/sizes',
    {
      onRequest,
      schema: {
        tags,
        summary: "A product's variants by size; with color, the sizes made in that colour",
        querystring: VariantsQuerySchema,
        response: { 200: z.array(VariantOptionSchema), ...withNotFound },
      },
    },
    (request) => service.listVariants(db, request.query),
  );

  app.get(
    '/api/favorites/item/colors',
    {
      onRequest,
      schema: {
        tags,
        summary: "A product's variants by colour; with size, the colours made in that size",
        querystring: VariantsQuerySchema,
        response: { 200: z.array(VariantOptionSchema), ...withNotFound },
      },
    },
    (request) => service.listVariants(db, request.query),
  );

  app.post(
    '/api/favorites/items/increase',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Want qty more of a favourite piece (the result must stay within 0–9)',
        body: IncreaseQuantityBodySchema,
        response: { 200: FavoriteItemSchema, ...withNotFound },
      },
    },
    (request) =>
      service.changeQuantity(
        db,
        currentUser(request).id,
        request.body.itemId,
        request.body.outfitId,
        request.body.qty,
      ),
  );

  app.delete(
    '/api/favorites/items/decrease/:id/:qty',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Want qty fewer of a favourite piece (the result must stay within 0–9)',
        params: DecreaseQuantityParamsSchema,
        querystring: DecreaseQuantityQuerySchema,
        response: { 200: FavoriteItemSchema, ...withNotFound },
      },
    },
    (request) =>
      service.changeQuantity(
        db,
        currentUser(request).id,
        request.params.id,
        request.query.outfitId,
        -request.params.qty,
      ),
  );

  app.put(
    '/api/item/changecolor',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Move a favourite to the same product in another colour, same size',
        body: ChangeColorBodySchema,
        response: { 200: FavoriteItemSchema, ...withNotFound, 409: ApiErrorSchema },
      },
    },
    (request) => service.changeColor(db, currentUser(request).id, request.body),
  );

  app.put(
    '/api/item/changesize',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Move a favourite to the same product in another size, same colour',
        body: ChangeSizeBodySchema,
        response: { 200: FavoriteItemSchema, ...withNotFound, 409: ApiErrorSchema },
      },
    },
    (request) => service.changeSize(db, currentUser(request).id, request.body),
  );

  app.post(
    '/api/item/search/favorite',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Heart a piece from search or its sheet, without an outfit; 200 when it is hearted already, here or on a card',
        body: HeartItemBodySchema,
        response: { 200: HeartResultSchema, 201: HeartResultSchema, ...withNotFound },
      },
    },
    async (request, reply) => {
      const { itemId, sizeChosen } = request.body;
      const created = await service.heartItem(db, currentUser(request).id, itemId, sizeChosen);
      return reply.status(created ? 201 : 200).send({ ok: true, favorite: true });
    },
  );

  app.delete(
    '/api/item/search/unfavorite/:itemId',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Take back the piece’s heart, given here or on a card; pieces that came with outfits stay',
        params: ItemIdParamsSchema,
        response: { 200: HeartResultSchema, ...errors },
      },
    },
    async (request) => {
      await service.unheartItem(db, currentUser(request).id, request.params.itemId);
      return { ok: true as const, favorite: false };
    },
  );

  app.post(
    '/api/item/favorite',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Heart a piece of an outfit; nothing changes when it is hearted already, anywhere',
        body: ItemHeartBodySchema,
        response: { 200: ItemHeartResultSchema, ...withNotFound },
      },
    },
    (request) => service.heartOutfitPiece(db, currentUser(request).id, request.body, true),
  );

  app.delete(
    '/api/item/unfavorite/:itemId/:outfitId',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Un-heart a piece of an outfit: its heart goes wherever it was given, as from search, and a liked outfit keeps the piece; with no heart, this outfit’s favourite of it goes',
        params: ItemHeartParamsSchema,
        response: { 200: ItemHeartResultSchema, ...withNotFound },
      },
    },
    (request) => service.heartOutfitPiece(db, currentUser(request).id, request.params, false),
  );

  app.get(
    '/api/favorites/search',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Search the shopper's favourite outfits, optionally in one occasion, a page at a time",
        description: walkedPages(`${OUTFIT_PAGE_SIZE} outfits`),
        querystring: FavoriteOutfitSearchQuerySchema,
        response: { 200: FavoriteOutfitPageSchema, ...errors },
      },
    },
    (request) =>
      service.searchFavoriteOutfits(
        app.database,
        app.outfitCards,
        currentUser(request).id,
        request.query.q,
        request.query.occasion,
        request.query.cursor,
      ),
  );

  app.get(
    '/api/favorites/search/item',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Search the shopper's favourite pieces, optionally in some categories, a page at a time",
        description: walkedPages(`${PAGE_SIZE} pieces`),
        querystring: FavoriteItemSearchQuerySchema,
        response: { 200: FavoriteItemPageSchema, ...errors },
      },
    },
    (request) =>
      service.searchFavoriteItems(
        app.database,
        currentUser(request).id,
        request.query.q,
        request.query.cat,
        request.query.cursor,
      ),
  );
}

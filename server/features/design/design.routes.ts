import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SLOTS } from '../../../contracts/catalog';
import {
  ApiErrorSchema,
  IdParamsSchema,
  IdSchema,
  OkSchema,
  OUTFIT_PAGE_SIZE,
} from '../../../contracts/common';
import {
  CreateOutfitBodySchema,
  DeleteOutfitQuerySchema,
  DesignItemGroupSchema,
  DesignItemsQuerySchema,
  DesignOutfitPageSchema,
  DesignOutfitSchema,
  DesignOutfitsQuerySchema,
  EditOutfitBodySchema,
  SavedOutfitSchema,
  SUBSTITUTES_MAX,
  SubstitutesSchema,
} from '../../../contracts/design';
import { OutfitItemSchema, OutfitSchema } from '../../../contracts/outfit';
import * as service from './design.service';

const ITEM_IDS_RULE =
  'item_ids holds the five pieces, either as a list in slot order [outerwear, top, accessory, ' +
  'bottom, footwear] or as an object keyed by slot {"outerwear": 12, "top": 7, …}. Each item must ' +
  'exist and be of its slot’s category (outerwear 6, top 1, accessory 7, bottom 2, footwear 3). ' +
  'The name must be unique without regard to case (409 otherwise); occasion is an occasion id ' +
  '(1 Airport … 5 Work). Any other problem is a 400 whose `fields` name the offending parts ' +
  '(`item_ids.2` or `item_ids.top`, as sent), and nothing is written.';

/** The design area: administrators build the outfits shoppers swipe. Every call is admin-only. */
export default async function designRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['design'];
  const denied = { 401: ApiErrorSchema, 403: ApiErrorSchema };

  app.get(
    '/api/design/outfits',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary:
          'Outfits with their pieces, how shoppers answer them and their stock problems, a page at a time',
        description:
          `A page of ${OUTFIT_PAGE_SIZE} and the cursor of the next. Each outfit carries \`likes\` and \`rejects\` ` +
          '(standing swipes), `likeRate` (likes over both, null with none), `favorites` (shoppers ' +
          'who keep it or a piece from it) and `flagged`: its pieces sold out (stock 0, which keeps ' +
          'it out of shoppers’ feeds) or low (“Only N left”, stock ≤ 3). `sort=newest` (default) ' +
          'or `likeRate` (best liked first, unanswered last); `filter=problem` keeps outfits with ' +
          'a flagged piece. With `q`, outfits whose name contains it (any case; `%` and `_` are ' +
          'plain characters), exact and prefix matches first. A cursor belongs to its sort.',
        querystring: DesignOutfitsQuerySchema,
        response: { 200: DesignOutfitPageSchema, 400: ApiErrorSchema, ...denied },
      },
    },
    (request) => service.listOutfits(app.database, app.outfitCards, request.query),
  );

  app.get(
    '/api/design/outfits/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'One outfit as the design list shows it, with its version for an edit',
        params: IdParamsSchema,
        response: { 200: DesignOutfitSchema, 400: ApiErrorSchema, 404: ApiErrorSchema, ...denied },
      },
    },
    (request) => service.getOutfit(app.database, app.outfitCards, request.params.id),
  );

  app.get(
    '/api/design/substitutes/:itemId',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'In-stock pieces that can replace a piece',
        description:
          `Up to ${SUBSTITUTES_MAX}, in stock: the same product in another size or colour first ` +
          '(`match: sameProduct`), then other products of the same category and colour ' +
          '(`sameLook`, one size of each). Pieces low on stock come after the others of their kind.',
        params: z.object({ itemId: IdSchema }),
        response: { 200: SubstitutesSchema, 400: ApiErrorSchema, 404: ApiErrorSchema, ...denied },
      },
    },
    (request) => service.listSubstitutes(db, request.params.itemId),
  );

  app.post(
    '/api/design/outfit/create',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Create an outfit from five catalogue items',
        description: ITEM_IDS_RULE,
        body: CreateOutfitBodySchema,
        response: { 201: OutfitSchema, 400: ApiErrorSchema, 409: ApiErrorSchema, ...denied },
      },
    },
    async (request, reply) => {
      const outfit = await service.createOutfit(app.database, request.body);
      return reply.status(201).send(outfit);
    },
  );

  app.put(
    '/api/design/outfit/edit/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Replace an outfit’s name, description, occasion and pieces',
        description: `${ITEM_IDS_RULE} The body's \`id\` may be left out; when sent it must equal the path's.`,
        params: IdParamsSchema,
        body: EditOutfitBodySchema,
        response: {
          200: SavedOutfitSchema,
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          ...denied,
        },
      },
    },
    async (request) => {
      const outfit = await service.editOutfit(app.database, request.params.id, request.body);
      app.outfitCards.forget([outfit.id]);
      return outfit;
    },
  );

  app.delete(
    '/api/design/outfit/delete/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Delete an outfit',
        description:
          'Shoppers’ swipes and favourites of it go with it; their orders and closets keep what ' +
          'they bought. With `version`, an outfit saved since is not deleted (409).',
        params: IdParamsSchema,
        querystring: DeleteOutfitQuerySchema,
        response: {
          200: OkSchema,
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema.describe('Saved by someone else since `version`'),
          ...denied,
        },
      },
    },
    async (request) => {
      await service.deleteOutfit(db, request.params.id, request.query.version);
      app.outfitCards.forget([request.params.id]);
      return { ok: true as const };
    },
  );

  for (const slot of SLOTS) {
    app.get(
      `/api/design/${slot}/:outfitId`,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags,
          summary: `The ${slot} piece of an outfit`,
          params: z.object({ outfitId: IdSchema }),
          response: { 200: OutfitItemSchema, 400: ApiErrorSchema, 404: ApiErrorSchema, ...denied },
        },
      },
      (request) => service.getSlotItem(db, request.params.outfitId, slot),
    );
  }

  app.get(
    '/api/item/design',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Catalogue items grouped by category, for the design carousels',
        description:
          'One group per category in slot order (or only `category`), each with a page of ' +
          'items (`limit` per category, default 24): in stock first, each product colour’s ' +
          'first size before its other sizes, then by name. `nextCursor` asks for the next ' +
          'page of one category (with its `category`); null on the last. `q` matches name, ' +
          'colour or seller; `color` is an exact colour. `total` counts the matches; `colors` ' +
          'lists every colour of the category. Items carry `stock`.',
        querystring: DesignItemsQuerySchema,
        response: { 200: z.array(DesignItemGroupSchema), 400: ApiErrorSchema, ...denied },
      },
    },
    (request) => service.listDesignItems(app.database, request.query),
  );
}

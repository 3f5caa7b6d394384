import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../contracts/common';
import {
  FeedPageSchema,
  FeedQuerySchema,
  OutfitRefBodySchema,
  OutfitUnfavoriteResultSchema,
  PassedResetResultSchema,
  SwipeResultSchema,
  UndoResultSchema,
} from '../../../contracts/feed';
import { currentUser } from '../../plugins/auth';
import * as service from './feed.service';
import { Openings } from './openings';
import { FeedQueue, KeptQueues } from './queue';
import { SwipeBatches } from './swipe-batches';

/** The swipe feed: the ranked stack of outfits, swipes and their undo. */
export default async function feedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['feed'];
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
  const queues = await KeptQueues.open(app.database, { ttlMs: app.config.cacheSeconds * 1000 });
  const queue = new FeedQueue(app.database, (error, userId) =>
    app.log.error({ err: error, userId }, 'could not queue a shopper’s feed'),
  );
  const feedState = {
    queue,
    queues,
    cards: app.outfitCards,
    stock: app.stockLevels,
    hearts: app.shopperHearts,
    openings: new Openings(app.database.sql),
  };
  const swipeBatches = new SwipeBatches(app.database.sql);
  // Before the database closes: queue writes still under way finish first.
  app.addHook('onClose', async () => {
    await queue.close();
    await queues.close();
  });
  /** Forgets the shopper's kept queue once `change` settles, not waiting for the announcement. */
  const forgetQueueAfter = async <T>(
    request: FastifyRequest,
    change: (id: number) => Promise<T>,
  ) => {
    const { id } = currentUser(request);
    try {
      return await change(id);
    } finally {
      queues.forget(id);
    }
  };

  app.get(
    '/api/outfit/home',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'A page of unswiped outfits, ranked by this shopper’s taste',
        querystring: FeedQuerySchema,
        response: { 200: FeedPageSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) =>
      service.getFeed(app.database, feedState, currentUser(request).id, request.query),
  );

  const swipes = [
    ['/api/outfit/favorite', 'like', 'Right swipe: favourite the outfit and its five pieces'],
    ['/api/outfit/reject', 'nope', 'Left swipe: reject the outfit'],
  ] as const;
  for (const [url, direction, summary] of swipes) {
    app.post(
      url,
      {
        onRequest: app.requireUser,
        // Pieces a right swipe brings along are favourites, not hearts.
        config: { heartsUnchanged: true },
        schema: {
          tags,
          summary,
          body: OutfitRefBodySchema,
          response: { 200: SwipeResultSchema, ...errors },
        },
      },
      async (request) => {
        const { id } = currentUser(request);
        const { outfitId } = request.body;
        const result = await service.swipe(db, swipeBatches, id, outfitId, direction);
        queues.swiped(id, outfitId);
        return result;
      },
    );
  }

  app.post(
    '/api/outfit/undo',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Take back the latest swipe and whatever it created',
        response: { 200: UndoResultSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    (request) => forgetQueueAfter(request, (id) => service.undoLastSwipe(db, feedState, id)),
  );

  app.post(
    '/api/outfit/rejected/reset',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Put the outfits this shopper passed on, or unfavourited, back in the feed (liked ones stay out)',
        response: { 200: PassedResetResultSchema, 401: ApiErrorSchema },
      },
    },
    (request) =>
      forgetQueueAfter(request, (id) => service.restorePassedOutfits(app.database.sql, id)),
  );

  app.post(
    '/api/outfit/search/unfavorite',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Unfavourite an outfit and the pieces it brought (never pieces hearted alone)',
        body: OutfitRefBodySchema,
        response: { 200: OutfitUnfavoriteResultSchema, ...errors },
      },
    },
    (request) =>
      forgetQueueAfter(request, (id) => service.unfavoriteOutfit(db, id, request.body.outfitId)),
  );
}

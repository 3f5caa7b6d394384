import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OutfitCards } from '../lib/outfit-cards';
import { ShopperHearts } from '../lib/shopper-hearts';
import { StockLevels } from '../lib/stock-levels';
import { MUTATING } from './security';

declare module 'fastify' {
  interface FastifyInstance {
    /** Items' stock, kept for a few seconds and forgotten when announced changed. */
    stockLevels: StockLevels;
    /** Shoppers' hearts, kept for a few seconds and forgotten when announced changed. */
    shopperHearts: ShopperHearts;
    /** Outfit cards, kept until a redesign or catalogue change is announced. */
    outfitCards: OutfitCards;
  }
  interface FastifyContextConfig {
    /** A write that never changes the shopper's hearts (a swipe): their kept copy stays. */
    heartsUnchanged?: boolean;
  }
}

/**
 * Copies of the outfit cards the feed and outfit search show, and of what they mark on every card
 * (stock, hearts), shared by the features that read them
 * (docs/decisions/006-caches-kept-honest-by-announcements.md).
 */
export default fp(
  async function keptStatePlugin(app: FastifyInstance) {
    const ttlMs = app.config.cacheSeconds * 1000;
    const stockLevels = await StockLevels.open(app.database, { ttlMs });
    const shopperHearts = await ShopperHearts.open(app.database, { ttlMs });
    const outfitCards = await OutfitCards.open(app.database, { ttlMs, stock: stockLevels });
    app.decorate('stockLevels', stockLevels);
    app.decorate('shopperHearts', shopperHearts);
    app.decorate('outfitCards', outfitCards);

    // A shopper's own change shows on their very next read: whatever they changed (a heart, a
    // size swapped on a favourite), this process's copy of their hearts is gone before the
    // answer leaves, without waiting for the announcement that tells every other process.
    app.addHook('onSend', async (request) => {
      if (!request.user || !MUTATING.has(request.method)) return;
      if (!request.routeOptions.config.heartsUnchanged) shopperHearts.forget(request.user.id);
    });

    app.addHook('onClose', async () => {
      await stockLevels.close();
      await shopperHearts.close();
      await outfitCards.close();
    });
  },
  { name: 'kept-state', dependencies: ['database', 'auth'] },
);

import type { FastifyPluginAsync } from 'fastify';
import cartRoutes from './cart/cart.routes';
import catalogRoutes from './catalog/catalog.routes';
import closetRoutes from './closet/closet.routes';
import designRoutes from './design/design.routes';
import favoriteRoutes from './favorites/favorite.routes';
import feedRoutes from './feed/feed.routes';
import healthRoutes from './health/health.routes';
import imageRoutes from './images/image.routes';
import orderRoutes from './orders/order.routes';
import searchRoutes from './search/search.routes';
import shippingRoutes from './shipping/shipping.routes';
import userRoutes from './users/user.routes';

/** Every feature's routes. Adding a feature means one line here. */
export const features: FastifyPluginAsync[] = [
  healthRoutes,
  userRoutes,
  catalogRoutes,
  imageRoutes,
  cartRoutes,
  shippingRoutes,
  orderRoutes,
  designRoutes,
  closetRoutes,
  feedRoutes,
  favoriteRoutes,
  searchRoutes,
];

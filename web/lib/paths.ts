import type { Slot } from '../../contracts/catalog';
import type { ApiPath } from './api-contracts';

/** A call's address: the route it belongs to (which types the call) and the URL to fetch. */
export interface ApiRoute<P extends ApiPath = ApiPath> {
  readonly path: P;
  readonly url: string;
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Params<P extends string> = [ParamNames<P>] extends [never]
  ? []
  : [params: Record<ParamNames<P>, string | number>];

/** The route of `path`, with its parameters filled in (each one URL-encoded). */
export function route<P extends ApiPath>(path: P, ...[params]: Params<P>): ApiRoute<P> {
  const values: Record<string, string | number> = params ?? {};
  const url = path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(values[name])),
  );
  return { path, url };
}

/**
 * Every API path the web app calls, each once, in one table: features build their calls from
 * here so a renamed route changes one line. What each method of a path takes and answers is in
 * `api-contracts.ts`.
 */
export const apiPaths = {
  user: {
    me: route('/api/user'),
    login: route('/api/user/login'),
    logout: route('/api/user/logout'),
    register: route('/api/user/register'),
    adminRegistration: route('/api/user/register/admin'),
  },
  occasions: route('/api/occasions'),
  item: {
    categories: route('/api/item/categories'),
    all: route('/api/item/all'),
    /** The product an item belongs to, with all its variants. */
    product: (itemId: number) => route('/api/item/:itemId/product', { itemId }),
  },
  design: {
    outfits: route('/api/design/outfits'),
    outfit: (id: number) => route('/api/design/outfits/:id', { id }),
    create: route('/api/design/outfit/create'),
    edit: (id: number) => route('/api/design/outfit/edit/:id', { id }),
    remove: (id: number) => route('/api/design/outfit/delete/:id', { id }),
    slot: (slot: Slot, outfitId: number) =>
      route('/api/design/:slot/:outfitId', { slot, outfitId }),
    substitutes: (itemId: number) => route('/api/design/substitutes/:itemId', { itemId }),
    items: route('/api/item/design'),
  },
  closet: {
    outfits: route('/api/closet/outfits'),
    outfit: (id: number) => route('/api/closet/outfits/:id', { id }),
    occasions: route('/api/closet/items/occasions'),
    occasion: (occasion: string) => route('/api/closet/items/occasions/:occasion', { occasion }),
    categories: route('/api/closet/items/category'),
    category: (category: string) => route('/api/closet/items/category/:category', { category }),
  },
  feed: {
    home: route('/api/outfit/home'),
    favorite: route('/api/outfit/favorite'),
    reject: route('/api/outfit/reject'),
    undo: route('/api/outfit/undo'),
    restorePassed: route('/api/outfit/rejected/reset'),
    /** Favorites and search unfavourite outfits through the feed's call too. */
    unfavorite: route('/api/outfit/search/unfavorite'),
    heartItem: route('/api/item/favorite'),
    unheartItem: (itemId: number, outfitId: number) =>
      route('/api/item/unfavorite/:itemId/:outfitId', { itemId, outfitId }),
  },
  cart: {
    cart: route('/api/cart'),
    outfit: route('/api/cart/outfit'),
    /** What Purchase Outfit offers: the pieces with their sizes. */
    look: (outfitId: number) => route('/api/cart/outfit/:outfitId', { outfitId }),
    /** PUT sets the quantity, PATCH the size or colour, DELETE takes the line out. */
    line: (itemId: number) => route('/api/cart/:itemId', { itemId }),
  },
  /** GET lists the orders, PUT checks out, DELETE empties the cart. */
  buy: route('/api/buy'),
  shipping: {
    list: route('/api/shipping'),
    address: (id: number) => route('/api/shipping/:id', { id }),
    preferred: (id: number) => route('/api/shipping/:id/preferred', { id }),
  },
  payments: {
    open: route('/api/payments'),
    approve: (id: string) => route('/api/payments/:id/approve', { id }),
    cancel: (id: string) => route('/api/payments/:id/cancel', { id }),
  },
  orders: {
    order: (number: string) => route('/api/buy/:number', { number }),
  },
  favorites: {
    outfits: route('/api/favorites/outfits'),
    occasions: route('/api/favorites/occasions'),
    categories: route('/api/favorites/categories'),
    occasion: (occasionId: number) => route('/api/favorites/outfits/:occasionId', { occasionId }),
    category: (category: string) => route('/api/favorites/items/:category', { category }),
    item: route('/api/favorites/specific/favorite/item'),
    sizes: route('/api/favorites/item/sizes'),
    colors: route('/api/favorites/item/colors'),
    increase: route('/api/favorites/items/increase'),
    decrease: (itemId: number, qty: number) =>
      route('/api/favorites/items/decrease/:itemId/:qty', { itemId, qty }),
    changeColor: route('/api/item/changecolor'),
    changeSize: route('/api/item/changesize'),
    searchOutfits: route('/api/favorites/search'),
    searchItems: route('/api/favorites/search/item'),
  },
  search: {
    items: route('/api/item/search'),
    outfits: route('/api/outfit/search'),
    heartItem: route('/api/item/search/favorite'),
    unheartItem: (itemId: number) => route('/api/item/search/unfavorite/:itemId', { itemId }),
  },
} as const;

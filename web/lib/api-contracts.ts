import type { z } from 'zod';
import {
  AddOutfitToCartBodySchema,
  AddToCartBodySchema,
  CartSchema,
  ChangeCartLineBodySchema,
  LookSchema,
  SetCartQuantityBodySchema,
} from '../../contracts/cart';
import { CategorySchema, ItemSchema, OccasionSchema, ProductSchema } from '../../contracts/catalog';
import {
  ClosetCategoryCountSchema,
  ClosetOccasionCountSchema,
  ClosetOccasionOutfitPageSchema,
  ClosetOutfitPageSchema,
  ClosetOutfitSchema,
  ClosetPiecePageSchema,
} from '../../contracts/closet';
import { ApiErrorSchema, OkSchema } from '../../contracts/common';
import {
  CreateOutfitBodySchema,
  DesignItemGroupSchema,
  DesignOutfitPageSchema,
  DesignOutfitSchema,
  EditOutfitBodySchema,
  SavedOutfitSchema,
  SubstitutesSchema,
} from '../../contracts/design';
import {
  CategoryCountSchema,
  ChangeColorBodySchema,
  ChangeSizeBodySchema,
  FavoriteItemPageSchema,
  FavoriteItemSchema,
  FavoriteOutfitPageSchema,
  HeartItemBodySchema,
  HeartResultSchema,
  IncreaseQuantityBodySchema,
  OccasionCountSchema,
  VariantOptionSchema,
} from '../../contracts/favorites';
import {
  FeedPageSchema,
  ItemHeartBodySchema,
  ItemHeartResultSchema,
  OutfitRefBodySchema,
  OutfitUnfavoriteResultSchema,
  PassedResetResultSchema,
  SwipeResultSchema,
  UndoResultSchema,
} from '../../contracts/feed';
import {
  CheckoutBodySchema,
  CheckoutResultSchema,
  OrderPageSchema,
  OrderSchema,
} from '../../contracts/order';
import { OutfitItemSchema, OutfitSchema } from '../../contracts/outfit';
import { CreatePaymentBodySchema, PaymentSessionSchema } from '../../contracts/payment';
import { ItemSearchPageSchema, OutfitSearchPageSchema } from '../../contracts/search';
import {
  AddressSchema,
  CreateAddressBodySchema,
  UpdateAddressBodySchema,
} from '../../contracts/shipping';
import {
  AdminRegistrationInfoSchema,
  LoginBodySchema,
  RegisterBodySchema,
  UserSchema,
} from '../../contracts/user';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What one method of a route takes (its JSON body, if any) and answers on success. */
export interface MethodContract {
  body?: z.ZodType;
  response: z.ZodType;
}

/**
 * Every route the web app calls, by path pattern (`:name` is a path parameter) and method, with
 * the contracts the server's routes declare. It types the API client's calls (`web/lib/paths.ts`
 * names the paths), and in development and tests every answer is checked against it. Production
 * builds never load it: the client imports it only behind `import.meta.env.DEV`.
 */
export const API_CONTRACTS = {
  // users
  '/api/user': { GET: { response: UserSchema } },
  '/api/user/login': { POST: { body: LoginBodySchema, response: UserSchema } },
  '/api/user/logout': { POST: { response: OkSchema } },
  '/api/user/register': { POST: { body: RegisterBodySchema, response: UserSchema } },
  '/api/user/register/admin': { GET: { response: AdminRegistrationInfoSchema } },
  // catalog
  '/api/occasions': { GET: { response: OccasionSchema.array() } },
  '/api/item/categories': { GET: { response: CategorySchema.array() } },
  '/api/item/all': { GET: { response: ItemSchema.array() } },
  '/api/item/:itemId/product': { GET: { response: ProductSchema } },
  // feed
  '/api/outfit/home': { GET: { response: FeedPageSchema } },
  '/api/outfit/favorite': { POST: { body: OutfitRefBodySchema, response: SwipeResultSchema } },
  '/api/outfit/reject': { POST: { body: OutfitRefBodySchema, response: SwipeResultSchema } },
  '/api/outfit/undo': { POST: { response: UndoResultSchema } },
  '/api/outfit/rejected/reset': { POST: { response: PassedResetResultSchema } },
  '/api/outfit/search/unfavorite': {
    POST: { body: OutfitRefBodySchema, response: OutfitUnfavoriteResultSchema },
  },
  '/api/item/favorite': { POST: { body: ItemHeartBodySchema, response: ItemHeartResultSchema } },
  '/api/item/unfavorite/:itemId/:outfitId': { DELETE: { response: ItemHeartResultSchema } },
  // cart
  '/api/cart': {
    GET: { response: CartSchema },
    POST: { body: AddToCartBodySchema, response: CartSchema },
  },
  '/api/cart/outfit': { POST: { body: AddOutfitToCartBodySchema, response: CartSchema } },
  '/api/cart/outfit/:outfitId': { GET: { response: LookSchema } },
  '/api/cart/:itemId': {
    PUT: { body: SetCartQuantityBodySchema, response: CartSchema },
    PATCH: { body: ChangeCartLineBodySchema, response: CartSchema },
    DELETE: { response: CartSchema },
  },
  // orders (DELETE empties the cart)
  '/api/buy': {
    GET: { response: OrderPageSchema },
    PUT: { body: CheckoutBodySchema, response: CheckoutResultSchema },
    DELETE: { response: CartSchema },
  },
  '/api/buy/:number': { GET: { response: OrderSchema } },
  '/api/payments': { POST: { body: CreatePaymentBodySchema, response: PaymentSessionSchema } },
  '/api/payments/:id/approve': { POST: { response: PaymentSessionSchema } },
  '/api/payments/:id/cancel': { POST: { response: PaymentSessionSchema } },
  // closet
  '/api/closet/outfits': { GET: { response: ClosetOutfitPageSchema } },
  '/api/closet/outfits/:id': { GET: { response: ClosetOutfitSchema } },
  '/api/closet/items/occasions': { GET: { response: ClosetOccasionCountSchema.array() } },
  '/api/closet/items/occasions/:occasion': { GET: { response: ClosetOccasionOutfitPageSchema } },
  '/api/closet/items/category': { GET: { response: ClosetCategoryCountSchema.array() } },
  '/api/closet/items/category/:category': { GET: { response: ClosetPiecePageSchema } },
  // design
  '/api/design/outfits': { GET: { response: DesignOutfitPageSchema } },
  '/api/design/outfits/:id': { GET: { response: DesignOutfitSchema } },
  '/api/design/outfit/create': { POST: { body: CreateOutfitBodySchema, response: OutfitSchema } },
  '/api/design/outfit/edit/:id': {
    PUT: { body: EditOutfitBodySchema, response: SavedOutfitSchema },
  },
  '/api/design/outfit/delete/:id': { DELETE: { response: OkSchema } },
  '/api/design/:slot/:outfitId': { GET: { response: OutfitItemSchema } },
  '/api/design/substitutes/:itemId': { GET: { response: SubstitutesSchema } },
  '/api/item/design': { GET: { response: DesignItemGroupSchema.array() } },
  // favorites
  '/api/favorites/outfits': { GET: { response: FavoriteOutfitPageSchema } },
  '/api/favorites/outfits/:occasionId': { GET: { response: FavoriteOutfitPageSchema } },
  '/api/favorites/occasions': { GET: { response: OccasionCountSchema.array() } },
  '/api/favorites/categories': { GET: { response: CategoryCountSchema.array() } },
  '/api/favorites/items/:category': { GET: { response: FavoriteItemPageSchema } },
  '/api/favorites/specific/favorite/item': { GET: { response: FavoriteItemSchema } },
  '/api/favorites/item/sizes': { GET: { response: VariantOptionSchema.array() } },
  '/api/favorites/item/colors': { GET: { response: VariantOptionSchema.array() } },
  '/api/favorites/items/increase': {
    POST: { body: IncreaseQuantityBodySchema, response: FavoriteItemSchema },
  },
  '/api/favorites/items/decrease/:itemId/:qty': { DELETE: { response: FavoriteItemSchema } },
  '/api/item/changecolor': { PUT: { body: ChangeColorBodySchema, response: FavoriteItemSchema } },
  '/api/item/changesize': { PUT: { body: ChangeSizeBodySchema, response: FavoriteItemSchema } },
  '/api/favorites/search': { GET: { response: FavoriteOutfitPageSchema } },
  '/api/favorites/search/item': { GET: { response: FavoriteItemPageSchema } },
  // search
  '/api/item/search': { GET: { response: ItemSearchPageSchema } },
  '/api/outfit/search': { GET: { response: OutfitSearchPageSchema } },
  '/api/item/search/favorite': { POST: { body: HeartItemBodySchema, response: HeartResultSchema } },
  '/api/item/search/unfavorite/:itemId': { DELETE: { response: HeartResultSchema } },
  // shipping
  '/api/shipping': {
    GET: { response: AddressSchema.array() },
    POST: { body: CreateAddressBodySchema, response: AddressSchema },
  },
  '/api/shipping/:id': {
    PUT: { body: UpdateAddressBodySchema, response: AddressSchema },
    DELETE: { response: OkSchema },
  },
  '/api/shipping/:id/preferred': { PUT: { response: AddressSchema } },
} satisfies Record<string, Partial<Record<Method, MethodContract>>>;

export type ApiContracts = typeof API_CONTRACTS;
export type ApiPath = keyof ApiContracts;

// Paths without parameters first, so a literal segment wins over a parameter.
const PATTERNS = (Object.keys(API_CONTRACTS) as ApiPath[])
  .map((path) => ({
    path,
    params: path.split(':').length,
    test: new RegExp(`^${path.replace(/:\w+/g, '[^/?]+')}(\\?.*)?$`),
  }))
  .sort((a, b) => a.params - b.params);

/** The route a URL the web app sent belongs to, for a method (tests see URLs, not routes). */
export function pathOf(method: string, url: string): ApiPath | undefined {
  return PATTERNS.find(({ path, test }) => method in API_CONTRACTS[path] && test.test(url))?.path;
}

function contractOf(method: string, path: ApiPath): MethodContract | undefined {
  return (API_CONTRACTS[path] as Partial<Record<string, MethodContract>>)[method];
}

/**
 * Why an answer does not fit its route's contract (errors are held to the API's error shape),
 * or null when it does.
 */
export function answerProblem(
  method: string,
  path: ApiPath,
  status: number,
  body: unknown,
): string | null {
  if (body === undefined) return null;
  const schema = status >= 400 ? ApiErrorSchema : contractOf(method, path)?.response;
  if (!schema) return `${method} ${path} has no contract in web/lib/api-contracts.ts`;
  const parsed = schema.safeParse(body);
  return parsed.success
    ? null
    : `${method} ${path} (${status}) does not match its contract: ${parsed.error.message}`;
}

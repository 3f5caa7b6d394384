import type { z } from 'zod';
import { CartSchema, LookSchema } from '../../contracts/cart';
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
  DesignItemGroupSchema,
  DesignOutfitPageSchema,
  SubstitutesSchema,
} from '../../contracts/design';
import {
  CategoryCountSchema,
  FavoriteItemPageSchema,
  FavoriteItemSchema,
  FavoriteOutfitPageSchema,
  HeartResultSchema,
  OccasionCountSchema,
  VariantOptionSchema,
} from '../../contracts/favorites';
import {
  FeedPageSchema,
  ItemHeartResultSchema,
  OutfitUnfavoriteResultSchema,
  PassedResetResultSchema,
  SwipeResultSchema,
  UndoResultSchema,
} from '../../contracts/feed';
import { CheckoutResultSchema, OrderPageSchema, OrderSchema } from '../../contracts/order';
import { OutfitItemSchema, OutfitSchema } from '../../contracts/outfit';
import { PaymentSessionSchema } from '../../contracts/payment';
import { ItemSearchPageSchema, OutfitSearchPageSchema } from '../../contracts/search';
import { AddressSchema } from '../../contracts/shipping';
import { AdminRegistrationInfoSchema, UserSchema } from '../../contracts/user';

type Schema = z.ZodType;

/**
 * What the server answers on success, by method and path, from the same contracts its routes
 * declare. A web test's fake answer goes through these, so a fixture that drifts from what the
 * API really sends fails the test instead of testing a screen against a shape that never comes.
 */
const RESPONSES: [method: string, path: RegExp, schema: Schema][] = [
  // feed
  ['GET', /^\/api\/outfit\/home(\?.*)?$/, FeedPageSchema],
  ['POST', /^\/api\/outfit\/(favorite|reject)$/, SwipeResultSchema],
  ['POST', /^\/api\/outfit\/undo$/, UndoResultSchema],
  ['POST', /^\/api\/outfit\/rejected\/reset$/, PassedResetResultSchema],
  ['POST', /^\/api\/outfit\/search\/unfavorite$/, OutfitUnfavoriteResultSchema],
  ['POST', /^\/api\/item\/favorite$/, ItemHeartResultSchema],
  ['DELETE', /^\/api\/item\/unfavorite\/\d+\/\d+$/, ItemHeartResultSchema],
  // cart
  ['GET', /^\/api\/cart$/, CartSchema],
  ['POST', /^\/api\/cart(\/outfit)?$/, CartSchema],
  ['GET', /^\/api\/cart\/outfit\/\d+$/, LookSchema],
  ['PUT', /^\/api\/cart\/\d+$/, CartSchema],
  ['PATCH', /^\/api\/cart\/\d+$/, CartSchema],
  ['DELETE', /^\/api\/cart\/\d+$/, CartSchema],
  ['DELETE', /^\/api\/buy$/, CartSchema],
  // catalog
  ['GET', /^\/api\/occasions$/, OccasionSchema.array()],
  ['GET', /^\/api\/item\/categories$/, CategorySchema.array()],
  ['GET', /^\/api\/item\/all(\?.*)?$/, ItemSchema.array()],
  ['GET', /^\/api\/item\/\d+\/product$/, ProductSchema],
  // closet
  ['GET', /^\/api\/closet\/outfits(\?.*)?$/, ClosetOutfitPageSchema],
  ['GET', /^\/api\/closet\/outfits\/\d+$/, ClosetOutfitSchema],
  ['GET', /^\/api\/closet\/items\/occasions$/, ClosetOccasionCountSchema.array()],
  ['GET', /^\/api\/closet\/items\/occasions\/[^/?]+(\?.*)?$/, ClosetOccasionOutfitPageSchema],
  ['GET', /^\/api\/closet\/items\/category$/, ClosetCategoryCountSchema.array()],
  ['GET', /^\/api\/closet\/items\/category\/[^/?]+(\?.*)?$/, ClosetPiecePageSchema],
  // design
  ['GET', /^\/api\/design\/outfits(\?.*)?$/, DesignOutfitPageSchema],
  ['POST', /^\/api\/design\/outfit\/create$/, OutfitSchema],
  ['PUT', /^\/api\/design\/outfit\/edit\/\d+$/, OutfitSchema],
  ['DELETE', /^\/api\/design\/outfit\/delete\/\d+$/, OkSchema],
  ['GET', /^\/api\/design\/(top|bottom|footwear|accessory|outerwear)\/\d+$/, OutfitItemSchema],
  ['GET', /^\/api\/design\/substitutes\/\d+$/, SubstitutesSchema],
  ['GET', /^\/api\/item\/design(\?.*)?$/, DesignItemGroupSchema.array()],
  // favorites
  ['GET', /^\/api\/favorites\/outfits(\/\d+)?(\?.*)?$/, FavoriteOutfitPageSchema],
  ['GET', /^\/api\/favorites\/occasions$/, OccasionCountSchema.array()],
  ['GET', /^\/api\/favorites\/categories$/, CategoryCountSchema.array()],
  ['GET', /^\/api\/favorites\/items\/[^/?]+(\?.*)?$/, FavoriteItemPageSchema],
  ['GET', /^\/api\/favorites\/specific\/favorite\/item(\?.*)?$/, FavoriteItemSchema],
  ['GET', /^\/api\/favorites\/item\/(sizes|colors)(\?.*)?$/, VariantOptionSchema.array()],
  ['POST', /^\/api\/favorites\/items\/increase$/, FavoriteItemSchema],
  ['DELETE', /^\/api\/favorites\/items\/decrease\/\d+\/\d+$/, FavoriteItemSchema],
  ['PUT', /^\/api\/item\/change(color|size)$/, FavoriteItemSchema],
  ['GET', /^\/api\/favorites\/search(\?.*)?$/, FavoriteOutfitPageSchema],
  ['GET', /^\/api\/favorites\/search\/item(\?.*)?$/, FavoriteItemPageSchema],
  // search
  ['GET', /^\/api\/item\/search(\?.*)?$/, ItemSearchPageSchema],
  ['GET', /^\/api\/outfit\/search(\?.*)?$/, OutfitSearchPageSchema],
  ['POST', /^\/api\/item\/search\/favorite$/, HeartResultSchema],
  ['DELETE', /^\/api\/item\/search\/unfavorite\/\d+$/, HeartResultSchema],
  // shipping
  ['GET', /^\/api\/shipping$/, AddressSchema.array()],
  ['POST', /^\/api\/shipping$/, AddressSchema],
  ['PUT', /^\/api\/shipping\/\d+(\/preferred)?$/, AddressSchema],
  ['DELETE', /^\/api\/shipping\/\d+$/, OkSchema],
  // payments and orders
  ['POST', /^\/api\/payments$/, PaymentSessionSchema],
  ['POST', /^\/api\/payments\/[^/]+\/(approve|cancel)$/, PaymentSessionSchema],
  ['PUT', /^\/api\/buy$/, CheckoutResultSchema],
  ['GET', /^\/api\/buy(\?.*)?$/, OrderPageSchema],
  ['GET', /^\/api\/buy\/[^/?]+$/, OrderSchema],
  // users
  ['GET', /^\/api\/user$/, UserSchema],
  ['POST', /^\/api\/user\/(login|register)$/, UserSchema],
  ['POST', /^\/api\/user\/logout$/, OkSchema],
  ['GET', /^\/api\/user\/register\/admin$/, AdminRegistrationInfoSchema],
];

/** A fixture parsed through its contract: what a test builds is what the API could send. */
export function fromContract<S extends Schema>(schema: S, value: z.input<S>): z.output<S> {
  return schema.parse(value);
}

/**
 * Checks a fake answer against the contract of its route (errors against the API's error
 * shape). Returns why it does not fit, or null when it does.
 */
export function contractProblem(
  method: string,
  url: string,
  status: number,
  body: unknown,
): string | null {
  if (body === undefined) return null;
  let schema: Schema | undefined;
  if (status >= 400) schema = ApiErrorSchema;
  else schema = RESPONSES.find(([m, path]) => m === method && path.test(url))?.[2];
  if (!schema) return `${method} ${url} has no contract in web/test/api-contracts.ts`;
  const parsed = schema.safeParse(body);
  return parsed.success
    ? null
    : `${method} ${url} (${status}) does not match its contract: ${parsed.error.message}`;
}

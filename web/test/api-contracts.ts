import type { z } from 'zod';
import { CartSchema } from '../../contracts/cart';
import { OccasionSchema } from '../../contracts/catalog';
import { ClosetOutfitPageSchema } from '../../contracts/closet';
import { ApiErrorSchema, OkSchema } from '../../contracts/common';
import { DesignItemGroupSchema } from '../../contracts/design';
import {
  FeedPageSchema,
  ItemHeartResultSchema,
  SwipeResultSchema,
  UndoResultSchema,
} from '../../contracts/feed';
import { OutfitSchema } from '../../contracts/outfit';
import { AddressSchema } from '../../contracts/shipping';
import { AdminRegistrationInfoSchema, UserSchema } from '../../contracts/user';

type Schema = z.ZodType;

/**
 * What the server answers on success, by method and path, from the same contracts its routes
 * declare. A web test's fake answer goes through these, so a fixture that drifts from what the
 * API really sends fails the test instead of testing a screen against a shape that never comes.
 */
const RESPONSES: [method: string, path: RegExp, schema: Schema][] = [
  ['GET', /^\/api\/outfit\/home(\?.*)?$/, FeedPageSchema],
  ['POST', /^\/api\/outfit\/(favorite|reject)$/, SwipeResultSchema],
  ['POST', /^\/api\/outfit\/undo$/, UndoResultSchema],
  ['POST', /^\/api\/item\/favorite$/, ItemHeartResultSchema],
  ['GET', /^\/api\/cart$/, CartSchema],
  ['POST', /^\/api\/cart(\/outfit)?$/, CartSchema],
  ['PUT', /^\/api\/cart\/\d+$/, CartSchema],
  ['DELETE', /^\/api\/cart(\/\d+)?$/, CartSchema],
  ['GET', /^\/api\/closet\/outfits\?/, ClosetOutfitPageSchema],
  ['GET', /^\/api\/occasions$/, OccasionSchema.array()],
  ['GET', /^\/api\/shipping$/, AddressSchema.array()],
  ['POST', /^\/api\/design\/outfit\/create$/, OutfitSchema],
  ['GET', /^\/api\/item\/design(\?.*)?$/, DesignItemGroupSchema.array()],
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

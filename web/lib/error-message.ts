import { ApiRequestError } from './api-client';

/** What to tell the shopper about a failed call: the server's own words, else `fallback`. */
export function messageOf(error: unknown, fallback = 'That did not work. Try again.'): string {
  return error instanceof ApiRequestError ? error.message : fallback;
}

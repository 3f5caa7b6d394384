import type { PassedResetResult } from '../../../../contracts/feed';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** Puts the outfits the shopper passed on back in their feed; liked ones stay out. */
export function restorePassed(): Promise<PassedResetResult> {
  return api.post(apiPaths.feed.restorePassed);
}

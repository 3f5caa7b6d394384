import type { SwipeDirection, SwipeResult } from '../../../../contracts/feed';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** Right swipe (like) favorites the outfit, left swipe (nope) rejects it. Safe to repeat. */
export function swipeOutfit(outfitId: number, direction: SwipeDirection): Promise<SwipeResult> {
  return api.post(direction === 'like' ? apiPaths.feed.favorite : apiPaths.feed.reject, {
    outfitId,
  });
}

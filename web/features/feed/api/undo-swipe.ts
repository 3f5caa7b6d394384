import type { UndoResult } from '../../../../contracts/feed';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** Takes back the shopper's latest acknowledged swipe; the outfit comes back to put on top. */
export function undoSwipe(): Promise<UndoResult> {
  return api.post(apiPaths.feed.undo);
}

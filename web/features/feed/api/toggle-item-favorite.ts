import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export interface ItemHeart {
  itemId: number;
  outfitId: number;
  favorite: boolean;
}

/** Hearts (favorite: true) or un-hearts a piece on an outfit card. */
export function toggleItemFavorite({ itemId, outfitId, favorite }: ItemHeart) {
  return favorite
    ? api.post(apiPaths.feed.heartItem, { itemId, outfitId })
    : api.delete(apiPaths.feed.unheartItem(itemId, outfitId));
}

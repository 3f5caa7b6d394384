import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ItemSearchPage, OutfitSearchPage } from '../../../../contracts/search';
import { searchKeys } from './keys';

/**
 * Shows a heart's new state in every loaded search page at once (before the server answers);
 * the caller puts it back if the server refuses.
 */
export function setItemFavorite(queryClient: QueryClient, itemId: number, favorite: boolean) {
  queryClient.setQueriesData<InfiniteData<ItemSearchPage>>(
    { queryKey: [...searchKeys.all, 'items'] },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((r) => (r.id === itemId ? { ...r, favorite } : r)),
        })),
      },
  );
}

export function setOutfitFavorite(queryClient: QueryClient, outfitId: number, favorite: boolean) {
  queryClient.setQueriesData<InfiniteData<OutfitSearchPage>>(
    { queryKey: [...searchKeys.all, 'outfits'] },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((r) => (r.id === outfitId ? { ...r, favorite } : r)),
        })),
      },
  );
}

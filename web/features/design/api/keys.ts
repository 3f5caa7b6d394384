import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { DesignOutfit, DesignOutfitPage } from '../../../../contracts/design';
import type { Outfit } from '../../../../contracts/outfit';

/** Query keys of the design area; mutations invalidate by these prefixes. */
export const designKeys = {
  all: ['design'] as const,
  outfits: () => ['design', 'outfits'] as const,
  items: () => ['design', 'items'] as const,
};

type OutfitLists = DesignOutfitPage | InfiniteData<DesignOutfitPage>;

/**
 * After an outfit is created, saved (`saved`) or deleted (`deleted`). The lists kept in the cache
 * take the change at once, so the picker never offers what the server no longer holds; they are
 * then fetched again behind the studio's message, not awaited, so the message does not wait on
 * them.
 */
export function refreshOutfitLists(
  queryClient: QueryClient,
  change: { saved: Outfit } | { deleted: number } | null,
): void {
  if (change) {
    const edit = (items: DesignOutfit[]) =>
      'deleted' in change
        ? items.filter((outfit) => outfit.id !== change.deleted)
        : items.map((outfit) =>
            outfit.id === change.saved.id ? { ...outfit, ...change.saved } : outfit,
          );
    queryClient.setQueriesData<OutfitLists>({ queryKey: designKeys.outfits() }, (data) => {
      if (!data) return data;
      if ('pages' in data) {
        return { ...data, pages: data.pages.map((page) => ({ ...page, items: edit(page.items) })) };
      }
      return { ...data, items: edit(data.items) };
    });
  }
  void queryClient.invalidateQueries({ queryKey: designKeys.outfits() });
}

import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the design area; mutations invalidate by these prefixes. */
export const designKeys = {
  all: ['design'] as const,
  outfits: () => ['design', 'outfits'] as const,
  items: () => ['design', 'items'] as const,
};

/**
 * After an outfit is created, saved or deleted. Not awaited: the studio confirms as soon as the
 * server has the change, and the lists refresh behind the message instead of holding it back.
 */
export function refreshOutfitLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: designKeys.outfits() });
}

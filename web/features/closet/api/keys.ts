import { CLOSET_KEY } from '../../../lib/query-keys';

/**
 * Query keys of the closet. Checkout fills the closet, so it invalidates `closetKeys.all`;
 * the closet's queries also refetch whenever a closet page opens (staleTime 0).
 */
export const closetKeys = {
  all: CLOSET_KEY,
  outfits: (q: string) => [...CLOSET_KEY, 'outfits', q] as const,
  outfit: (id: number) => [...CLOSET_KEY, 'outfit', id] as const,
  occasions: () => [...CLOSET_KEY, 'occasions'] as const,
  occasion: (name: string, q: string) =>
    [...CLOSET_KEY, 'occasion', name.toLowerCase(), q] as const,
  categories: () => [...CLOSET_KEY, 'categories'] as const,
  category: (name: string, q: string) =>
    [...CLOSET_KEY, 'category', name.toLowerCase(), q] as const,
};

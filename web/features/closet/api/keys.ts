/**
 * Query keys of the closet. Checkout fills the closet, so it invalidates `closetKeys.all`;
 * the closet's queries also refetch whenever a closet page opens (staleTime 0).
 */
export const closetKeys = {
  all: ['closet'] as const,
  outfits: (q: string) => ['closet', 'outfits', q] as const,
  outfit: (id: number) => ['closet', 'outfit', id] as const,
  occasions: () => ['closet', 'occasions'] as const,
  occasion: (name: string, q: string) => ['closet', 'occasion', name.toLowerCase(), q] as const,
  categories: () => ['closet', 'categories'] as const,
  category: (name: string, q: string) => ['closet', 'category', name.toLowerCase(), q] as const,
};

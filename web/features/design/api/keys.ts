/** Query keys of the design area; mutations invalidate by these prefixes. */
export const designKeys = {
  all: ['design'] as const,
  outfits: () => ['design', 'outfits'] as const,
  items: () => ['design', 'items'] as const,
};

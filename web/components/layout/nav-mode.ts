import { matchPath } from 'react-router';

/** Pages reached from another page: the top bar shows a back button instead of the menu. */
export const DETAIL_PATTERNS = [
  '/closet/:name/outfits',
  '/closet/outfits/detailsPage/:id',
  '/closet/categories/:name',
  '/favorites/outfits/:occasionId',
  '/favorites/outfits/:occasionId/:outfitId/:itemId',
  '/favorites/categories/:name',
] as const;

export type NavMode = 'top-level' | 'detail';

/** Matched on the real route pattern, so `/closet/Work/outfits` counts as a detail page. */
export function navModeFor(pathname: string): NavMode {
  return DETAIL_PATTERNS.some((pattern) => matchPath(pattern, pathname)) ? 'detail' : 'top-level';
}

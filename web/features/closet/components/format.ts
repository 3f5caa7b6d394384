const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "2026-03-01T09:00:00.000Z" → "Mar 1, 2026". */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : day.format(date);
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export { SLOT_LABEL } from '../../../lib/slot-label';

/** Where a closet occasion lives in the web app. */
export const occasionPath = (name: string) => `/closet/${encodeURIComponent(name)}/outfits`;
export const categoryPath = (name: string) => `/closet/categories/${encodeURIComponent(name)}`;
export const outfitPath = (id: number) => `/closet/outfits/detailsPage/${id}`;

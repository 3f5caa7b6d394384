/**
 * A sheet open over a page has a history entry of its own (the same address, marked in its
 * state), so that Back closes the sheet rather than leaving the page: on a phone, Back is the
 * natural way out of a sheet.
 */
const MARK = 'sheetOpen';

/** Whether this history entry is the one a sheet added. */
export function isSheetEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && MARK in state;
}

/** The page's own state, marked as a sheet's entry. */
export function withSheet(state: unknown): Record<string, unknown> {
  return { ...(typeof state === 'object' && state !== null ? state : {}), [MARK]: true };
}

/**
 * A positive whole number read from the address (a route parameter or a query value), or null
 * for anything else: missing, empty, a fraction, zero, negative, or too large to be exact.
 */
export function positiveId(text: string | null | undefined): number | null {
  if (text == null || text === '') return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

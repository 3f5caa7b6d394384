import { ApiRequestError } from './api-client';

/**
 * Splits a failed call into messages beside the form's own fields and one for the form as a
 * whole. The server's field messages are the contracts' sentences ("Password must be at least 8
 * characters"); a field the form does not show, or an error with no fields, goes to the form.
 */
export function splitFieldErrors<F extends string>(
  error: unknown,
  fieldNames: readonly F[],
  fallback: string,
): { fields: Partial<Record<F, string>>; message: string | null } {
  if (!(error instanceof ApiRequestError)) return { fields: {}, message: fallback };
  const known = new Set<string>(fieldNames);
  const fields: Partial<Record<F, string>> = {};
  let unplaced = false;
  for (const [key, text] of Object.entries(error.fields)) {
    if (known.has(key)) fields[key as F] = text;
    else unplaced = true;
  }
  if (Object.keys(fields).length === 0) return { fields, message: error.message || fallback };
  return { fields, message: unplaced ? error.message : null };
}

/** The first message per field from a failed zod parse of a form's values. */
export function issuesByField<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<F, string>> {
  const fields: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '') as F;
    fields[key] ??= issue.message;
  }
  return fields;
}

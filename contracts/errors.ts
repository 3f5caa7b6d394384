/**
 * The error body every failed call answers with, without any schema library: the web app reads
 * it on every request, and its first page should not carry a validator just for that.
 */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'misdirected',
  'conflict',
  /** Registration: the username belongs to another account (a 409 of its own, for the form). */
  'username_taken',
  /** Checkout: the payment was not approved at the provider, or was declined there (402). */
  'payment_required',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Field-level problems, keyed by the field's path (`zip`, `item_ids.2`). */
    fields?: Record<string, string> | undefined;
  };
}

const codes: ReadonlySet<string> = new Set(ERROR_CODES);

/** True when `data` is an error body as the server sends it. */
export function isApiErrorBody(data: unknown): data is ApiErrorBody {
  if (typeof data !== 'object' || data === null) return false;
  const error = (data as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, fields } = error as Record<string, unknown>;
  if (typeof code !== 'string' || !codes.has(code) || typeof message !== 'string') return false;
  if (fields === undefined) return true;
  return (
    typeof fields === 'object' &&
    fields !== null &&
    !Array.isArray(fields) &&
    Object.values(fields).every((v) => typeof v === 'string')
  );
}

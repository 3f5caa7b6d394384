/**
 * 1999 → "$19.99", 123456789 → "$1,234,567.89", -500 → "-$5.00": the only way money becomes
 * text, on the server and in the browser. Written out rather than with `Intl.NumberFormat`,
 * whose `format` cost about a microsecond a call, a cart page's dozens of prices on every
 * request. A fraction of a cent is rounded half away from zero.
 */
export function formatCents(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = whole % 100;
  return `${cents < 0 && whole > 0 ? '-' : ''}$${dollars}.${rest < 10 ? '0' : ''}${rest}`;
}

export const SHIPPING_FEE_CENTS = 1999;
export const MAX_QUANTITY = 9;

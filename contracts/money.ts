const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 1999 → "$19.99"; the only way money becomes text, on the server and in the browser. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

export const SHIPPING_FEE_CENTS = 1999;
export const MAX_QUANTITY = 9;

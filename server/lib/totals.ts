import { SHIPPING_FEE_CENTS } from '../../contracts/money';

export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
}

export interface Totals {
  units: number;
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
}

/**
 * The one place a cart or an order is summed: integer cents throughout, flat shipping while
 * there is anything to ship.
 */
export function computeTotals(lines: readonly PricedLine[]): Totals {
  let units = 0;
  let subtotalCents = 0;
  for (const line of lines) {
    units += line.quantity;
    subtotalCents += line.unitPriceCents * line.quantity;
  }
  const shippingCents = units > 0 ? SHIPPING_FEE_CENTS : 0;
  return { units, subtotalCents, shippingCents, totalCents: subtotalCents + shippingCents };
}

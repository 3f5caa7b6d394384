import { describe, expect, it } from 'vitest';
import { SHIPPING_FEE_CENTS } from '../../contracts/money';
import { computeTotals } from './totals';

const line = (unitPriceCents: number, quantity: number) => ({ unitPriceCents, quantity });

describe('computeTotals', () => {
  it('charges no shipping on an empty cart', () => {
    expect(computeTotals([])).toEqual({
      units: 0,
      subtotalCents: 0,
      shippingCents: 0,
      totalCents: 0,
    });
  });

  it('charges the flat $19.99 from the first unit', () => {
    expect(SHIPPING_FEE_CENTS).toBe(1999);
    expect(computeTotals([line(1250, 1)])).toEqual({
      units: 1,
      subtotalCents: 1250,
      shippingCents: 1999,
      totalCents: 3249,
    });
  });

  it('charges the same $19.99 for two units, on one line or two', () => {
    const expected = { units: 2, subtotalCents: 2500, shippingCents: 1999, totalCents: 4499 };
    expect(computeTotals([line(1250, 2)])).toEqual(expected);
    expect(computeTotals([line(1000, 1), line(1500, 1)])).toEqual(expected);
  });

  // DESIGN.md: shipping is flat while the cart has anything; there is no free-shipping threshold,
  // so a cart of many units or of thousands of dollars still pays the same fee.
  it('has no free-shipping threshold: a large cart pays the same flat fee', () => {
    expect(computeTotals([line(100_000, 9), line(99_999, 9), line(1, 9)])).toEqual({
      units: 27,
      subtotalCents: 1_799_991 + 9,
      shippingCents: 1999,
      totalCents: 1_799_991 + 9 + 1999,
    });
  });

  it('sums lines to the cent, a cent at a time', () => {
    expect(computeTotals([line(1, 1)]).totalCents).toBe(2000);
    expect(computeTotals([line(1, 2)]).totalCents).toBe(2001);
    expect(computeTotals([line(0, 1)])).toMatchObject({ units: 1, shippingCents: 1999 });
  });
});

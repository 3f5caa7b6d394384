import { describe, expect, it } from 'vitest';
import { formatCents } from './money';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatCents', () => {
  it('writes dollars and cents with thousands separators', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(1999)).toBe('$19.99');
    expect(formatCents(100000)).toBe('$1,000.00');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-500)).toBe('-$5.00');
  });

  it('writes every whole number of cents as the browser’s currency format does', () => {
    const samples = [
      ...Array.from({ length: 20_001 }, (_, i) => i - 10_000),
      ...Array.from({ length: 2_000 }, (_, i) => Math.round(1.37 ** (i % 60)) * (i % 2 ? -1 : 1)),
      99_999_999_999,
    ];
    for (const cents of samples) expect(formatCents(cents)).toBe(usd.format(cents / 100));
  });
});

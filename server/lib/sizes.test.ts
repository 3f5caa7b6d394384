import { describe, expect, it } from 'vitest';
import { compareSizes } from './sizes';

const sorted = (sizes: string[]) => [...sizes].sort(compareSizes);

describe('compareSizes', () => {
  it('orders letter sizes from the smallest, XXS included, to XXL', () => {
    expect(sorted(['XXL', 'M', 'XS', 'XL', 'XXS', 'L', 'S'])).toEqual([
      'XXS',
      'XS',
      'S',
      'M',
      'L',
      'XL',
      'XXL',
    ]);
    expect(compareSizes('xxs', 'XS')).toBeLessThan(0);
  });

  it('orders numbers by value, not as text, after the letters', () => {
    expect(sorted(['EU 40', '28', 'EU 38.5', '6', 'M', '26'])).toEqual([
      'M',
      '6',
      '26',
      '28',
      'EU 38.5',
      'EU 40',
    ]);
  });

  it('puts anything else last, alphabetically, and a size equal to itself', () => {
    expect(sorted(['One size', '30', 'Adjustable', 'XS'])).toEqual([
      'XS',
      '30',
      'Adjustable',
      'One size',
    ]);
    expect(compareSizes('M', 'M')).toBe(0);
    expect(compareSizes('One size', 'One size')).toBe(0);
  });
});

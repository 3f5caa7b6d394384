import { describe, expect, it } from 'vitest';
import { withoutWords } from './understood-chips';

describe('withoutWords', () => {
  it('takes out the words a chip stands for, as typed', () => {
    expect(withoutWords('Black  boots', 'black')).toBe('boots');
    expect(withoutWords('white T-shirt', 'tshirt')).toBe('white');
    expect(withoutWords('jeans size 32', 'size 32')).toBe('jeans');
  });

  it('takes out a token made only of the chip’s words, whatever joins them', () => {
    expect(withoutWords('EU-40 boots', 'eu 40')).toBe('boots');
    expect(withoutWords('shirt size:M', 'size m')).toBe('shirt');
    expect(withoutWords('jeans 32/32', '32')).toBe('jeans');
    // A token with another word in it stays.
    expect(withoutWords('EU-40-ish boots', 'eu 40')).toBe('EU-40-ish boots');
  });
});

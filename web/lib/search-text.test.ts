import { describe, expect, it } from 'vitest';
import { normaliseQuery } from './search-text';

describe('normaliseQuery', () => {
  it('trims, lower-cases and folds runs of white space into one space', () => {
    expect(normaliseQuery('  Red \t Wool\n  Coat ')).toBe('red wool coat');
    expect(normaliseQuery('Date Night')).toBe('date night');
  });

  it('leaves nothing of a blank search', () => {
    expect(normaliseQuery('')).toBe('');
    expect(normaliseQuery(' \t\n ')).toBe('');
  });

  it('keeps the characters a search matches literally', () => {
    expect(normaliseQuery("50% off_the rack's")).toBe("50% off_the rack's");
  });
});

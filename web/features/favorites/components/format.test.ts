import { describe, expect, it } from 'vitest';
import { originOf } from './format';

describe('originOf', () => {
  it('tells a piece a liked look brought from one hearted on a look or on its own', () => {
    expect(originOf({ outfitName: 'Gallery Opening', source: 'outfit' })).toBe(
      'From “Gallery Opening”',
    );
    // Hearted on the look's card: it stays when the look is unliked, so "From" would mislead.
    expect(originOf({ outfitName: 'Gallery Opening', source: 'heart' })).toBe(
      'Hearted on “Gallery Opening”',
    );
    expect(originOf({ outfitName: null, source: 'heart' })).toBe('Hearted on its own');
  });
});

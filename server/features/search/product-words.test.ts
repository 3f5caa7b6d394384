import { describe, expect, it } from 'vitest';
import { productWords } from './search.repository';
import { type Lexicon, understand } from './understand';

const lexicon: Lexicon = {
  words: ['blazer', 'heather', 'jacket', 'leather', 'linen', 'oxford', 'wool'],
  sellers: ['Corvo Calzature'],
  colours: ['Black', 'Heather Grey', 'Sky-Blue'],
};
const told = (q: string) =>
  understand(q, lexicon).concepts.map((c) => productWords(c, lexicon.colours));

describe('productWords (what a product’s words can tell of a concept)', () => {
  it('asks a plain word by its start, and a brand by its seller’s word', () => {
    expect(told('linen oxford')).toEqual(["('linen':*)", "('oxford':*)"]);
    expect(told('corvo')).toEqual(["('corvo':*)"]);
  });

  it('asks a garment or category by its words and by the product’s own tokens', () => {
    const [jacket] = told('jacket');
    expect(jacket).toMatch(/'jacket':\*/);
    expect(jacket).toMatch(/'_c\d+'|'_g[a-z-]+'/);
  });

  it('leaves to the pieces what a colour may hold: a colour, or a word of one of the shop’s colours', () => {
    expect(told('black linen')).toEqual([null, "('linen':*)"]);
    expect(told('heather')).toEqual([null]);
    // "sky" starts a word of "Sky-Blue", wherever the database splits it.
    expect(told('sky')).toEqual([null]);
  });

  it('leaves out what its words cannot hold: text typed literally, or not a plain word', () => {
    expect(told('100%')).toEqual([null]);
    expect(told('шарф')).toEqual([null]);
  });
});

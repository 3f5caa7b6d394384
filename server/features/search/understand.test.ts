import { describe, expect, it } from 'vitest';
import { NEAREST_SOLD, SHOP_WORDS } from './shop-words';
import {
  type Lexicon,
  singulars,
  suggestionsFor,
  understand,
  understoodOf,
  wordsOf,
} from './understand';

const lexicon: Lexicon = {
  words: ['blazer', 'boot', 'chelsea', 'jacket', 'leather', 'linen', 'navy', 'tapered', 'wool'],
  sellers: ['Corvo Calzature', 'Tidewater Denim'],
  colours: ['Black', 'Navy'],
};
const read = (q: string) => understand(q, lexicon).concepts;

describe('wordsOf', () => {
  it('lower-cases, splits on spaces and hyphens, and keeps a t-shirt one word', () => {
    expect(wordsOf('  Navy   Camp-Collar ')).toEqual(['navy', 'camp', 'collar']);
    expect(wordsOf('T-Shirt')).toEqual(['tshirt']);
    expect(wordsOf('t shirt')).toEqual(['tshirt']);
    expect(wordsOf('100%')).toEqual(['100%']);
    expect(wordsOf('a b c d e f g')).toHaveLength(6);
  });
});

describe('singulars', () => {
  it('reads regular and irregular plurals', () => {
    expect(singulars('boots')).toContain('boot');
    expect(singulars('dresses')).toContain('dress');
    expect(singulars('scarves')).toContain('scarf');
    expect(singulars('hoodies')).toContain('hoodie');
    expect(singulars('dress')).toEqual(['dress']);
  });
});

describe('understand', () => {
  it('reads colours, garments, pairs and brands', () => {
    const [black, boots] = read('black boots');
    expect(black).toMatchObject({ kind: 'colour', colours: ['Black'] });
    expect(boots).toMatchObject({ kind: 'category', garments: ['boot'], label: 'Boots' });
    expect(read('leather jackets')).toMatchObject([
      { kind: 'category', garments: ['leather-jacket'], words: 'leather jackets' },
    ]);
    expect(read('trainers')[0]).toMatchObject({ garments: ['sneaker'] });
    expect(read('jumper')[0]).toMatchObject({ garments: ['sweater'] });
    expect(read('trackies')[0]).toMatchObject({ garments: ['joggers'], label: 'Joggers' });
    expect(read('bomber jackets')).toMatchObject([{ label: 'Jackets', words: 'bomber jackets' }]);
    expect(read('corvo')[0]).toMatchObject({ kind: 'brand', label: 'Corvo Calzature' });
  });

  it('reads the last word as the start of a word still being typed', () => {
    expect(read('blaz')[0]).toMatchObject({ garments: ['blazer'] });
    expect(read('chel')[0]).toMatchObject({ kind: 'text', forms: ['chel'] });
  });

  it('reads a typo as the closest words, scaled by the length of the word', () => {
    expect(read('jakcet')[0]).toMatchObject({
      corrected: true,
      garments: expect.arrayContaining(['blazer']),
    });
    expect(read('wolo')[0]).toMatchObject({ corrected: true, forms: ['wool'] });
    expect(read('chelsae')[0]).toMatchObject({ corrected: true, forms: ['chelsea'] });
    // Two edits from eight letters on; never for three letters.
    expect(read('leatherrr')[0]).toMatchObject({ corrected: true, forms: ['leather'] });
    expect(read('lether')[0]).toMatchObject({ corrected: true, forms: ['leather'] });
    expect(read('wol')[0]).toMatchObject({ corrected: false, forms: ['wol'] });
  });

  it('passes over words that join or point, and never reads a typo as one', () => {
    const withStops: Lexicon = { ...lexicon, words: [...lexicon.words, 'and', 'for'] };
    const concepts = understand('leather jacket and the boots', withStops).concepts;
    expect(concepts.map((c) => c.words)).toEqual(['leather jacket', 'boots']);
    expect(understand('and the', withStops).concepts).toEqual([]);
    // The lexicon the server reads leaves them out, so "anda" is not read as "and".
    expect(read('anda')[0]).toMatchObject({ corrected: false, forms: ['anda'] });
  });

  it('looks inside words only when no word starts with it and nothing is near', () => {
    expect(read('aper')[0]).toMatchObject({ kind: 'text', forms: ['tapered'] });
    expect(read('ape')[0]).toMatchObject({ forms: ['ape'] });
  });

  it('says what it understood, for chips', () => {
    expect(understoodOf(understand('navy blazer wool', lexicon))).toEqual([
      { words: 'navy', kind: 'colour', label: 'Navy' },
      { words: 'blazer', kind: 'category', label: 'Blazers' },
    ]);
    expect(understoodOf(understand('wolo', lexicon))).toEqual([
      { words: 'wolo', kind: 'spelling', label: 'wool' },
    ]);
  });
});

describe('sizes', () => {
  const size = (q: string) => read(q).find((c) => c.kind === 'size');

  it('reads a size announced, marked or alone, in the spellings the shop uses', () => {
    expect(size('blazer size m')).toMatchObject({ words: 'size m', label: 'M', sizes: ['M'] });
    expect(size('sz xl')?.sizes).toEqual(['XL']);
    expect(size('boots eu 40')).toMatchObject({ words: 'eu 40', label: 'EU 40', sizes: ['EU 40'] });
    expect(size('jeans 32')).toMatchObject({ words: '32', label: '32' });
    expect(size('jeans 32')?.sizes).toEqual(['32', 'EU 32', 'UK 32', 'US 32']);
    expect(size('xxl')?.sizes).toEqual(['XXL']);
    expect(read('blazer size m').map((c) => c.kind)).toEqual(['category', 'size']);
  });

  it('leaves small numbers and the word size alone to the other readings', () => {
    // "3" is a word of the shop's names ("Edition 3"), not a size unless announced.
    expect(size('edition 3')).toBeUndefined();
    expect(size('size 8')?.sizes).toContain('8');
    // "size" with nothing after it is not read as "side".
    expect(read('boots size')).toEqual([expect.objectContaining({ kind: 'category' })]);
    expect(size('size linen')).toBeUndefined();
    expect(read('size linen')).toEqual([
      expect.objectContaining({ kind: 'text', forms: ['linen'] }),
    ]);
  });

  it('reads a number alone as a size from 20 to 59 only, and any after a size word or a system', () => {
    expect([19, 20, 59, 60].map((n) => size(`jeans ${n}`)?.label)).toEqual([
      undefined,
      '20',
      '59',
      undefined,
    ]);
    expect(size('size 60')?.sizes).toContain('60');
    expect(size('boots eu40')).toMatchObject({ label: 'EU 40', sizes: ['EU 40'] });
    expect(size('scarf one size')).toMatchObject({ words: 'one size', sizes: ['One Size'] });
    expect(size('blazer size medium')?.sizes).toEqual(['M']);
    // "medium" alone is a word to look for ("medium wash").
    expect(size('medium wash')).toBeUndefined();
  });

  it('passes over a system or a size word with no size, wherever it stands', () => {
    expect(read('boots 40 eu').map((c) => c.kind)).toEqual(['category', 'size']);
    expect(read('boots size eu').map((c) => c.kind)).toEqual(['category']);
    expect(read('eu m').map((c) => c.sizes)).toEqual([['M']]);
    // Several sizes: each a concept (item search keeps pieces made in any of them).
    expect(read('jeans 32 34').filter((c) => c.kind === 'size')).toHaveLength(2);
  });

  it('shows a size as a chip', () => {
    expect(understoodOf(understand('navy blazer in m', lexicon))).toContainEqual({
      words: 'm',
      kind: 'size',
      label: 'M',
    });
  });
});

describe('NEAREST_SOLD', () => {
  it('names garments the shop does not sell, each to a garment it does', () => {
    for (const [unsold, nearest] of NEAREST_SOLD) {
      expect(SHOP_WORDS.has(unsold), unsold).toBe(false);
      expect(SHOP_WORDS.get(nearest)?.kind, nearest).toBe('category');
    }
  });
});

/** The best suggestion, as a search that finds nothing would offer it first. */
const suggestionFor = (q: string, understanding: ReturnType<typeof understand>, shop: Lexicon) =>
  suggestionsFor(q, understanding, shop)[0] ?? null;

describe('suggestionsFor', () => {
  it('offers the closest words for words the shop does not have', () => {
    const q = 'blazzzzer';
    expect(suggestionFor(q, understand(q, lexicon), lexicon)).toBe('blazer');
  });

  it('offers the garment alone when known words find nothing together', () => {
    const q = 'burgundy blazer';
    expect(suggestionFor(q, understand(q, lexicon), lexicon)).toBe('blazer');
  });

  it('offers only words close for their length: a third of the word may differ', () => {
    const shop: Lexicon = { ...lexicon, words: [...lexicon.words, 'grey', 'mills', 'raincoat'] };
    const suggested = (q: string) => suggestionFor(q, understand(q, shop), shop);
    expect(suggested('tights')).toBeNull();
    expect(suggested('jakkett')).toBe('jacket');
  });

  it('offers the nearest garment the shop sells for one it does not, never a look-alike word', () => {
    const shop: Lexicon = { ...lexicon, words: [...lexicon.words, 'grey', 'mills', 'raincoat'] };
    const suggested = (q: string) => suggestionFor(q, understand(q, shop), shop);
    expect(suggested('cardigan')).toBe('sweaters');
    expect(suggested('black cardigans')).toBe('black sweaters');
    // Should black sweaters find nothing, the garment alone comes next.
    expect(suggestionsFor('black cardigans', understand('black cardigans', shop), shop)).toEqual([
      'black sweaters',
      'sweaters',
      'black',
    ]);
    expect(suggested('gilet')).toBe('puffers');
    expect(suggested('mules')).toBe('loafers');
    // Not "raincoat", three letters away.
    expect(suggested('waistcoat')).toBe('blazers');
  });

  it('drops a size before any word, and never offers a size alone', () => {
    const suggested = (q: string) => suggestionsFor(q, understand(q, lexicon), lexicon);
    expect(suggested('32 linen')).toEqual(['linen']);
    expect(suggested('size m')).toEqual([]);
  });

  it('drops no word to make a suggestion', () => {
    const shop: Lexicon = { ...lexicon, words: [...lexicon.words, 'summit'] };
    const suggested = (q: string) => suggestionFor(q, understand(q, shop), shop);
    // Too far from "summit" to be read as it, near enough to offer it; "zzyzx" is near nothing.
    expect(suggested('summmmmit')).toBe('summit');
    expect(suggested('summmmmit zzyzx')).toBeNull();
  });

  it('offers nothing when there is nothing closer', () => {
    const q = 'blazer';
    expect(suggestionFor(q, understand(q, lexicon), lexicon)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { editDistance, likePattern, preparable, searchWords, withinOneEdit } from './text-search';

describe('searchWords', () => {
  it('lower-cases, splits on any spaces and keeps distinct words', () => {
    expect(searchWords('  Navy   JACKET\tnavy ')).toEqual(['navy', 'jacket']);
    expect(searchWords('   ')).toEqual([]);
  });

  it('keeps six words and drops the seventh', () => {
    expect(searchWords('a b c d e f')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(searchWords('a b c d e f g')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
});

describe('preparable', () => {
  it('prepares a search only when no word has typo alternatives', () => {
    expect(preparable([{ term: 'linen', alternatives: [] }])).toBe(true);
    expect(preparable([])).toBe(true);
    expect(
      preparable([
        { term: 'linen', alternatives: [] },
        { term: 'blaser', alternatives: ['blazer'] },
      ]),
    ).toBe(false);
  });
});

describe('likePattern', () => {
  it('escapes %, _ and backslash so they match themselves', () => {
    expect(likePattern('100%')).toBe('%100\\%%');
    expect(likePattern('a_b')).toBe('%a\\_b%');
    expect(likePattern('a\\b')).toBe('%a\\\\b%');
    expect(likePattern('coat')).toBe('%coat%');
  });
});

describe('withinOneEdit', () => {
  it('takes one letter wrong, missing, extra or two swapped', () => {
    expect(withinOneEdit('jacket', 'jacket')).toBe(true);
    expect(withinOneEdit('jacken', 'jacket')).toBe(true);
    expect(withinOneEdit('jaket', 'jacket')).toBe(true);
    expect(withinOneEdit('jacket', 'jaket')).toBe(true);
    expect(withinOneEdit('jackett', 'jacket')).toBe(true);
    expect(withinOneEdit('jakcet', 'jacket')).toBe(true);
    expect(withinOneEdit('ajcket', 'jacket')).toBe(true);
    expect(withinOneEdit('jacekt', 'jacket')).toBe(true);
  });

  it('refuses two edits, including two letters missing or added', () => {
    expect(withinOneEdit('jakt', 'jacket')).toBe(false);
    expect(withinOneEdit('jacket', 'jackets!')).toBe(false);
    expect(withinOneEdit('jacket', 'jxcxet')).toBe(false);
    expect(withinOneEdit('jkacte', 'jacket')).toBe(false);
    expect(withinOneEdit('jaket', 'jackey')).toBe(false);
  });
});

describe('editDistance', () => {
  it('counts edits, a swap as one, and stops past the most asked for', () => {
    expect(editDistance('blazer', 'blazer', 2)).toBe(0);
    expect(editDistance('blazr', 'blazer', 2)).toBe(1);
    expect(editDistance('balzer', 'blazer', 2)).toBe(1);
    expect(editDistance('blazzzer', 'blazer', 2)).toBe(2);
    expect(editDistance('blazzzzer', 'blazer', 2)).toBe(3);
    expect(editDistance('sneakres', 'sneakers', 1)).toBe(1);
    expect(editDistance('boots', 'trench', 1)).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { groupBy } from './group-by';

describe('groupBy', () => {
  it('keeps each group in the items’ order and the keys in order of first sight', () => {
    const grouped = groupBy(['bb', 'a', 'cc', 'b', 'aaa'], (s) => s[0]);
    expect([...grouped]).toEqual([
      ['b', ['bb', 'b']],
      ['a', ['a', 'aaa']],
      ['c', ['cc']],
    ]);
    expect(groupBy([], (s: string) => s).size).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { positiveId } from './positive-id';

describe('positiveId', () => {
  it('reads a positive whole number', () => {
    expect(positiveId('7')).toBe(7);
    expect(positiveId('120')).toBe(120);
  });

  it('refuses anything that is not an id', () => {
    for (const text of [
      null,
      undefined,
      '',
      ' ',
      '0',
      '-3',
      '2.5',
      'abc',
      '1e400',
      '9007199254740993',
    ]) {
      expect(positiveId(text), String(text)).toBeNull();
    }
  });
});

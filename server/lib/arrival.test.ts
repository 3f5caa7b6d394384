import { describe, expect, it } from 'vitest';
import { arrivalWindow, formatArrivalRange, storedArrival } from './arrival';

const at = (iso: string) => new Date(`${iso}T15:00:00Z`);

describe('arrivalWindow', () => {
  it('is 3 to 5 business days after a Monday order', () => {
    // Monday 16 Nov 2026 → Thursday 19 to Monday 23 (the weekend does not count).
    expect(arrivalWindow(at('2026-11-16'))).toEqual({
      from: '2026-11-19',
      to: '2026-11-23',
      text: 'Arrives: Nov 19-23',
    });
  });

  it('skips the weekend for a Friday or Saturday order', () => {
    expect(arrivalWindow(at('2026-11-13')).text).toBe('Arrives: Nov 18-20');
    expect(arrivalWindow(at('2026-11-14')).text).toBe('Arrives: Nov 18-20');
    expect(arrivalWindow(at('2026-11-15')).text).toBe('Arrives: Nov 18-20');
  });

  it('names both months when the window spans two', () => {
    // Tuesday 24 Nov 2026 → Friday 27 Nov to Tuesday 1 Dec.
    expect(arrivalWindow(at('2026-11-24')).text).toBe('Arrives: Nov 27-Dec 1');
    expect(arrivalWindow(at('2026-12-28')).text).toBe('Arrives: Dec 31-Jan 4');
  });

  it('formats a stored window the same way', () => {
    expect(storedArrival('2026-11-21', '2026-11-23').text).toBe('Arrives: Nov 21-23');
    expect(storedArrival('2026-11-28', '2026-12-02').text).toBe('Arrives: Nov 28-Dec 2');
    expect(
      formatArrivalRange(new Date('2026-03-05T00:00:00Z'), new Date('2026-03-05T00:00:00Z')),
    ).toBe('Mar 5');
  });
});

import { describe, expect, it } from 'vitest';
import { offlineLine } from './status';

const status = (pending: number, swipes = pending, retrying = pending > 0) => ({
  pending,
  swipes,
  retrying,
});

describe('offlineLine', () => {
  it('says the app is offline, and how many swipes wait', () => {
    expect(offlineLine(false, status(0))).toBe('Offline · swipes will be saved when you reconnect');
    expect(offlineLine(false, status(1))).toBe(
      'Offline · 1 swipe will be saved when you reconnect',
    );
    expect(offlineLine(false, status(3))).toBe(
      'Offline · 3 swipes will be saved when you reconnect',
    );
    // Hearts and undos among them: changes.
    expect(offlineLine(false, status(3, 2))).toBe(
      'Offline · 3 changes will be saved when you reconnect',
    );
    expect(offlineLine(false, status(1, 0))).toBe(
      'Offline · 1 change will be saved when you reconnect',
    );
  });

  it('says the server cannot be reached while changes wait online, and nothing otherwise', () => {
    expect(offlineLine(true, status(2))).toBe(
      'Drape cannot be reached · 2 swipes will be saved when it answers',
    );
    expect(offlineLine(true, status(0))).toBeUndefined();
    expect(offlineLine(true, status(2, 2, false))).toBeUndefined();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { afterCheckoutError, checkoutKey, forgetCheckoutKey } from './checkout';

afterEach(() => forgetCheckoutKey());

describe('the checkout key', () => {
  it('stays the same across attempts until it is forgotten', () => {
    const first = checkoutKey();
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(checkoutKey()).toBe(first);
    forgetCheckoutKey();
    expect(checkoutKey()).not.toBe(first);
  });

  it.each([
    [409, 'conflict', 'X is sold out. Your payment was returned.'],
    [402, 'payment_required', 'The payment was declined'],
    [404, 'not_found', 'That address does not exist.'],
  ] as const)('is replaced after a final answer (%i)', (status, code, message) => {
    const first = checkoutKey();
    afterCheckoutError(new ApiRequestError(status, code, message));
    expect(checkoutKey()).not.toBe(first);
  });

  it.each([
    [0, 'network', 'The network is unreachable'],
    [503, 'unavailable', 'Try again shortly'],
    [500, 'internal', 'Something went wrong'],
  ] as const)('is kept for the retry when the outcome is unknown (%i)', (status, code, message) => {
    const first = checkoutKey();
    afterCheckoutError(new ApiRequestError(status, code, message));
    afterCheckoutError(new TypeError('Failed to fetch'));
    expect(checkoutKey()).toBe(first);
  });
});

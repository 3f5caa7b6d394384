import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutBody, CheckoutResult } from '../../../../contracts/order';
import { ApiRequestError, api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { CART_KEY, CLOSET_KEY } from '../../../lib/query-keys';
import { ORDERS_KEY, orderKey } from './keys';

const STORAGE_KEY = 'drape.checkout-key';

function randomKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * One idempotency key per checkout attempt, kept in sessionStorage until an order is placed:
 * a double click, a retry after a lost response or a reload mid-payment all send the same key,
 * so the server makes at most one order of them.
 */
export function checkoutKey(): string {
  try {
    const existing = sessionStorage.getItem(STORAGE_KEY);
    if (existing && /^[A-Za-z0-9_-]{8,100}$/.test(existing)) return existing;
    const fresh = randomKey();
    sessionStorage.setItem(STORAGE_KEY, fresh);
    return fresh;
  } catch {
    return randomKey();
  }
}

export function forgetCheckoutKey(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage unavailable: nothing was kept
  }
}

/**
 * After a failed checkout: a 4xx is the server's final word (no order was placed, and a payment
 * already taken was or is being returned), so the next attempt is a new checkout with a new key;
 * reusing the old one would ask the payment provider for the charge it already returned. A lost answer or a
 * server error leaves the outcome unknown, so the key stays for the retry.
 */
export function afterCheckoutError(error: unknown): void {
  if (checkoutSettled(error)) forgetCheckoutKey();
}

/** Whether a failed checkout's answer was final (a 4xx): it says what became of the payment. */
export function checkoutSettled(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
}

export function checkout(body: CheckoutBody): Promise<CheckoutResult> {
  return api.put(apiPaths.buy, body);
}

export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CheckoutBody, 'idempotencyKey'>) =>
      checkout({ ...body, idempotencyKey: checkoutKey() }),
    onSuccess: (order) => {
      forgetCheckoutKey();
      queryClient.setQueryData(orderKey(order.number), order);
      void queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
      void queryClient.invalidateQueries({ queryKey: CLOSET_KEY });
    },
    onError: (error) => {
      afterCheckoutError(error);
      // Stock may have moved; show the cart as it is now.
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
    },
  });
}

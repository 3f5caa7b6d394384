import { useMutation } from '@tanstack/react-query';
import type { CreatePaymentBody, PaymentSession } from '../../../../contracts/payment';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** Opens a payment at the provider for the cart as it stands; the server computes the amount. */
export function openPayment(body: CreatePaymentBody): Promise<PaymentSession> {
  return api.post(apiPaths.payments.open, body);
}

/** The shopper approved in the provider's sheet. */
export function approvePayment(id: string): Promise<PaymentSession> {
  return api.post(apiPaths.payments.approve(id));
}

/** The shopper closed the provider's sheet: nothing is charged and the cart stays as it was. */
export function cancelPayment(id: string): Promise<PaymentSession> {
  return api.post(apiPaths.payments.cancel(id));
}

export function useOpenPayment() {
  return useMutation({ mutationFn: openPayment });
}

export function useApprovePayment() {
  return useMutation({ mutationFn: approvePayment });
}

export function useCancelPayment() {
  return useMutation({ mutationFn: cancelPayment });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, CreateAddressBody } from '../../../../contracts/shipping';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { SHIPPING_KEY } from './keys';

export function createAddress(body: CreateAddressBody): Promise<Address> {
  return api.post(apiPaths.shipping.list, body);
}

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SHIPPING_KEY }),
  });
}

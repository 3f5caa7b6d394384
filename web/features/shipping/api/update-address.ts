import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, UpdateAddressBody } from '../../../../contracts/shipping';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { SHIPPING_KEY } from './keys';

export function updateAddress({
  id,
  body,
}: {
  id: number;
  body: UpdateAddressBody;
}): Promise<Address> {
  return api.put(apiPaths.shipping.address(id), body);
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SHIPPING_KEY }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ok } from '../../../../contracts/common';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { SHIPPING_KEY } from './keys';

export function deleteAddress(id: number): Promise<Ok> {
  return api.delete(apiPaths.shipping.address(id));
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SHIPPING_KEY }),
  });
}

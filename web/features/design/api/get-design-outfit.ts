import { useQuery } from '@tanstack/react-query';
import type { DesignOutfit } from '../../../../contracts/design';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { designKeys } from './keys';

export function getDesignOutfit(id: number, signal?: AbortSignal): Promise<DesignOutfit> {
  return api.get(apiPaths.design.outfit(id), { signal });
}

/**
 * One outfit as it is saved now, to open in the edit form from the address (a reload mid-edit);
 * `null` asks nothing. Never kept: the form must start from the outfit's current version.
 */
export function useDesignOutfit(id: number | null) {
  return useQuery({
    queryKey: [...designKeys.all, 'outfit', id],
    queryFn: ({ signal }) => getDesignOutfit(id!, signal),
    enabled: id !== null,
    gcTime: 0,
    retry: false,
  });
}

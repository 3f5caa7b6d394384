import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../contracts/user';
import { ApiRequestError, api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** The signed-in user, or null for a visitor. */
export async function getUser(): Promise<User | null> {
  try {
    return await api.get(apiPaths.user.me);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export const userQueryOptions = queryOptions({
  queryKey: ['user'],
  queryFn: getUser,
  staleTime: 5 * 60 * 1000,
  // A failed check is asked again on Try again, not by each screen that mounts: AppShell swaps
  // its frame as the check starts and fails, remounting the page, which asked again, endlessly.
  retryOnMount: false,
});

export function useUser() {
  return useQuery(userQueryOptions);
}

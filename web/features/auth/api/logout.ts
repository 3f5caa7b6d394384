import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { apiPaths } from '../../../lib/paths';
import { userQueryOptions } from './get-user';

export const LOGOUT_FAILED =
  'You are still signed in: signing out did not reach Drape. Check your connection and try again.';

/**
 * Signs out. The page forgets the account only once the server has ended the session: until
 * then the cookie still signs in, and showing the person as signed out would be false.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: () => api.post(apiPaths.user.logout),
    onSuccess: () => {
      // Observers keep watching the user query, so it is set rather than removed;
      // everything else belonged to the account that just left.
      queryClient.setQueryData(userQueryOptions.queryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'user' });
    },
    onError: () => notify(LOGOUT_FAILED, 'error'),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { userQueryOptions } from './get-user';

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(apiPaths.user.logout),
    onSettled: () => {
      // Observers keep watching the user query, so it is set rather than removed;
      // everything else belonged to the account that just left.
      queryClient.setQueryData(userQueryOptions.queryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'user' });
    },
  });
}

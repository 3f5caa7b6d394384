import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, User } from '../../../../contracts/user';
import { ApiRequestError, api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { userQueryOptions } from './get-user';

export const LOGIN_MESSAGES = {
  empty: 'Enter your username and password!',
  mismatch: "Oops! The username and password didn't match. Try again!",
  failed: 'Oops! Something went wrong! Is the server running?',
} as const;

export function loginErrorMessage(error: unknown): string {
  return error instanceof ApiRequestError && error.status === 401
    ? LOGIN_MESSAGES.mismatch
    : LOGIN_MESSAGES.failed;
}

export function login(body: LoginBody): Promise<User> {
  return api.post(apiPaths.user.login, body);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // Whatever the previous account had cached belongs to it alone.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'user' });
      queryClient.setQueryData(userQueryOptions.queryKey, user);
    },
  });
}

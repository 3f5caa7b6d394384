import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { RegisterBody, User } from '../../../../contracts/user';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export const REGISTER_MESSAGES = {
  empty: 'Choose a username and password!',
  failed: "Oops! That didn't work. The username might already be taken. Try again!",
  created:
    'Your account was created, but signing you in did not work. Log in with your new username and password.',
} as const;

export function register(body: RegisterBody): Promise<User> {
  return api.post(apiPaths.user.register, body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

export function useAdminRegistrationInfo() {
  return useQuery(
    queryOptions({
      queryKey: ['admin-registration'],
      queryFn: () => api.get(apiPaths.user.adminRegistration),
    }),
  );
}

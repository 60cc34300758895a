import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

export const signIn = (input: { email: string; password: string }) => api('POST /api/auth/sign-in', { body: input });

/** Signs in and puts the user in the session cache, which is the app's "signed in" event. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => queryClient.setQueryData(meQueryKey, user),
  });
}

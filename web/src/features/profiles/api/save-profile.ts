import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ProfileInput } from '../../../lib/api-types';
import { ownProfileQueryKey } from './get-own-profile';

/** The wizard's Complete Profile (000 §4): basics, 3 answers and preferences in one call. */
export function useCompleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileInput) => (await api('POST /api/profile/complete', { body })).profile,
    onSuccess: (profile) => queryClient.setQueryData(ownProfileQueryKey, profile),
  });
}

/** The editor's Save Changes (001 §2 Edit Profile): every section at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileInput) => (await api('PUT /api/profile', { body })).profile,
    onSuccess: (profile) => {
      queryClient.setQueryData(ownProfileQueryKey, profile);
      // Other people's view of this profile (the preview dialog) is stale now.
      void queryClient.invalidateQueries({ queryKey: ['profiles'] });
    },
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { api } from '../../../lib/api-client';
import { problemToast } from '../../../lib/problem-toast';
import { type AccountStatus, adminKeys } from './admin-keys';

/** Users whose e-mail or name matches `q` (all recent users when empty). */
export const useAdminUsers = (q: string) =>
  useQuery({
    queryKey: adminKeys.users(q),
    queryFn: () => api('GET /api/admin/users', { query: q ? { q } : {} }).then((r) => r.users),
    placeholderData: keepPreviousData,
  });

export function useSetAccountStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; accountStatus: AccountStatus; label: string }) =>
      api('PUT /api/admin/users/{userId}/status', {
        params: { userId: input.userId },
        body: { accountStatus: input.accountStatus },
      }),
    onSuccess: (_data, input) => {
      toast.success(
        input.accountStatus === 'suspended' ? `${input.label} is suspended.` : `${input.label} is active again.`,
      );
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
    onError: (error) => problemToast(error, 'Failed to update the account. Please try again.'),
  });
}

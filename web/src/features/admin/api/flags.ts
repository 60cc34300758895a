import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, isApiError } from '../../../lib/api-client';
import { problemToast } from '../../../lib/problem-toast';
import { ADMIN_TEXT, adminKeys, type FlagDecision, type FlagStatus } from './admin-keys';

export const FLAG_STATUSES: ReadonlyArray<FlagStatus> = ['pending', 'approved', 'removed'];

/** Content flags with the chosen status, newest first (001 §4; default pending). */
export const useContentFlags = (status: FlagStatus) =>
  useQuery({
    queryKey: adminKeys.flags(status),
    queryFn: () => api('GET /api/admin/flags', { query: { status } }).then((r) => r.flags),
  });

export function useReviewFlag() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'flags'] });
    void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
  };
  return useMutation({
    mutationFn: (input: { flagId: string; decision: FlagDecision; note: string }) =>
      api('POST /api/admin/flags/{flagId}/review', {
        params: { flagId: input.flagId },
        // The note is optional and not stored (001 §4); the server keeps it in the audit log at most.
        body: { decision: input.decision, note: input.note.trim() || null },
      }),
    onSuccess: (_data, input) => {
      toast.success(ADMIN_TEXT.reviewTitle, { description: ADMIN_TEXT.reviewDone(input.decision) });
      refresh();
    },
    onError: (error) => {
      problemToast(error, ADMIN_TEXT.reviewFailed);
      // Another admin got there first (409): show the queue as it is now.
      if (isApiError(error) && error.status === 409) refresh();
    },
  });
}

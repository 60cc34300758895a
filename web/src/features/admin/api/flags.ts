import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { api, isApiError } from '../../../lib/api-client';
import { problemToast } from '../../../lib/problem-toast';
import { ADMIN_TEXT, adminKeys, type FlagDecision, type FlagStatus } from './admin-keys';

export const FLAG_STATUSES: ReadonlyArray<FlagStatus> = ['pending', 'approved', 'removed'];

/** Content flags with the chosen status (001 §4; default pending): pending worst first, reviewed newest first (issue 15). */
export const useContentFlags = (status: FlagStatus) =>
  useQuery({
    queryKey: adminKeys.flags(status),
    queryFn: () => api('GET /api/admin/flags', { query: { status } }).then((r) => r.flags),
  });

function useRefreshQueue() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'flags'] });
    void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'analytics'] });
  };
}

export function useReviewFlag() {
  const refresh = useRefreshQueue();
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

/** One decision for several flags (issue 15); the toast says how many were done and how many had gone. */
export function useBulkReviewFlags() {
  const refresh = useRefreshQueue();
  return useMutation({
    mutationFn: (input: { flagIds: string[]; decision: FlagDecision; note: string }) =>
      api('POST /api/admin/flags/review', {
        body: { flagIds: input.flagIds, decision: input.decision, note: input.note.trim() || null },
      }).then((r) => r.results),
    onSuccess: (results, input) => {
      const done = results.filter((r) => r.outcome === input.decision).length;
      toast.success(ADMIN_TEXT.reviewTitle, { description: ADMIN_TEXT.bulkDone(done, results.length, input.decision) });
      refresh();
    },
    onError: (error) => problemToast(error, ADMIN_TEXT.reviewFailed),
  });
}

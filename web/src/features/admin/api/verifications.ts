import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { api, isApiError } from '../../../lib/api-client';
import type { Endpoints } from '../../../lib/api-types';
import { problemToast } from '../../../lib/problem-toast';

export const verificationQueueKey = ['admin', 'verifications'] as const;

export type VerificationItem = Endpoints['GET /api/admin/verifications']['response']['verifications'][number];
export type VerificationDecision = Endpoints['POST /api/admin/verifications/{verificationId}/review']['body'];

/** Selfies waiting for review, oldest first (issue 16 §2). */
export const useVerificationQueue = () =>
  useQuery({
    queryKey: verificationQueueKey,
    queryFn: async () => (await api('GET /api/admin/verifications')).verifications,
  });

export function useReviewVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; decision: VerificationDecision }) =>
      api('POST /api/admin/verifications/{verificationId}/review', {
        params: { verificationId: input.id },
        body: input.decision,
      }),
    onSuccess: (r) => {
      toast.success(r.status === 'approved' ? 'Photo verified' : 'Selfie rejected', {
        description: 'The student has been e-mailed.',
      });
      void queryClient.invalidateQueries({ queryKey: verificationQueueKey });
    },
    onError: (error) => {
      problemToast(error, 'The decision could not be saved. Please try again.');
      // Another admin decided first (409): show the queue as it is now.
      if (isApiError(error) && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: verificationQueueKey });
    },
  });
}

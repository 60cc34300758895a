import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AgreementTerms, RoommateAgreementView, SharedCosts } from '../../../lib/api-types';

export const agreementKeys = {
  agreement: (conversationId: string) => ['roommate-agreement', conversationId] as const,
  costs: (conversationId: string) => ['roommate-agreement', conversationId, 'costs'] as const,
  checkIn: (conversationId: string) => ['roommate-agreement', conversationId, 'check-in'] as const,
};

const params = (conversationId: string) => ({ params: { conversationId } });

/** The conversation's agreement with every version, the people in it and who a new version is for. */
export const useAgreement = (conversationId: string) =>
  useQuery({
    queryKey: agreementKeys.agreement(conversationId),
    queryFn: () => api('GET /api/conversations/{conversationId}/roommate-agreement', params(conversationId)),
  });

/** Every write answers with the new state: the cache takes it, so no second round trip. */
function useAgreementWrite<I>(conversationId: string, write: (input: I) => Promise<RoommateAgreementView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (view) => {
      queryClient.setQueryData(agreementKeys.agreement(conversationId), view);
      void queryClient.invalidateQueries({ queryKey: agreementKeys.costs(conversationId) });
    },
    // A 409 means someone else changed it: show what is there now.
    onError: () => void queryClient.invalidateQueries({ queryKey: agreementKeys.agreement(conversationId) }),
  });
}

export const useStartAgreement = (conversationId: string) =>
  useAgreementWrite(conversationId, () =>
    api('POST /api/conversations/{conversationId}/roommate-agreement', params(conversationId)),
  );

export const useProposeVersion = (conversationId: string) =>
  useAgreementWrite(conversationId, (body: { baseVersion: number; terms: AgreementTerms }) =>
    api('POST /api/conversations/{conversationId}/roommate-agreement/versions', { ...params(conversationId), body }),
  );

export const useAcceptVersion = (conversationId: string) =>
  useAgreementWrite(conversationId, (version: number) =>
    api('POST /api/conversations/{conversationId}/roommate-agreement/accept', {
      ...params(conversationId),
      body: { version },
    }),
  );

/** Shared costs of the accepted version: shares, the ledger, balances and transfers. */
export const useSharedCosts = (conversationId: string, enabled: boolean) =>
  useQuery({
    queryKey: agreementKeys.costs(conversationId),
    queryFn: () => api('GET /api/conversations/{conversationId}/roommate-agreement/costs', params(conversationId)),
    enabled,
  });

function useCostsWrite<I>(conversationId: string, write: (input: I) => Promise<SharedCosts>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (costs) => queryClient.setQueryData(agreementKeys.costs(conversationId), costs),
  });
}

export const useAddExpense = (conversationId: string) =>
  useCostsWrite(conversationId, (body: { description: string; amountCents: number; forUserIds: string[] }) =>
    api('POST /api/conversations/{conversationId}/roommate-agreement/expenses', { ...params(conversationId), body }),
  );

export const useSettleUp = (conversationId: string) =>
  useCostsWrite(conversationId, (body: { toUserId: string; amountCents: number }) =>
    api('POST /api/conversations/{conversationId}/roommate-agreement/settlements', {
      ...params(conversationId),
      body,
    }),
  );

/** The "How's living together?" check-in open now (30 or 90 days after acceptance), if any. */
export const useCheckIn = (conversationId: string, enabled: boolean) =>
  useQuery({
    queryKey: agreementKeys.checkIn(conversationId),
    queryFn: () => api('GET /api/conversations/{conversationId}/roommate-agreement/check-in', params(conversationId)),
    enabled,
  });

export function useAnswerCheckIn(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      checkpointDays: 30 | 90;
      rating: number;
      whatWorks: string;
      whatDoesnt: string;
      didNotMoveIn: boolean;
    }) =>
      api('POST /api/conversations/{conversationId}/roommate-agreement/check-in', { ...params(conversationId), body }),
    onSuccess: (view) => queryClient.setQueryData(agreementKeys.checkIn(conversationId), view),
  });
}

import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Endpoints } from '../../../lib/api-types';
import { premiumKeys } from './get-premium-status';

export type BoostStatus = Endpoints['GET /api/boost/status']['response'];

/** Boost status (000 §3): active until boostEndTime, or the boosts left. */
export const useBoostStatus = () =>
  useQuery({ queryKey: premiumKeys.boost, queryFn: () => api('GET /api/boost/status') });

/** The status answered in the page the server sent (N178). */
export const seedBoostStatus = (queryClient: QueryClient, answer: BoostStatus) =>
  queryClient.setQueryData(premiumKeys.boost, answer);

/** Starts a 30-minute boost (D17); the answer is the new status. */
export function useStartBoost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/boost'),
    onSuccess: (status) => queryClient.setQueryData(premiumKeys.boost, status),
  });
}

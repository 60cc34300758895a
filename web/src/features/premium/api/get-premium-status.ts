import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '../../../../../core/billing/entitlements';
import { api } from '../../../lib/api-client';
import type { Endpoints } from '../../../lib/api-types';

export type PremiumStatus = Endpoints['GET /api/premium/status']['response'];

/** Every premium query starts with this key, so one invalidation refreshes badge, boost and super likes. */
export const premiumKeys = {
  all: ['premium'] as const,
  status: ['premium', 'status'] as const,
  superLikes: ['premium', 'super-likes'] as const,
  boost: ['premium', 'boost'] as const,
};

export const premiumStatusQueryOptions = () =>
  queryOptions({ queryKey: premiumKeys.status, queryFn: () => api('GET /api/premium/status') });

/** Gold status with its entitlements (000 §3, §4). Errors are only logged (000 §8). */
export const usePremiumStatus = () => useQuery(premiumStatusQueryOptions());

/** The status answered in the page the server sent (N178). */
export const seedPremiumStatus = (queryClient: QueryClient, answer: PremiumStatus) =>
  queryClient.setQueryData(premiumKeys.status, answer);

export const planOf = (status: PremiumStatus | undefined): Plan | undefined =>
  status ? (status.isPremium ? 'gold' : 'free') : undefined;

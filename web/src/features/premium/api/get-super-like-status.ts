import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Endpoints } from '../../../lib/api-types';
import { premiumKeys } from './get-premium-status';

/** Super likes used and left today (000 §3); the badge shows remaining/daily limit. */
export const useSuperLikeStatus = () =>
  useQuery({ queryKey: premiumKeys.superLikes, queryFn: () => api('GET /api/super-likes/status') });

/** The status answered in the page the server sent (N178). */
export const seedSuperLikeStatus = (
  queryClient: QueryClient,
  answer: Endpoints['GET /api/super-likes/status']['response'],
) => queryClient.setQueryData(premiumKeys.superLikes, answer);

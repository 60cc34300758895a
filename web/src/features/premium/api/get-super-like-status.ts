import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { premiumKeys } from './get-premium-status';

/** Super likes used and left today (000 §3); the badge shows remaining/daily limit. */
export const useSuperLikeStatus = () =>
  useQuery({ queryKey: premiumKeys.superLikes, queryFn: () => api('GET /api/super-likes/status') });

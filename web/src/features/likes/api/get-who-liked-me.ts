import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Endpoints } from '../../../lib/api-types';

export type LikesReceived = Endpoints['GET /api/likes/received']['response'];
export type Liker = LikesReceived['likers'][number];

export const likesKeys = {
  received: ['likes', 'received'] as const,
  matches: ['likes', 'matches'] as const,
};

/** Who liked you (001 §2): profiles for Gold; for free users only the count (D15). */
export const useWhoLikedMe = () =>
  useQuery({ queryKey: likesKeys.received, queryFn: () => api('GET /api/likes/received') });

import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SwipeAction = 'like' | 'super_like' | 'pass';

/** Like, super like or pass one candidate (001 §4); the answer says whether it was mutual. */
export const useSwipe = () =>
  useMutation({
    mutationFn: (input: { targetUserId: string; action: SwipeAction }) => api('POST /api/swipes', { body: input }),
  });

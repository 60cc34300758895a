import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type LikesReceived, likesKeys } from './get-who-liked-me';

/** Like back (Gold) or pass someone from Who Liked You; either way the card leaves the list (001 §4). */
export function useAnswerLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, answer }: { userId: string; answer: 'like-back' | 'pass' }) =>
      answer === 'like-back'
        ? api('POST /api/likes/{userId}/like-back', { params: { userId } })
        : api('POST /api/likes/{userId}/pass', { params: { userId } }),
    onSuccess: (outcome, { userId }) => {
      queryClient.setQueryData<LikesReceived>(likesKeys.received, (data) =>
        data
          ? { ...data, count: Math.max(0, data.count - 1), likers: data.likers.filter((l) => l.userId !== userId) }
          : data,
      );
      if (outcome.isMatch) void queryClient.invalidateQueries({ queryKey: likesKeys.matches });
    },
  });
}

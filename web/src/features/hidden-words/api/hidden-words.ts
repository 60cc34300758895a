import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { hiddenWordsMatcher } from '../../../../../core/moderation/hidden-words';
import { api } from '../../../lib/api-client';
import type { Endpoints } from '../../../lib/api-types';

export const hiddenWordsKeys = { all: ['moderation', 'hidden-words'] as const };

/** Your hidden words and emoji (issue 15). */
export const useHiddenWords = (enabled = true) =>
  useQuery({
    queryKey: hiddenWordsKeys.all,
    queryFn: async () => (await api('GET /api/hidden-words')).words,
    enabled,
  });

/** The list answered in the page the server sent (N178). */
export const seedHiddenWords = (queryClient: QueryClient, answer: Endpoints['GET /api/hidden-words']['response']) =>
  queryClient.setQueryData(hiddenWordsKeys.all, answer.words);

/** Replaces the whole list; the answer is the list as saved (trimmed, duplicates dropped). */
export function useSaveHiddenWords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (words: string[]) => (await api('PUT /api/hidden-words', { body: { words } })).words,
    onSuccess: (words) => queryClient.setQueryData(hiddenWordsKeys.all, words),
  });
}

/**
 * Whether an incoming message is collapsed by your hidden words, for the chat (composed in app/, since
 * features do not import each other). Nothing is hidden until the list has loaded.
 */
export function useHideMessage(): (content: string) => boolean {
  const words = useHiddenWords().data;
  return useMemo(() => {
    const match = hiddenWordsMatcher(words ?? []);
    return (content: string) => match(content) !== null;
  }, [words]);
}

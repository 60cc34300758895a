import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Endpoints } from '../../../lib/api-types';

export type Conversation = Endpoints['GET /api/conversations']['response']['conversations'][number];
export type MatchRow = Endpoints['GET /api/matches']['response']['matches'][number];
export type Message = Endpoints['GET /api/conversations/{conversationId}/messages']['response']['messages'][number];

export const messagingKeys = {
  conversations: ['messaging', 'conversations'] as const,
  matches: ['messaging', 'matches'] as const,
  messages: (conversationId: string) => ['messaging', 'messages', conversationId] as const,
  icebreakers: (conversationId: string) => ['messaging', 'icebreakers', conversationId] as const,
};

/** Your conversations, most recent first (001 §7 conversations read). */
export const useConversations = () =>
  useQuery({
    queryKey: messagingKeys.conversations,
    queryFn: async () => (await api('GET /api/conversations')).conversations,
  });

/** Matches, for the New Matches strip and for opening a chat from a match. */
export const useMessagingMatches = () =>
  useQuery({ queryKey: messagingKeys.matches, queryFn: async () => (await api('GET /api/matches')).matches });

/** Create-or-get the conversation with a match (001 §4: a match starts a conversation). */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (withUserId: string) => api('POST /api/conversations', { body: { withUserId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.conversations }),
  });
}

/** Hides the conversation for you (001 §4, confirmed first). */
export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      api('DELETE /api/conversations/{conversationId}', { params: { conversationId } }),
    onSuccess: (_, conversationId) => {
      queryClient.setQueryData<Conversation[]>(messagingKeys.conversations, (list) =>
        list?.filter((c) => c.id !== conversationId),
      );
      queryClient.removeQueries({ queryKey: messagingKeys.messages(conversationId) });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
    },
  });
}

/** Marks the other person's messages read and clears the unread count in the list. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      api('POST /api/conversations/{conversationId}/read', { params: { conversationId } }),
    onSuccess: (_, conversationId) => {
      queryClient.setQueryData<Conversation[]>(messagingKeys.conversations, (list) =>
        list?.map((c) => (c.id === conversationId ? { ...c, unreadCount: 0 } : c)),
      );
    },
  });
}

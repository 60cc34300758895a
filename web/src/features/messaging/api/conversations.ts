import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isMultiParty } from '../../../../../core/messaging/group-chat';
import { api } from '../../../lib/api-client';
import type { Endpoints } from '../../../lib/api-types';

export type Conversation = Endpoints['GET /api/conversations']['response']['conversations'][number];
export type MatchRow = Endpoints['GET /api/matches']['response']['matches'][number];
export type GroupConversation = Endpoints['GET /api/conversations']['response']['groupConversations'][number];
export type GroupRead = Endpoints['GET /api/conversations/{conversationId}/reads']['response']['reads'][number];
export type Message = Endpoints['GET /api/conversations/{conversationId}/messages']['response']['messages'][number];

export const messagingKeys = {
  conversations: ['messaging', 'conversations'] as const,
  /** Under `conversations`, so whatever refreshes the 1:1 list refreshes the group chats too (issue 20). */
  groupConversations: ['messaging', 'conversations', 'groups'] as const,
  reads: (conversationId: string) => ['messaging', 'reads', conversationId] as const,
  matches: ['messaging', 'matches'] as const,
  messages: (conversationId: string) => ['messaging', 'messages', conversationId] as const,
  icebreakers: (conversationId: string) => ['messaging', 'icebreakers', conversationId] as const,
};

/**
 * GET /api/conversations answers both lists, and what refreshes one refreshes the other: the two
 * queries share one request while it is in flight (N256) rather than asking twice.
 */
let listsInFlight: Promise<Endpoints['GET /api/conversations']['response']> | null = null;
const fetchLists = () => {
  listsInFlight ??= api('GET /api/conversations').finally(() => {
    listsInFlight = null;
  });
  return listsInFlight;
};

/** Your conversations, most recent first (001 §7 conversations read). */
export const useConversations = () =>
  useQuery({
    queryKey: messagingKeys.conversations,
    queryFn: async () => (await fetchLists()).conversations,
  });

/** Whether a conversation id is a group's (issue 20: `group-<group id>`). */
/** A group's chat or a group match's (issue 20): read through the group conversation views. */
export const isGroupConversation = (conversationId: string) => isMultiParty(conversationId);

/** The group chats of your groups (issue 20), most recent first. */
export const useGroupConversations = () =>
  useQuery({
    queryKey: messagingKeys.groupConversations,
    queryFn: async () => (await fetchLists()).groupConversations,
  });

/** How far each member of a group chat has read ("Read by 2 of 4"). */
export const useGroupReads = (conversationId: string) =>
  useQuery({
    queryKey: messagingKeys.reads(conversationId),
    queryFn: async () =>
      (await api('GET /api/conversations/{conversationId}/reads', { params: { conversationId } })).reads,
  });

/** Matches, for the New Matches strip and for opening a chat from a match. */
export const useMessagingMatches = () =>
  useQuery({ queryKey: messagingKeys.matches, queryFn: async () => (await api('GET /api/matches')).matches });

/** The lists answered in the page the server sent (N178): conversations, group chats and matches. */
export function seedConversations(queryClient: QueryClient, answer: Endpoints['GET /api/conversations']['response']) {
  queryClient.setQueryData(messagingKeys.conversations, answer.conversations);
  queryClient.setQueryData(messagingKeys.groupConversations, answer.groupConversations);
}

export const seedMessagingMatches = (queryClient: QueryClient, answer: Endpoints['GET /api/matches']['response']) =>
  queryClient.setQueryData(messagingKeys.matches, answer.matches);

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
      queryClient.setQueryData<GroupConversation[]>(messagingKeys.groupConversations, (list) =>
        list?.map((c) => (c.id === conversationId ? { ...c, unreadCount: 0 } : c)),
      );
    },
  });
}

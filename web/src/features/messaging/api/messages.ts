import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_ICEBREAKERS, ICEBREAKERS_SHOWN } from '../../../../../core/messaging/rules';
import { api } from '../../../lib/api-client';
import { type Conversation, type Message, messagingKeys } from './conversations';

export type MessagePage = {
  messages: Message[];
  hasEarlier: boolean;
  /** The newest live read receipt, kept for messages that reach the cache after it. */
  receipt?: Receipt;
};

/** The other person (`readerId`) has read everything up to `upToSeq` (a `messages.read` frame). */
type Receipt = { readerId: string; upToSeq: number };

const PAGE = 50;
const CATCH_UP_PAGE = 100;
// The API pages "before a sequence number"; the newest page is the one before any number.
const NEWEST = String(Number.MAX_SAFE_INTEGER);

const readBy = (receipt: Receipt | undefined, m: Message) =>
  receipt !== undefined && m.senderId !== receipt.readerId && m.seq <= receipt.upToSeq;

/**
 * Adds messages, once each (by id), in sequence order: live frames, polling and sends can overlap.
 * Read is one-way: a copy fetched or returned before the other person read a message (the send's
 * own 201 often lands after their live receipt, issue 5) never turns "Read" back off.
 */
export function mergeMessages(current: Message[], incoming: Message[], receipt?: Receipt): Message[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) {
    const known = byId.get(m.id);
    byId.set(m.id, { ...known, ...m, isRead: m.isRead || known?.isRead === true || readBy(receipt, m) });
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** `page` with `incoming` merged in, under the receipt the page already holds. */
const withMessages = (page: MessagePage, incoming: Message[]): MessagePage => ({
  ...page,
  messages: mergeMessages(page.messages, incoming, page.receipt),
});

export const lastSeq = (messages: Message[]) => messages.reduce((max, m) => Math.max(max, m.seq), 0);

const list = (conversationId: string, query: Record<string, string>) =>
  api('GET /api/conversations/{conversationId}/messages', { params: { conversationId }, query }).then(
    (r) => r.messages,
  );

/** The newest page of a conversation, kept in the cache that live frames and polling add to. */
export function useMessages(conversationId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messagingKeys.messages(conversationId ?? ''),
    enabled: conversationId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    queryFn: async (): Promise<MessagePage> => {
      const id = conversationId ?? '';
      const newest = await list(id, { before: NEWEST, limit: String(PAGE) });
      const cached = queryClient.getQueryData<MessagePage>(messagingKeys.messages(id));
      return withMessages(
        {
          messages: cached?.messages ?? [],
          hasEarlier: cached?.hasEarlier ?? newest.length === PAGE,
          receipt: cached?.receipt,
        },
        newest,
      );
    },
  });
}

/** Loads the page before the oldest message shown. */
export async function loadEarlier(queryClient: QueryClient, conversationId: string) {
  const key = messagingKeys.messages(conversationId);
  const first = queryClient.getQueryData<MessagePage>(key)?.messages[0];
  if (!first) return;
  const older = await list(conversationId, { before: String(first.seq), limit: String(PAGE) });
  queryClient.setQueryData<MessagePage>(key, (page) =>
    page ? { ...withMessages(page, older), hasEarlier: older.length === PAGE } : page,
  );
}

/** Adds one message (a live frame or a send) to a conversation already in the cache. */
export function addMessage(queryClient: QueryClient, message: Message) {
  queryClient.setQueryData<MessagePage>(messagingKeys.messages(message.conversationId), (page) =>
    page ? withMessages(page, [message]) : page,
  );
}

/**
 * The other side read your messages up to `upToSeq` (their read receipt). The receipt is kept on
 * the page, so a message it covers that is added later (a send's 201, a frame that was
 * overtaken) shows "Read" too.
 */
export function markOwnRead(queryClient: QueryClient, conversationId: string, readerId: string, upToSeq: number) {
  const key = messagingKeys.messages(conversationId);
  if (!queryClient.getQueryData<MessagePage>(key)) {
    // The chat is still loading, and its first page may have been fetched before this read.
    void queryClient.invalidateQueries({ queryKey: key });
    return;
  }
  queryClient.setQueryData<MessagePage>(key, (page) => {
    if (!page) return page;
    const receipt = { readerId, upToSeq: Math.max(upToSeq, page.receipt?.upToSeq ?? 0) };
    return {
      ...page,
      receipt,
      messages: page.messages.map((m) => (!m.isRead && readBy(receipt, m) ? { ...m, isRead: true } : m)),
    };
  });
}

/**
 * Fetches everything after the last message held (001 §4 polling fallback, and after a
 * reconnect); returns the messages that were new.
 */
export async function catchUp(queryClient: QueryClient, conversationId: string): Promise<Message[]> {
  const key = messagingKeys.messages(conversationId);
  const page = queryClient.getQueryData<MessagePage>(key);
  if (!page) return [];
  const known = new Set(page.messages.map((m) => m.id));
  let after = lastSeq(page.messages);
  const fresh: Message[] = [];
  for (;;) {
    const batch = await list(conversationId, { after: String(after), limit: String(CATCH_UP_PAGE) });
    fresh.push(...batch.filter((m) => !known.has(m.id)));
    if (batch.length < CATCH_UP_PAGE) break;
    after = lastSeq(batch);
  }
  if (fresh.length > 0) {
    queryClient.setQueryData<MessagePage>(key, (p) => (p ? withMessages(p, fresh) : p));
  }
  return fresh;
}

/** A send answered with this code waits for "Send anyway" (issue 15): resend it with `confirmed`. */
export const CONFIRM_NEEDED = 'MESSAGES.CONFIRM_NEEDED';

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, confirmed }: { content: string; confirmed?: boolean }) =>
      api('POST /api/conversations/{conversationId}/messages', {
        params: { conversationId },
        body: confirmed ? { content, confirmed } : { content },
      }),
    onSuccess: ({ message }) => {
      addMessage(queryClient, message);
      queryClient.setQueryData<Conversation[]>(messagingKeys.conversations, (conversations) =>
        conversations?.map((c) =>
          c.id === conversationId ? { ...c, lastMessageAt: message.createdAt, lastMessageText: message.content } : c,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
    },
  });
}

/** Issue 16's "Ask to verify": the system message lands in the chat like any message. */
export function useAskToVerify(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api('POST /api/conversations/{conversationId}/verification-request', { params: { conversationId } }),
    onSuccess: ({ message }) => {
      addMessage(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
    },
  });
}

/** Up to 3 openers; the built-in greetings when they cannot be fetched (001 §7). */
export const useIcebreakers = (conversationId: string, enabled: boolean) =>
  useQuery({
    queryKey: messagingKeys.icebreakers(conversationId),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      try {
        const { suggestions } = await api('GET /api/conversations/{conversationId}/icebreakers', {
          params: { conversationId },
        });
        if (suggestions.length > 0) return suggestions.slice(0, ICEBREAKERS_SHOWN);
      } catch (error) {
        console.error('Icebreakers unavailable; using the built-in greetings', error);
      }
      return DEFAULT_ICEBREAKERS.slice(0, ICEBREAKERS_SHOWN);
    },
  });

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { POLL_INTERVAL_MS } from '../../../../../core/messaging/rules';
import { type Conversation, isGroupConversation, messagingKeys, useMarkRead } from './conversations';
import { addMessage, catchUp, markOwnRead } from './messages';
import { type ServerFrame, useRealtimeFrames, useRealtimeStatus } from './realtime';

type LiveSyncOptions = {
  myId: string;
  /** The conversation on screen, if any. */
  openId: string | null;
  /** The open conversation was deleted (here or in another tab). */
  onOpenDeleted: () => void;
};

/**
 * Keeps the Messages screen current (001 §4): live frames append messages and refresh the list;
 * while the channel is down, the open conversation and the list are polled every 3 s, and a
 * (re)connect catches up. Messages from the other person are marked read while the chat is open.
 */
export function useLiveSync({ myId, openId, onOpenDeleted }: LiveSyncOptions) {
  const queryClient = useQueryClient();
  const markRead = useMarkRead();
  const state = useRef({ openId, onOpenDeleted, markRead: markRead.mutate });
  state.current = { openId, onOpenDeleted, markRead: markRead.mutate };

  useRealtimeFrames((frame: ServerFrame) => {
    const { openId: open } = state.current;
    switch (frame.type) {
      case 'message.created': {
        const m = frame.message;
        addMessage(queryClient, m);
        const isOpen = m.conversationId === open;
        // A held message is nobody's preview until an admin releases it (issue 15), as on the server.
        queryClient.setQueryData<Conversation[]>(messagingKeys.conversations, (list) =>
          list?.map((c) =>
            c.id === m.conversationId && !m.pendingReview
              ? {
                  ...c,
                  lastMessageAt: m.createdAt,
                  lastMessageText: m.content,
                  unreadCount: m.senderId !== myId && !isOpen ? c.unreadCount + 1 : c.unreadCount,
                }
              : c,
          ),
        );
        if (isOpen && m.senderId !== myId) state.current.markRead(m.conversationId);
        void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
        break;
      }
      case 'messages.read':
        // A group chat counts readers per member ("Read by 2 of 4", issue 20), not one receipt.
        if (isGroupConversation(frame.conversationId)) {
          void queryClient.invalidateQueries({ queryKey: messagingKeys.reads(frame.conversationId) });
        } else markOwnRead(queryClient, frame.conversationId, frame.readerId, frame.upToSeq);
        break;
      case 'conversation.deleted':
        queryClient.setQueryData<Conversation[]>(messagingKeys.conversations, (list) =>
          list?.filter((c) => c.id !== frame.conversationId),
        );
        if (frame.conversationId === open) state.current.onOpenDeleted();
        void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
        // A block sends this too (issue 17): the match is gone with the chat.
        void queryClient.invalidateQueries({ queryKey: messagingKeys.matches });
        break;
      case 'conversation.updated':
        void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
        // A group chat's members changed (issue 20): its read counts too.
        void queryClient.invalidateQueries({ queryKey: messagingKeys.reads(frame.conversationId) });
        break;
      case 'group.updated':
        // Someone joined or left one of your groups, maybe you (issue 20): the group chats refresh.
        void queryClient.invalidateQueries({ queryKey: messagingKeys.groupConversations });
        break;
      case 'match.created':
        void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
        void queryClient.invalidateQueries({ queryKey: messagingKeys.matches });
        break;
      default:
        break;
    }
  });

  const live = useRealtimeStatus() === 'open';

  useEffect(() => {
    const sync = async () => {
      const open = state.current.openId;
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
      if (!open) return;
      try {
        const fresh = await catchUp(queryClient, open);
        if (fresh.some((m) => m.senderId !== myId) && state.current.openId === open) state.current.markRead(open);
        // Without the socket no messages.read frame arrives: refetch the open page so read
        // receipts on messages already shown catch up too.
        if (!live) void queryClient.invalidateQueries({ queryKey: messagingKeys.messages(open) });
      } catch (error) {
        console.error('Catching up on messages failed', error);
      }
    };
    // Anything sent while the socket was (re)connecting is fetched once it is ready.
    if (live) {
      void sync();
      return;
    }
    const timer = setInterval(() => void sync(), POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [live, queryClient, myId]);
}

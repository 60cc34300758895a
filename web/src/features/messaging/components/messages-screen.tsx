import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ChatIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import {
  isGroupConversation,
  type MatchRow,
  useConversations,
  useDeleteConversation,
  useGroupConversations,
  useMessagingMatches,
  useStartConversation,
} from '../api/conversations';
import { useLiveSync } from '../api/use-live-sync';
import { type ChatPeer, ChatScreen } from './chat-screen';
import { ConversationList } from './conversation-list';
import { GroupChatScreen } from './group-chat-screen';

type MessagesScreenProps = {
  myId: string;
  /** The open conversation (the `conversation` search parameter), or null for the list. */
  conversationId: string | null;
  onOpenConversation: (conversationId: string | null) => void;
  onViewProfile: (userId: string) => void;
  /** The call button for the chat header, from the calls feature (composed in app/). */
  callAction?: (peer: ChatPeer) => ReactNode;
  /** Whether an incoming message is collapsed by the user's hidden words (issue 15; composed in app/). */
  hideMessage?: (content: string) => boolean;
  /** Report and Block under a warned message, from the safety feature (issue 15; composed in app/). */
  warningActions?: (peer: ChatPeer) => ReactNode;
  /** Text to start the open 1:1 chat's composer with (a "Talk about this" question, issue 21). */
  draft?: string | null;
  /** Told once the chat has taken `draft`, so it is not offered again. */
  onDraftTaken?: () => void;
  /** A group chat's header actions, from other features (issue 21; composed in app/). */
  groupAction?: (conversationId: string) => ReactNode;
};

/**
 * The Messages tab (001 §2): the list, and the chat beside it on wide screens or instead of it on
 * phones. A conversation opened from a match is created first (create-or-get, 001 §4).
 */
export function MessagesScreen({
  myId,
  conversationId,
  onOpenConversation,
  onViewProfile,
  callAction,
  hideMessage,
  warningActions,
  draft,
  onDraftTaken,
  groupAction,
}: MessagesScreenProps) {
  const conversations = useConversations();
  const groupChats = useGroupConversations();
  const matches = useMessagingMatches();
  const start = useStartConversation();
  const remove = useDeleteConversation();
  const [started, setStarted] = useState<Set<string>>(() => new Set());
  const [startFailed, setStartFailed] = useState<string | null>(null);
  const lastOpened = useRef<string | null>(null);
  const starting = useRef(new Set<string>());

  const inList = conversations.data?.find((c) => c.id === conversationId);
  const match = matches.data?.find((m) => m.conversationId === conversationId);
  // A group's chat (issue 20): listed while you are in the group, gone once you leave it.
  const groupChat =
    conversationId && isGroupConversation(conversationId)
      ? groupChats.data?.find((g) => g.id === conversationId)
      : undefined;
  const peer: ChatPeer | null = inList
    ? inList.otherUser
    : match
      ? {
          userId: match.userId,
          name: match.name,
          university: match.university,
          profilePhotoUrl: match.profilePhotoUrl,
          badges: match.badges,
        }
      : null;
  const ready = conversationId !== null && (inList !== undefined || started.has(conversationId));

  const { mutate: startConversation } = start;
  // Opened from a match (Send Message, Start Chat): make sure the conversation exists first.
  useEffect(() => {
    if (!conversationId || inList || !match || started.has(conversationId) || startFailed === conversationId) return;
    if (starting.current.has(conversationId)) return;
    starting.current.add(conversationId);
    const id0 = conversationId;
    startConversation(match.userId, {
      onSettled: () => starting.current.delete(id0),
      onSuccess: ({ id }) => {
        setStarted((s) => new Set(s).add(id));
        if (id !== conversationId) onOpenConversation(id);
      },
      onError: () => {
        setStartFailed(conversationId);
        toast.error('Failed to start conversation');
      },
    });
  }, [conversationId, inList, match, started, startFailed, startConversation, onOpenConversation]);

  useEffect(() => {
    if (conversationId) lastOpened.current = conversationId;
  }, [conversationId]);

  const closeChat = () => {
    const back = lastOpened.current;
    onOpenConversation(null);
    // Focus returns to the conversation that was open, or to the search box.
    requestAnimationFrame(() => {
      const target =
        (back && document.querySelector<HTMLElement>(`[data-conversation-id="${CSS.escape(back)}"]`)) ||
        document.getElementById('conversation-search');
      target?.focus();
    });
  };

  const withMessages = new Set((conversations.data ?? []).filter((c) => c.lastMessageAt !== null).map((c) => c.id));
  const newMatches = (matches.data ?? []).filter((m) => !withMessages.has(m.conversationId));

  const openMatch = (m: MatchRow) => {
    if (started.has(m.conversationId) || conversations.data?.some((c) => c.id === m.conversationId)) {
      onOpenConversation(m.conversationId);
      return;
    }
    setStartFailed(null);
    onOpenConversation(m.conversationId);
  };

  const listsLoaded = conversations.isSuccess && (matches.isSuccess || matches.isError);
  let chat: ReactNode = null;
  if (conversationId) {
    if (groupChat) {
      chat = (
        <GroupChatScreen
          key={conversationId}
          group={groupChat}
          myId={myId}
          onBack={closeChat}
          hideMessage={hideMessage}
          onViewProfile={onViewProfile}
          headerAction={groupAction?.(conversationId)}
          warningActions={
            warningActions &&
            ((m) =>
              warningActions({
                userId: m.userId,
                name: m.name,
                university: '',
                profilePhotoUrl: m.profilePhotoUrl,
                badges: { schoolVerified: false, photoVerified: false },
              }))
          }
        />
      );
    } else if (isGroupConversation(conversationId) && (groupChats.isSuccess || groupChats.isError)) {
      chat = (
        <div className="flex flex-col gap-3 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-200/70">
          <Alert variant="destructive">This group chat is not available. You may have left the group.</Alert>
          <Button variant="secondary" onClick={closeChat} className="self-start">
            Back to conversations
          </Button>
        </div>
      );
    } else if (isGroupConversation(conversationId)) {
      chat = (
        <div className="flex h-full items-center justify-center rounded-card bg-white text-brand-700 shadow-card ring-1 ring-ink-200/70">
          <Spinner size="lg" label="Opening conversation" />
        </div>
      );
    } else if (peer && ready) {
      chat = (
        <ChatScreen
          key={conversationId}
          conversationId={conversationId}
          peer={peer}
          myId={myId}
          onBack={closeChat}
          onViewProfile={onViewProfile}
          callAction={callAction?.(peer)}
          hideMessage={hideMessage}
          warningActions={warningActions?.(peer)}
          initialDraft={draft ?? undefined}
          onDraftTaken={onDraftTaken}
        />
      );
    } else if (startFailed === conversationId || (listsLoaded && !peer)) {
      chat = (
        <div className="flex flex-col gap-3 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-200/70">
          <Alert variant="destructive">Failed to start conversation</Alert>
          <Button variant="secondary" onClick={closeChat} className="self-start">
            Back to conversations
          </Button>
        </div>
      );
    } else {
      chat = (
        <div className="flex h-full items-center justify-center rounded-card bg-white text-brand-700 shadow-card ring-1 ring-ink-200/70">
          <Spinner size="lg" label="Opening conversation" />
        </div>
      );
    }
  }

  return (
    <>
      <LiveSync myId={myId} openId={conversationId} onOpenDeleted={() => onOpenConversation(null)} />
      <div className="md:grid md:h-[calc(100dvh-15rem)] md:min-h-[28rem] md:grid-cols-[17rem_minmax(0,1fr)] md:gap-4 lg:grid-cols-[22rem_minmax(0,1fr)] lg:gap-6">
        <div className={cn('md:min-h-0 md:overflow-y-auto md:pr-1', conversationId && 'hidden md:block')}>
          <ConversationList
            conversations={conversations.data}
            groups={groupChats.data}
            conversationsError={conversations.isError}
            matchesPending={matches.isPending || groupChats.isPending}
            onRetry={() => void conversations.refetch()}
            newMatches={newMatches}
            matchesError={matches.isError}
            selectedId={conversationId}
            onOpen={onOpenConversation}
            onStartMatch={openMatch}
            hideMessage={hideMessage}
            onDelete={async (c) => {
              try {
                await remove.mutateAsync(c.id);
                if (c.id === conversationId) onOpenConversation(null);
                requestAnimationFrame(() => document.getElementById('conversation-search')?.focus());
              } catch (error) {
                console.error('Delete conversation failed', error);
                toast.error('Failed to delete conversation');
              }
            }}
          />
        </div>
        <div
          className={cn(
            'h-[calc(100dvh-15.5rem)] min-h-[24rem] md:h-full',
            conversationId ? 'flex flex-col' : 'hidden md:flex md:flex-col',
          )}
        >
          {chat ?? (
            <div className="flex h-full flex-col items-center justify-center gap-3 rounded-card border-2 border-dashed border-ink-200 p-8 text-center">
              <span className="flex size-14 items-center justify-center rounded-3xl bg-brand-50 text-brand-700">
                <ChatIcon className="size-7" />
              </span>
              <p className="max-w-xs text-ink-700">Choose a conversation or a new match to start chatting.</p>
            </div>
          )}
        </div>
      </div>
    </>
  );
}

/**
 * Live frames, polling while the socket is down and the catch-up when it opens (useLiveSync), in a
 * component of its own: the socket's status changes re-render it alone, not the lists (N257).
 */
function LiveSync(options: Parameters<typeof useLiveSync>[0]) {
  useLiveSync(options);
  return null;
}

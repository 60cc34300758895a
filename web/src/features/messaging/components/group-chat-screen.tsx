import { type ReactNode, useEffect, useRef, useState } from 'react';
import { readBy } from '../../../../../core/messaging/group-chat';
import { type GroupConversation, useGroupReads, useMarkRead } from '../api/conversations';
import { useMessages } from '../api/messages';
import { Avatar } from './avatar';
import { BackToConversations } from './back-to-conversations';
import { Composer, MessageLog } from './chat-screen';

/** Up to three members' photos, overlapping: a group's face in the list and the chat header. */
export function MemberStack({ members }: { members: GroupConversation['members'] }) {
  return (
    <span aria-hidden="true" className="flex shrink-0">
      {members.slice(0, 3).map((m, i) => (
        <Avatar
          key={m.userId}
          name={m.name}
          photoUrl={m.profilePhotoUrl}
          size="sm"
          className={i > 0 ? '-ml-4' : undefined}
        />
      ))}
    </span>
  );
}

type GroupChatScreenProps = {
  group: GroupConversation;
  myId: string;
  onBack: () => void;
  /** Whether an incoming message is collapsed by the user's hidden words (issue 15; composed in app/). */
  hideMessage?: (content: string) => boolean;
  /** Report and Block under a member's warned message (issue 15): the safety feature's, composed in app/. */
  warningActions?: (member: GroupConversation['members'][number]) => ReactNode;
  /** A member's profile, where Block and Report are (D20). */
  onViewProfile: (userId: string) => void;
  /** Header actions from other features (issue 21's roommate agreement; composed in app/). */
  headerAction?: ReactNode;
};

/**
 * A group's chat (issue 20): the group's name and members in the header, who said each line,
 * system lines for joins, leaves, renames and codes, and "Read by 2 of 4" under your newest line.
 */
export function GroupChatScreen({
  group,
  myId,
  onBack,
  hideMessage,
  warningActions,
  onViewProfile,
  headerAction,
}: GroupChatScreenProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const messages = useMessages(group.id);
  const reads = useGroupReads(group.id);
  const markRead = useMarkRead();
  const names = new Map(group.members.map((m) => [m.userId, m.name.split(' ')[0] || m.name]));
  const [draft, setDraft] = useState('');

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const loaded = messages.isSuccess;
  const { mutate: markReadNow } = markRead;
  useEffect(() => {
    if (loaded) markReadNow(group.id);
  }, [loaded, group.id, markReadNow]);

  const others = group.members.length - 1;
  return (
    <div className="flex h-full min-h-0 flex-col overflow-hidden rounded-card bg-white shadow-card ring-1 ring-ink-200/70">
      <header className="flex items-center gap-2 border-b border-ink-200/70 px-2 py-2 sm:px-3">
        <BackToConversations onBack={onBack} />
        {/* On phones the names below the title say who is in it; the agreement and call buttons need the room. */}
        <span className="contents max-sm:hidden">
          <MemberStack members={group.members} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 ref={heading} tabIndex={-1} className="leading-snug font-bold break-words text-ink-900 outline-none">
            {group.name}
          </h2>
          {/* Each member's name opens their profile, where Block and Report are (D20). */}
          <p className="flex flex-wrap gap-x-1 text-xs text-ink-600">
            {group.members.map((m, i) => {
              const comma = i < group.members.length - 1 ? ',' : '';
              return m.userId === myId ? (
                <span key={m.userId}>You{comma}</span>
              ) : (
                <span key={m.userId}>
                  <button
                    type="button"
                    onClick={() => onViewProfile(m.userId)}
                    aria-label={`View ${m.name}'s profile`}
                    className="rounded-sm underline-offset-2 hover:text-brand-800 hover:underline focus-visible:outline-3 focus-visible:outline-brand-600"
                  >
                    {names.get(m.userId)}
                  </button>
                  {comma}
                </span>
              );
            })}
          </p>
        </div>
        {headerAction}
      </header>

      <MessageLog
        conversationId={group.id}
        peerName={group.name}
        myId={myId}
        messages={messages.data?.messages}
        hasEarlier={messages.data?.hasEarlier ?? false}
        failed={messages.isError}
        onRetry={() => void messages.refetch()}
        hideMessage={hideMessage}
        group={{
          warningActions: (senderId) => {
            const member = group.members.find((m) => m.userId === senderId);
            return member && warningActions?.(member);
          },
          senderName: (id) => names.get(id) ?? 'Former member',
          readLabel: (m) => {
            if (!reads.data || others === 0) return null;
            const { read, of } = readBy(m.seq, m.senderId, reads.data);
            if (read === 0) return null;
            return read === of ? 'Read by everyone' : `Read by ${read} of ${of}`;
          },
          emptyText: `This is the start of ${group.name}'s chat. Say hello to your group!`,
        }}
      />

      <Composer
        key={group.id}
        conversationId={group.id}
        peerName={group.name}
        draft={draft}
        setDraft={setDraft}
        textarea={composer}
      />
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { cleanMessage, groupByDay, MESSAGE_MESSAGES } from '../../../../../core/messaging/rules';
import { NUDGE_MESSAGES } from '../../../../../core/moderation/warnings';
import { MESSAGE_MAX } from '../../../../../core/shared/sanitize';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { EyeIcon, PencilIcon, SendIcon, ShieldIcon, SparklesIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { type TrustBadgeFlags, TrustBadges } from '../../../components/ui/trust-badges';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { problemToast } from '../../../lib/problem-toast';
import { type Message, useMarkRead } from '../api/conversations';
import {
  CONFIRM_NEEDED,
  loadEarlier,
  useAskToVerify,
  useIcebreakers,
  useMessages,
  useSendMessage,
} from '../api/messages';
import { Avatar } from './avatar';
import { BackToConversations } from './back-to-conversations';

export type ChatPeer = {
  userId: string;
  name: string;
  university: string;
  profilePhotoUrl: string | null;
  badges: TrustBadgeFlags;
};

type ChatScreenProps = {
  conversationId: string;
  peer: ChatPeer;
  myId: string;
  onBack: () => void;
  onViewProfile: (userId: string) => void;
  /** The call button, built by the calls feature and composed in app/. */
  callAction?: ReactNode;
  /** Whether an incoming message is collapsed by the user's hidden words (issue 15; composed in app/). */
  hideMessage?: (content: string) => boolean;
  /** Report and Block under a warned message (issue 15): the safety feature's, composed in app/. */
  warningActions?: ReactNode;
  /** The composer's starting text (a "Talk about this" question from the comparison, issue 21). */
  initialDraft?: string;
  onDraftTaken?: () => void;
};

const viewerOffset = () => -new Date().getTimezoneOffset();
const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
// Show the counter once the draft gets near the 10,000-character cap (001 §9).
const COUNTER_FROM = MESSAGE_MAX - 500;

/** The chat (001 §2): header, messages grouped by day with read receipts, icebreakers, composer. */
export function ChatScreen({
  conversationId,
  peer,
  myId,
  onBack,
  onViewProfile,
  callAction,
  hideMessage,
  warningActions,
  initialDraft,
  onDraftTaken,
}: ChatScreenProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const messages = useMessages(conversationId);
  const markRead = useMarkRead();
  const list = messages.data?.messages;
  const empty = list !== undefined && list.length === 0;
  const icebreakers = useIcebreakers(conversationId, empty);
  const [draft, setDraft] = useState(initialDraft ?? '');
  const startDraft = useRef(initialDraft);
  const takeDraft = useRef(onDraftTaken);
  takeDraft.current = onDraftTaken;

  // Focus moves into the chat when it opens (the chat is keyed by conversation), so keyboard and
  // screen-reader users land on it.
  useEffect(() => {
    if (!startDraft.current) heading.current?.focus();
  }, []);

  // A question to send (issue 21), at opening or into an open chat: it lands in the composer, with focus.
  useEffect(() => {
    if (!initialDraft) return;
    setDraft(initialDraft);
    composer.current?.focus();
    takeDraft.current?.();
  }, [initialDraft]);

  // 001 §4: opening a conversation marks the other person's messages read.
  const loaded = messages.isSuccess;
  const { mutate: markReadNow } = markRead;
  useEffect(() => {
    if (loaded) markReadNow(conversationId);
  }, [loaded, conversationId, markReadNow]);

  return (
    <div className="flex h-full min-h-0 flex-col overflow-hidden rounded-card bg-white shadow-card ring-1 ring-ink-200/70">
      <header className="flex items-center gap-2 border-b border-ink-200/70 px-2 py-2 sm:px-3">
        <BackToConversations onBack={onBack} />
        <Avatar name={peer.name} photoUrl={peer.profilePhotoUrl} size="sm" />
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-1.5">
            <h2 ref={heading} tabIndex={-1} className="leading-snug font-bold break-words text-ink-900 outline-none">
              {peer.name}
            </h2>
            <TrustBadges badges={peer.badges} compact className="shrink-0 flex-nowrap" />
          </div>
          <p className="truncate text-xs text-ink-600">{peer.university}</p>
        </div>
        {callAction}
        <button
          type="button"
          onClick={() => onViewProfile(peer.userId)}
          aria-label={`View ${peer.name}'s profile`}
          className="flex size-10 shrink-0 items-center justify-center rounded-full text-ink-700 hover:bg-ink-100 focus-visible:outline-3 focus-visible:outline-brand-600"
        >
          <EyeIcon className="size-5" />
        </button>
      </header>

      {!peer.badges.photoVerified && !list?.some((m) => m.kind === 'verification_request' && m.senderId === myId) && (
        <AskToVerifyBar conversationId={conversationId} peerName={peer.name} />
      )}

      <MessageLog
        conversationId={conversationId}
        peerName={peer.name}
        myId={myId}
        messages={list}
        hasEarlier={messages.data?.hasEarlier ?? false}
        failed={messages.isError}
        onRetry={() => void messages.refetch()}
        hideMessage={hideMessage}
        warningActions={warningActions}
      />

      {empty && (
        <section aria-labelledby="icebreakers-heading" className="border-t border-ink-200/70 bg-ink-50 px-3 py-3">
          <h3 id="icebreakers-heading" className="mb-2 flex items-center gap-1.5 text-xs font-bold text-ink-700">
            <SparklesIcon className="size-4 text-brand-700" /> Break the ice
          </h3>
          {icebreakers.data ? (
            <ul className="flex flex-col gap-1.5">
              {icebreakers.data.map((text) => (
                <li key={text}>
                  <button
                    type="button"
                    onClick={() => {
                      setDraft(text);
                      composer.current?.focus();
                    }}
                    className="w-full rounded-2xl bg-white px-3 py-2 text-left text-sm text-ink-800 ring-1 ring-ink-200 hover:bg-brand-50 hover:ring-brand-200 focus-visible:outline-3 focus-visible:outline-brand-600"
                  >
                    {text}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <Spinner size="sm" label="Loading suggestions" />
          )}
        </section>
      )}

      <Composer
        key={conversationId}
        conversationId={conversationId}
        peerName={peer.name}
        draft={draft}
        setDraft={setDraft}
        textarea={composer}
      />
    </div>
  );
}

/** What a group chat's log adds (issue 20): who said each line, and "Read by 2 of 4". */
export type GroupLog = {
  senderName: (userId: string) => string;
  /** The read line under one of the viewer's own messages, or null for none. */
  readLabel: (message: Pick<Message, 'seq' | 'senderId'>) => string | null;
  /** Shown while the chat has no lines. */
  emptyText: string;
  /** Report and Block under a member's warned line (issue 15), for that member. */
  warningActions?: (senderId: string) => ReactNode;
};

export function MessageLog({
  conversationId,
  peerName,
  myId,
  messages,
  hasEarlier,
  failed,
  onRetry,
  hideMessage,
  warningActions,
  group,
}: {
  conversationId: string;
  peerName: string;
  myId: string;
  messages: Message[] | undefined;
  hasEarlier: boolean;
  failed: boolean;
  onRetry: () => void;
  hideMessage?: (content: string) => boolean;
  warningActions?: ReactNode;
  group?: GroupLog;
}) {
  const queryClient = useQueryClient();
  const scroller = useRef<HTMLDivElement>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  // Incoming messages the reader chose to see despite their hidden words.
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set());
  const lastId = messages?.[messages.length - 1]?.id;

  // Keep the newest message in view as messages arrive (not when older ones are prepended).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && lastId) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  if (failed) {
    return (
      <div className="flex-1 p-4">
        <Alert variant="destructive" title="Failed to load messages">
          <Button variant="secondary" size="sm" className="mt-1" onClick={onRetry}>
            Try again
          </Button>
        </Alert>
      </div>
    );
  }
  const now = new Date();
  const days = groupByDay(
    (messages ?? []).map((m) => ({ ...m, createdAt: new Date(m.createdAt), at: m.createdAt })),
    now,
    viewerOffset(),
  );
  const lastReadOwn = [...(messages ?? [])].reverse().find((m) => m.senderId === myId && m.isRead)?.id;
  // In a group the read line goes under the viewer's newest own message (issue 20).
  const lastOwn = [...(messages ?? [])].reverse().find((m) => m.senderId === myId && m.kind === 'text');
  const readLine = (m: Pick<Message, 'id' | 'seq' | 'senderId'>) => {
    if (group) return m.id === lastOwn?.id ? group.readLabel(m) : null;
    return m.id === lastReadOwn ? 'Read' : null;
  };
  const nameOf = (senderId: string) => (group ? group.senderName(senderId) : peerName);

  return (
    // Focusable, so a keyboard can scroll the history (WCAG 2.1.1); the log inside names it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <div ref={scroller} tabIndex={0} className="min-h-0 flex-1 overflow-y-auto bg-ink-50/60 px-3 py-4 sm:px-4">
      {messages === undefined ? (
        <div className="flex justify-center py-10 text-brand-700">
          <Spinner size="lg" label="Loading messages" />
        </div>
      ) : (
        <>
          {hasEarlier && (
            <div className="mb-3 flex justify-center">
              <Button
                variant="secondary"
                size="sm"
                loading={loadingEarlier}
                onClick={async () => {
                  setLoadingEarlier(true);
                  try {
                    await loadEarlier(queryClient, conversationId);
                  } catch (error) {
                    problemToast(error, 'Failed to load messages');
                  } finally {
                    setLoadingEarlier(false);
                  }
                }}
              >
                Load earlier messages
              </Button>
            </div>
          )}
          <div
            role="log"
            aria-live="polite"
            aria-relevant="additions"
            aria-label={group ? `Messages in ${peerName}` : `Messages with ${peerName}`}
          >
            {messages.length === 0 && (
              <p className="px-4 py-8 text-center text-sm text-ink-600">
                {group ? group.emptyText : `You matched with ${peerName}. Say hello!`}
              </p>
            )}
            {days.map((day) => (
              <div key={`${day.label}-${day.messages[0]?.id}`} className="mb-2">
                <p className="my-3 flex items-center gap-3 text-xs font-semibold text-ink-600">
                  <span aria-hidden="true" className="h-px flex-1 bg-ink-200" />
                  {day.label}
                  <span aria-hidden="true" className="h-px flex-1 bg-ink-200" />
                </p>
                <ol className="flex flex-col gap-1.5">
                  {day.messages.map((m, i) => {
                    const own = m.senderId === myId;
                    if (m.kind === 'system') {
                      return (
                        <li key={m.id} className="flex justify-center">
                          <p className="my-1 max-w-[90%] rounded-pill bg-ink-100 px-3 py-1 text-center text-xs font-medium text-ink-700">
                            {m.content} · <time dateTime={m.at}>{timeOf(m.at)}</time>
                          </p>
                        </li>
                      );
                    }
                    const previous = day.messages[i - 1];
                    // Who is talking, once per run of lines from the same member (group chats only).
                    const showSender =
                      group !== undefined && !own && (previous?.senderId !== m.senderId || previous.kind === 'system');
                    if (m.kind === 'verification_request') {
                      return (
                        <li key={m.id} className="flex justify-center">
                          <VerificationRequest own={own} peerName={peerName} text={m.content} at={m.at} />
                        </li>
                      );
                    }
                    if (!own && !shown.has(m.id) && hideMessage?.(m.content)) {
                      return (
                        <li key={m.id} className="flex flex-col items-start">
                          <FilteredMessage
                            peerName={nameOf(m.senderId)}
                            onShow={() => setShown((s) => new Set(s).add(m.id))}
                          />
                          <span className="mt-0.5 px-2 text-[0.7rem] text-ink-600">
                            <time dateTime={m.at}>{timeOf(m.at)}</time>
                          </span>
                        </li>
                      );
                    }
                    return (
                      <li key={m.id} className={cn('flex flex-col', own ? 'items-end' : 'items-start')}>
                        {showSender && (
                          <span aria-hidden="true" className="mt-1 mb-0.5 px-3 text-xs font-semibold text-ink-700">
                            {nameOf(m.senderId)}
                          </span>
                        )}
                        <div
                          className={cn(
                            'max-w-[80%] rounded-3xl px-4 py-2 text-[0.95rem] leading-snug break-words whitespace-pre-wrap shadow-xs',
                            own
                              ? 'rounded-br-lg bg-brand-700 text-white'
                              : 'rounded-bl-lg bg-white text-ink-900 ring-1 ring-ink-200',
                          )}
                        >
                          <span className="sr-only">{own ? 'You' : nameOf(m.senderId)}: </span>
                          {m.content}
                        </div>
                        {!own && m.warning && (
                          <MessageWarning
                            text={m.warning.text}
                            actions={group ? group.warningActions?.(m.senderId) : warningActions}
                          />
                        )}
                        <span className="mt-0.5 px-2 text-[0.7rem] text-ink-600">
                          <time dateTime={m.at}>{timeOf(m.at)}</time>
                          {readLine(m) && <span className="font-semibold text-brand-700"> · {readLine(m)}</span>}
                          {own && m.pendingReview && (
                            <span className="font-semibold text-gold-800" title={PENDING_REVIEW_HINT}>
                              {' '}
                              · Pending review
                            </span>
                          )}
                        </span>
                      </li>
                    );
                  })}
                </ol>
              </div>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

/**
 * Issue 16: a slim bar under the header while the other student is not photo verified and has not
 * been asked in this chat; the server allows one request a week per conversation.
 */
function AskToVerifyBar({ conversationId, peerName }: { conversationId: string; peerName: string }) {
  const ask = useAskToVerify(conversationId);
  const first = peerName.split(' ')[0] ?? peerName;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-ink-200/70 bg-ink-50 px-3 py-1.5 text-xs text-ink-700 sm:px-4">
      <p className="flex items-center gap-1.5">
        <ShieldIcon className="size-4 shrink-0 text-ink-500" />
        {first} hasn't verified their photo yet.
      </p>
      <Button
        variant="ghost"
        size="sm"
        loading={ask.isPending}
        onClick={() =>
          ask.mutate(undefined, {
            onSuccess: () =>
              toast.success('Request sent', { description: `We asked ${peerName} to verify their photo.` }),
            onError: (error) => problemToast(error, 'Could not send the request'),
          })
        }
        aria-label={`Ask ${peerName} to verify their photo`}
      >
        Ask to verify
      </Button>
    </div>
  );
}

/** The "Ask to verify" system message (issue 16): the asker sees it was sent, the other how to answer. */
function VerificationRequest({
  own,
  peerName,
  text,
  at,
}: {
  own: boolean;
  peerName: string;
  text: string;
  at: string;
}) {
  return (
    <div
      role="note"
      aria-label="Verification request"
      className="my-1 flex max-w-[90%] flex-col items-center gap-2 rounded-2xl bg-brand-50 px-4 py-3 text-center text-sm text-ink-800 ring-1 ring-brand-200"
    >
      <p className="flex items-center gap-1.5 font-semibold text-brand-800">
        <ShieldIcon className="size-4 shrink-0" />
        {own ? `You asked ${peerName} to verify their photo` : `${peerName} asked you to verify your photo`}
      </p>
      {!own && <p className="leading-snug">{text}</p>}
      {!own && (
        <Link
          to="/?tab=profile"
          className="rounded-pill bg-brand-700 px-4 py-1.5 text-sm font-bold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Get verified
        </Link>
      )}
      <time dateTime={at} className="text-[0.7rem] text-ink-600">
        {timeOf(at)}
      </time>
    </div>
  );
}

/** Why the sender's own message has not reached the other person yet (issue 15, "Held back"). */
const PENDING_REVIEW_HINT = 'Our team checks this message before it is delivered.';

/** Under a flagged scam, phishing or off-platform message, for its recipient only (issue 15). */
function MessageWarning({ text, actions }: { text: string; actions?: ReactNode }) {
  return (
    <div
      role="note"
      aria-label="Safety warning"
      className="mt-1 flex max-w-[85%] flex-col gap-2 rounded-2xl bg-gold-50 px-3 py-2.5 text-sm text-gold-800 ring-1 ring-gold-300"
    >
      <p className="flex gap-2 leading-snug">
        <ShieldIcon className="mt-0.5 size-4 shrink-0" />
        <span>{text}</span>
      </p>
      {actions}
    </div>
  );
}

/** An incoming message collapsed by the reader's hidden words (issue 15): one tap shows it. */
function FilteredMessage({ peerName, onShow }: { peerName: string; onShow: () => void }) {
  return (
    <p className="flex max-w-[80%] items-center gap-1 rounded-3xl rounded-bl-lg border border-dashed border-ink-300 bg-white/70 px-4 py-2 text-sm text-ink-600">
      <span className="sr-only">{peerName}: </span>
      Hidden by your filters —
      <button
        type="button"
        onClick={onShow}
        aria-label={`Show hidden message from ${peerName}`}
        className="rounded-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        show
      </button>
    </p>
  );
}

export function Composer({
  conversationId,
  peerName,
  draft,
  setDraft,
  textarea,
}: {
  conversationId: string;
  peerName: string;
  draft: string;
  setDraft: (value: string) => void;
  textarea: RefObject<HTMLTextAreaElement | null>;
}) {
  const send = useSendMessage(conversationId);
  const canSend = draft.trim().length > 0 && !send.isPending;
  // The server's "Are you sure?" (issue 15): its detail while the dialog is open.
  const [nudge, setNudge] = useState<string | null>(null);

  const deliver = (confirmed: boolean) =>
    send.mutate(
      { content: draft, confirmed },
      {
        onSuccess: () => {
          setNudge(null);
          setDraft('');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === CONFIRM_NEEDED) setNudge(error.message);
          else {
            setNudge(null);
            problemToast(error, MESSAGE_MESSAGES.sendFailed);
          }
        },
      },
    );

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    // 001 §5: the same sanitising as the server; nothing left means the message is refused.
    if (cleanMessage(draft) === null) {
      toast.error(MESSAGE_MESSAGES.invalid);
      return;
    }
    deliver(false);
  };

  return (
    <form onSubmit={submit} className="flex items-end gap-2 border-t border-ink-200/70 bg-white p-2 sm:p-3">
      <div className="flex min-w-0 flex-1 flex-col">
        <label htmlFor={`composer-${conversationId}`} className="sr-only">
          Message {peerName}
        </label>
        <textarea
          ref={textarea}
          id={`composer-${conversationId}`}
          rows={1}
          value={draft}
          maxLength={MESSAGE_MAX}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends, Shift+Enter adds a line; never while an IME is composing.
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
          placeholder="Type a message…"
          aria-describedby={draft.length >= COUNTER_FROM ? `composer-count-${conversationId}` : undefined}
          className="block max-h-36 min-h-11 w-full resize-none rounded-3xl border border-ink-300 bg-ink-50 px-4 py-2.5 text-base text-ink-900 [field-sizing:content] placeholder:text-ink-500 focus-visible:border-brand-600 focus-visible:bg-white focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-200"
        />
        {draft.length >= COUNTER_FROM && (
          <p
            id={`composer-count-${conversationId}`}
            className={cn(
              'mt-1 px-3 text-xs tabular-nums',
              draft.length >= MESSAGE_MAX ? 'text-danger-700' : 'text-ink-600',
            )}
          >
            {draft.length.toLocaleString('en-US')}/{MESSAGE_MAX.toLocaleString('en-US')}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={!canSend}
        aria-label="Send message"
        aria-busy={send.isPending || undefined}
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white shadow-sm hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-55"
      >
        {send.isPending ? <Spinner size="sm" label={null} /> : <SendIcon className="size-5" />}
      </button>
      <Dialog open={nudge !== null} onOpenChange={(open) => !open && setNudge(null)}>
        {nudge !== null && (
          <DialogContent
            title={NUDGE_MESSAGES.title}
            description={nudge}
            onCloseAutoFocus={(event) => {
              // Back to the draft, whether the sender edits it or it was sent.
              event.preventDefault();
              textarea.current?.focus();
            }}
          >
            <blockquote className="mb-4 max-h-32 overflow-y-auto rounded-2xl bg-ink-50 px-4 py-2 text-sm whitespace-pre-wrap break-words text-ink-800 ring-1 ring-ink-200">
              {draft}
            </blockquote>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button onClick={() => setNudge(null)}>
                <PencilIcon className="size-4" /> Edit
              </Button>
              <Button variant="secondary" loading={send.isPending} onClick={() => deliver(true)}>
                Send anyway
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </form>
  );
}

import { type ReactNode, useState, useSyncExternalStore } from 'react';
import { conversationTime } from '../../../../../core/messaging/rules';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { ChatIcon, SearchIcon, TrashIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { conversationPath } from '../../../lib/paths';
import type { Conversation, GroupConversation, MatchRow } from '../api/conversations';
import { Avatar } from './avatar';
import { MemberStack } from './group-chat-screen';

type ConversationListProps = {
  conversations: Conversation[] | undefined;
  /** The group chats of your groups (issue 20), listed beside the 1:1 chats. */
  groups?: GroupConversation[];
  conversationsError: boolean;
  /** The matches are still loading: the list waits for them, so the New Matches strip never pushes it down. */
  matchesPending?: boolean;
  onRetry: () => void;
  newMatches: MatchRow[];
  matchesError: boolean;
  selectedId: string | null;
  onOpen: (conversationId: string) => void;
  onStartMatch: (match: MatchRow) => void;
  onDelete: (conversation: Conversation) => Promise<void>;
  /** The user's hidden words (issue 15): a preview that contains one is not shown either. */
  hideMessage?: (content: string) => boolean;
};

const viewerOffset = () => -new Date().getTimezoneOffset();
const noSubscription = () => () => {};

/**
 * The browser's UTC offset in minutes. A server-rendered first screen (N221) cannot know it, so the
 * server and the hydrating render both write times in UTC, and the next render in the browser's zone.
 */
const useViewerOffset = () => useSyncExternalStore(noSubscription, viewerOffset, () => 0);

/** The Messages screen (001 §2): search, New Matches strip, conversation list with delete, empty state. */
export function ConversationList({
  conversations,
  groups = [],
  conversationsError,
  matchesPending = false,
  onRetry,
  newMatches,
  matchesError,
  selectedId,
  onOpen,
  onStartMatch,
  onDelete,
  hideMessage,
}: ConversationListProps) {
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  const [busy, setBusy] = useState(false);
  const term = search.trim().toLowerCase();
  const matchesTerm = (name: string) => term === '' || name.toLowerCase().includes(term);
  const shownMatches = newMatches.filter((m) => matchesTerm(m.name));
  const withMessages = (conversations ?? []).filter((c) => c.lastMessageAt !== null);
  const shown = withMessages.filter((c) => matchesTerm(c.otherUser.name));
  const shownGroups = groups.filter((g) => matchesTerm(g.name));
  const now = new Date();
  const preview = (text: string | null) => (text && hideMessage?.(text) ? 'Hidden by your filters' : text);
  const loading = !conversationsError && (conversations === undefined || matchesPending);

  return (
    <div className="flex flex-col gap-5">
      <div className="relative">
        <label htmlFor="conversation-search" className="sr-only">
          Search conversations
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-ink-500" />
        <input
          id="conversation-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search by name"
          autoComplete="off"
          className="block h-12 w-full rounded-pill border border-ink-300 bg-white pr-4 pl-11 text-base text-ink-900 shadow-xs placeholder:text-ink-500 hover:border-ink-400 focus-visible:border-brand-600 focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-200"
        />
      </div>

      {/* Both lists appear at once, in place of one spinner: nothing already shown is pushed down (issue 18, CLS). */}
      {loading ? (
        <div className="flex justify-center py-10 text-brand-700">
          <Spinner size="lg" label="Loading conversations" />
        </div>
      ) : matchesError ? (
        <Alert variant="destructive">Failed to load your matches</Alert>
      ) : (
        shownMatches.length > 0 && (
          <section aria-labelledby="new-matches-heading">
            <h2 id="new-matches-heading" className="mb-2 text-sm font-bold tracking-wide text-ink-700 uppercase">
              New Matches
            </h2>
            <ul className="-mx-1 flex gap-3 overflow-x-auto px-1 pt-1 pb-2">
              {shownMatches.map((m) => (
                <li key={m.userId} className="shrink-0">
                  <button
                    type="button"
                    onClick={() => onStartMatch(m)}
                    aria-label={`Start a chat with ${m.name}`}
                    className="flex w-18 flex-col items-center gap-1.5 rounded-2xl p-1 text-center hover:bg-white focus-visible:outline-3 focus-visible:outline-brand-600"
                  >
                    <span className="rounded-full bg-gradient-to-br from-brand-400 to-accent-400 p-0.5">
                      <Avatar name={m.name} photoUrl={m.profilePhotoUrl} size="lg" />
                    </span>
                    <span className="w-full truncate text-xs font-semibold text-ink-800">{m.name.split(' ')[0]}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )
      )}

      {!loading && shownGroups.length > 0 && (
        <section aria-labelledby="group-chats-heading" className="flex flex-col gap-2">
          <h2 id="group-chats-heading" className="text-sm font-bold tracking-wide text-ink-700 uppercase">
            Group chats
          </h2>
          <ul className="flex flex-col gap-1.5">
            {shownGroups.map((g) => (
              <li key={g.id} className={cn('flex items-center', rowFrame(g.id === selectedId))}>
                <ConversationRow
                  id={g.id}
                  selected={g.id === selectedId}
                  onOpen={onOpen}
                  face={<MemberStack members={g.members} />}
                  title={g.name}
                  lastMessageAt={g.lastMessageAt}
                  preview={preview(g.lastMessageText) ?? `${g.members.length} members`}
                  unreadCount={g.unreadCount}
                  now={now}
                />
              </li>
            ))}
          </ul>
        </section>
      )}

      {!loading && (
        <section aria-labelledby="conversations-heading" className="flex flex-col gap-2">
          <h2 id="conversations-heading" className="text-sm font-bold tracking-wide text-ink-700 uppercase">
            Conversations
          </h2>
          {conversationsError ? (
            <Alert variant="destructive" title="Failed to load conversations. Please check your connection">
              <Button variant="secondary" size="sm" className="mt-1" onClick={onRetry}>
                Try again
              </Button>
            </Alert>
          ) : withMessages.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-card bg-white px-5 py-8 text-center shadow-card ring-1 ring-ink-200/70">
              <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
                <ChatIcon className="size-6" />
              </span>
              <h3 className="text-lg font-bold text-ink-900">No conversations yet</h3>
              <p className="max-w-xs text-sm text-ink-700">
                {newMatches.length > 0
                  ? 'Say hi to one of your new matches to get the conversation going.'
                  : 'When you match with someone, you can start chatting here.'}
              </p>
            </div>
          ) : shown.length === 0 ? (
            <p className="rounded-card bg-white px-5 py-6 text-center text-ink-700 ring-1 ring-ink-200/70">
              No conversations match “{search.trim()}”.
            </p>
          ) : (
            <ul className="flex flex-col gap-1.5">
              {shown.map((c) => {
                const selected = c.id === selectedId;
                return (
                  <li key={c.id} className={cn('group relative flex items-center', rowFrame(selected))}>
                    <ConversationRow
                      id={c.id}
                      selected={selected}
                      onOpen={onOpen}
                      face={<Avatar name={c.otherUser.name} photoUrl={c.otherUser.profilePhotoUrl} />}
                      title={c.otherUser.name}
                      lastMessageAt={c.lastMessageAt}
                      preview={preview(c.lastMessageText)}
                      unreadCount={c.unreadCount}
                      now={now}
                      className="pr-12 md:pointer-fine:pr-3"
                    />
                    <button
                      type="button"
                      onClick={() => setDeleting(c)}
                      aria-label={`Delete conversation with ${c.otherUser.name}`}
                      className="absolute top-1/2 right-2 flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-white text-ink-600 shadow-xs ring-1 ring-ink-200 hover:bg-danger-50 md:pointer-fine:opacity-0 md:pointer-fine:group-hover:opacity-100 md:pointer-fine:focus-visible:opacity-100 hover:text-danger-700 focus-visible:outline-3 focus-visible:outline-brand-600"
                    >
                      <TrashIcon className="size-5" />
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}

      <Dialog open={deleting !== null} onOpenChange={(open) => !open && !busy && setDeleting(null)}>
        {deleting && (
          <DialogContent
            title="Delete conversation?"
            description={`Your conversation with ${deleting.otherUser.name} and its messages will be removed for you. This can't be undone.`}
          >
            <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="secondary" disabled={busy}>
                  Cancel
                </Button>
              </DialogClose>
              <Button
                variant="destructive"
                loading={busy}
                loadingText="Deleting…"
                onClick={async () => {
                  setBusy(true);
                  try {
                    await onDelete(deleting);
                    setDeleting(null);
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                <TrashIcon className="size-4" /> Delete
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}

/** A list row's frame: tinted when its chat is open. */
const rowFrame = (selected: boolean) =>
  cn(
    'rounded-2xl ring-1 transition-colors',
    selected ? 'bg-brand-50 ring-brand-200' : 'bg-white ring-ink-200/70 hover:ring-brand-200',
  );

/** One row of a chat list: its face, name, time, preview and unread count (001 §2; group chats, issue 20). */
function ConversationRow({
  id,
  selected,
  onOpen,
  face,
  title,
  lastMessageAt,
  preview,
  unreadCount,
  now,
  className,
}: {
  id: string;
  selected: boolean;
  onOpen: (conversationId: string) => void;
  face: ReactNode;
  title: string;
  lastMessageAt: string | null;
  preview: string | null;
  unreadCount: number;
  now: Date;
  /** Right padding (the 1:1 row keeps room for its delete button). */
  className?: string;
}) {
  const unread = unreadCount > 0;
  const offset = useViewerOffset();
  return (
    // A link to the chat, opened in place once the page is hydrated: a tap on the server-rendered list
    // before the JavaScript has run loads the same chat through the server instead of being lost (N247).
    <a
      href={conversationPath(id)}
      data-conversation-id={id}
      aria-current={selected ? 'true' : undefined}
      onClick={(e) => {
        // A new tab or window (a modifier or another button) is the browser's to open.
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        onOpen(id);
      }}
      className={cn(
        'flex min-w-0 flex-1 items-center gap-3 rounded-2xl py-3 pl-3 text-left focus-visible:outline-3 focus-visible:outline-brand-600',
        className ?? 'pr-3',
      )}
    >
      {face}
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('min-w-0 break-words text-ink-900', unread ? 'font-extrabold' : 'font-semibold')}>
            {title}
          </span>
          {lastMessageAt && (
            <time
              dateTime={lastMessageAt}
              // `now` is the server's when hydrating a server-rendered list (N221): a minute may differ.
              suppressHydrationWarning
              className={cn('shrink-0 text-xs', unread ? 'font-bold text-brand-700' : 'text-ink-600')}
            >
              {conversationTime(new Date(lastMessageAt), now, offset)}
            </time>
          )}
        </span>
        <span className="flex items-center justify-between gap-2">
          <span data-preview className={cn('truncate text-sm', unread ? 'font-semibold text-ink-900' : 'text-ink-600')}>
            {preview}
          </span>
          {unread && (
            <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-pill bg-brand-700 px-1.5 text-xs font-bold text-white">
              {unreadCount}
              <span className="sr-only"> unread {unreadCount === 1 ? 'message' : 'messages'}</span>
            </span>
          )}
        </span>
      </span>
    </a>
  );
}

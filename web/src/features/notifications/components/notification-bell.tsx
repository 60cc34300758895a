import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { BellIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import {
  type NotificationChannel,
  type NotificationItem,
  useLiveNotifications,
  useMarkAllRead,
  useMarkRead,
  useNotifications,
  useUnreadCount,
} from '../api/notifications';

const timeAgo = (iso: string, now = Date.now()) => {
  const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
};

function NotificationRow({ item, onOpen }: { item: NotificationItem; onOpen: (item: NotificationItem) => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(item)}
        className={cn(
          'flex w-full items-start gap-3 rounded-xl px-3 py-3 text-left hover:bg-ink-100 focus-visible:outline-3 focus-visible:outline-brand-600',
          !item.read && 'bg-brand-50',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('mt-2 size-2 shrink-0 rounded-full', item.read ? 'bg-transparent' : 'bg-brand-700')}
        />
        <span className="min-w-0 flex-1">
          <span className={cn('block break-words text-ink-900', !item.read && 'font-semibold')}>{item.title}</span>
          <span className="block text-sm break-words text-ink-600">{item.body}</span>
          <span className="block text-xs text-ink-500">
            {timeAgo(item.createdAt)}
            {item.read ? '' : ' · Unread'}
          </span>
        </span>
      </button>
    </li>
  );
}

/**
 * The bell with the unread number on every signed-in screen (issue 19), and its panel: newest
 * first, a page at a time, each item leading to its place; live over the shared socket.
 */
export function NotificationBell({
  channel,
  openConversationId = null,
}: {
  channel: NotificationChannel;
  openConversationId?: string | null;
}) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const unread = useUnreadCount();
  const list = useNotifications(open);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  useLiveNotifications(channel, openConversationId);
  const count = unread.data ?? 0;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const openItem = (item: NotificationItem) => {
    if (!item.read) markRead.mutate([item.id]);
    setOpen(false);
    navigate(item.link);
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
        className="relative flex size-10 items-center justify-center rounded-full text-ink-700 max-sm:size-9 hover:bg-ink-100 hover:text-ink-900 focus-visible:outline-3 focus-visible:outline-brand-600"
      >
        <BellIcon className="size-6" />
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute top-0 right-0 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger-700 px-1 text-xs font-bold text-white ring-2 ring-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      <DialogContent title="Notifications" description={count > 0 ? `${count} unread` : 'You are all caught up.'}>
        <div className="flex flex-col gap-3">
          {count > 0 && (
            <Button
              variant="secondary"
              size="sm"
              className="self-end"
              loading={markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              Mark all read
            </Button>
          )}
          {list.isPending ? (
            <Spinner label="Loading notifications" />
          ) : list.isError ? (
            <p className="text-sm text-danger-700">Could not load notifications. Please try again.</p>
          ) : items.length === 0 ? (
            <p className="py-6 text-center text-ink-600">
              No notifications yet. New matches, messages and likes show up here.
            </p>
          ) : (
            <ul className="-mx-3 flex flex-col gap-1">
              {items.map((item) => (
                <NotificationRow key={item.id} item={item} onOpen={openItem} />
              ))}
            </ul>
          )}
          {list.hasNextPage && (
            <Button
              variant="ghost"
              size="sm"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Show older
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

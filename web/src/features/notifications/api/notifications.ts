/**
 * The notification centre's data (issue 19): pages of notifications, the bell's number, marking
 * read, and the live frames from the shared realtime socket (handed in from app/ as a channel).
 */
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { NOTIFICATION_KINDS } from '../../../../../core/notifications/model';
import { api } from '../../../lib/api-client';
import type { Endpoints } from '../../../lib/api-types';
import { lazySchema, z } from '../../../lib/zod';

const buildNotificationItem = () =>
  z.object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    body: z.string(),
    link: z.string(),
    createdAt: z.string(),
    read: z.boolean(),
    actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  });
/** A notification as the list and the live frame carry it, built at its first use (N198). */
const notificationItem = lazySchema(buildNotificationItem);
export type NotificationItem = z.infer<ReturnType<typeof buildNotificationItem>>;

type Page = { items: NotificationItem[]; nextCursor: string | null; unread: number };

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
};

export const useNotifications = (enabled: boolean) =>
  useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) =>
      api('GET /api/notifications', { query: pageParam ? { cursor: pageParam, limit: '20' } : { limit: '20' } }),
    initialPageParam: '' as string,
    getNextPageParam: (last: Page) => last.nextCursor ?? undefined,
    enabled,
  });

export const useUnreadCount = () =>
  useQuery({
    queryKey: notificationKeys.unread,
    queryFn: async () => (await api('GET /api/notifications/unread-count')).unread,
  });

/** The count answered in the page the server sent (N178). */
export const seedUnreadCount = (
  queryClient: QueryClient,
  answer: Endpoints['GET /api/notifications/unread-count']['response'],
) => queryClient.setQueryData(notificationKeys.unread, answer.unread);

function setRead(queryClient: QueryClient, ids: Set<string> | null, unread: number) {
  queryClient.setQueryData(notificationKeys.unread, unread);
  queryClient.setQueryData<InfiniteData<Page>>(notificationKeys.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            items: p.items.map((n) => (ids === null || ids.has(n.id) ? { ...n, read: true } : n)),
          })),
        }
      : data,
  );
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api('POST /api/notifications/read', { body: { ids } }),
    onSuccess: ({ unread }, ids) => setRead(queryClient, new Set(ids), unread),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/notifications/read-all'),
    onSuccess: ({ unread }) => setRead(queryClient, null, unread),
  });
}

/** The shared realtime socket, as the bell uses it (handed in from app/, like calls' channel). */
export interface NotificationChannel {
  subscribe(listener: (frame: { type: string; notification?: unknown; unread?: number }) => void): () => void;
  retain(): () => void;
}

/**
 * Keeps the bell and the list current from live frames. An item about the chat on screen is read
 * at once (N97): the open chat marks the conversation read, and the bell never lights up for it.
 */
export function useLiveNotifications(channel: NotificationChannel, openConversationId: string | null) {
  const queryClient = useQueryClient();
  const markRead = useMarkRead();
  const { mutate } = markRead;
  useEffect(() => {
    const release = channel.retain();
    const unsubscribe = channel.subscribe((frame) => {
      if (frame.type === 'notification.read' && typeof frame.unread === 'number') {
        queryClient.setQueryData(notificationKeys.unread, frame.unread);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      }
      if (frame.type !== 'notification.created') return;
      const parsed = notificationItem().safeParse(frame.notification);
      if (!parsed.success) return;
      const item = parsed.data;
      const aboutOpenChat =
        openConversationId !== null &&
        (item.kind === 'message' || item.kind === 'match') &&
        new URL(item.link, window.location.origin).searchParams.get('conversation') === openConversationId;
      if (aboutOpenChat) {
        mutate([item.id]);
        return;
      }
      if (typeof frame.unread === 'number') queryClient.setQueryData(notificationKeys.unread, frame.unread);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    });
    return () => {
      unsubscribe();
      release();
    };
  }, [channel, openConversationId, queryClient, mutate]);
}

/**
 * The realtime bus with the notification centre listening (N97): a new message or match published
 * to a student becomes their notification, and a chat they read marks its notifications read. The
 * publish itself goes through unchanged; a notification fault is logged, never thrown back into
 * the write that caused it.
 *
 * A subscriber (an open tab) hears a stored notification as `notification.created`, read for it
 * when it arrives (N186): the writer publishes only the id. Events reach each subscriber in the
 * order they were published: while a notification is being read, later events wait behind it.
 */
import type { RealtimeBus, RealtimeEvent } from '../../../core/messaging/ports';
import { chatReadBy, notificationForEvent } from '../../../core/notifications/events';
import { conversationRead, liveFrame, notifySafely } from '../../../core/notifications/notifications';
import type { NotificationDeps } from '../../../core/notifications/ports';

export function notifyingBus(inner: RealtimeBus, deps: () => NotificationDeps): RealtimeBus {
  return {
    subscribe(userId, handler) {
      let pending: Promise<void> | null = null;
      const expand = async (id: string) => {
        try {
          const frame = await liveFrame(deps(), userId, id);
          if (frame) handler(frame);
        } catch (e) {
          deps().log(`[notifications] reading ${id} for a tab failed: ${e instanceof Error ? e.message : String(e)}`);
        }
      };
      return inner.subscribe(userId, (event) => {
        if (event.type !== 'notification.stored' && pending === null) return handler(event);
        const step = () => (event.type === 'notification.stored' ? expand(event.id) : handler(event));
        const next: Promise<void> = (pending ?? Promise.resolve())
          .then(step)
          .catch((e) => deps().log(`[realtime] a queued event failed: ${e instanceof Error ? e.message : String(e)}`))
          .finally(() => {
            if (pending === next) pending = null;
          });
        pending = next;
      });
    },
    async publish(userId: string, event: RealtimeEvent) {
      await inner.publish(userId, event);
      const input = notificationForEvent(userId, event);
      if (input) await notifySafely(deps(), input);
      const read = chatReadBy(event);
      if (read) {
        try {
          await conversationRead(deps(), read.readerId, read.conversationId);
        } catch (e) {
          deps().log(`[notifications] marking a read chat failed: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
    },
  };
}

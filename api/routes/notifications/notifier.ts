/**
 * The realtime bus with the notification centre listening (N97): a new message or match published
 * to a student becomes their notification, and a chat they read marks its notifications read. The
 * publish itself goes through unchanged; a notification fault is logged, never thrown back into
 * the write that caused it.
 */
import type { RealtimeBus, RealtimeEvent } from '../../../core/messaging/ports';
import { chatReadBy, notificationForEvent } from '../../../core/notifications/events';
import { conversationRead, notifySafely } from '../../../core/notifications/notifications';
import type { NotificationDeps } from '../../../core/notifications/ports';

export function notifyingBus(inner: RealtimeBus, deps: () => NotificationDeps): RealtimeBus {
  return {
    subscribe: (userId, handler) => inner.subscribe(userId, handler),
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

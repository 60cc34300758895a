/**
 * Which realtime events become notifications (issue 19): the bus already carries every new
 * message and match to the right student, on every process, so the centre listens there rather
 * than in each use case (N97).
 */
import type { RealtimeEvent } from '../messaging/ports';
import type { NewNotification } from './notifications';

export function notificationForEvent(userId: string, event: RealtimeEvent): NewNotification | null {
  if (event.type === 'message.created') {
    const m = event.message;
    // Your own messages, and a held one (only its sender receives it), are not news.
    // A group chat's system line ("Ana joined") has its own notification kinds (issue 20's lines).
    if (m.senderId === userId || m.pendingReview || m.kind === 'system') return null;
    return { userId, kind: 'message', actorId: m.senderId, subjectId: m.conversationId, messageId: m.id };
  }
  // The student whose like made the match sees the dialog already; the other one is told.
  if (event.type === 'match.created' && !event.byYou)
    return { userId, kind: 'match', actorId: event.userId, subjectId: event.conversationId };
  return null;
}

/** `messages.read` goes to the other participant: this is who read which chat. */
export function chatReadBy(event: RealtimeEvent): { readerId: string; conversationId: string } | null {
  return event.type === 'messages.read' ? { readerId: event.readerId, conversationId: event.conversationId } : null;
}

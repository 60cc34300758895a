/** What the SQLite and PostgreSQL messaging repositories share (N29: same representation, same SQL). */
import type { Message } from '../../../core/messaging/ports';

export type MessageRow = {
  seq: number;
  id: string;
  conversation_id: string;
  sender_id: string;
  content: string;
  is_read: number;
  created_at: number;
};

export const toMessage = (r: MessageRow): Message => ({
  seq: r.seq,
  id: r.id,
  conversationId: r.conversation_id,
  senderId: r.sender_id,
  content: r.content,
  isRead: r.is_read === 1,
  createdAt: new Date(r.created_at),
});

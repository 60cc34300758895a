/** PostgreSQL adapters for conversations, messages and content flags: the SQLite queries (N29). */
import type {
  ContentFlagInput,
  ContentFlagRepository,
  ConversationRepository,
  ConversationSummary,
  Message,
  Relationship,
  SendInput,
} from '../../../core/messaging/ports';
import {
  INSERT_FLAG_SQL,
  insertFlagParams,
  MESSAGE_COLUMNS,
  type MessageRow,
  toMessage,
} from '../shared/messaging-rows';
import type { PgSql } from './sql';

export class PostgresConversationRepository implements ConversationRepository {
  private readonly s: Record<string, string>;

  constructor(private readonly sql: PgSql) {
    this.s = {
      insertConversation:
        'INSERT INTO conversations (id, user1_id, user2_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
      insertParticipant:
        'INSERT INTO conversation_participants (conversation_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
      participants: 'SELECT user_id FROM conversation_participants WHERE conversation_id = ?',
      relationship: `SELECT
           EXISTS (SELECT 1 FROM matches WHERE user_id = @me AND matched_user_id = @other AND status = 'matched') AS matched,
           EXISTS (SELECT 1 FROM blocked_users WHERE (blocker_id = @me AND blocked_user_id = @other)
                                              OR (blocker_id = @other AND blocked_user_id = @me)) AS blocked,
           EXISTS (SELECT 1 FROM users WHERE id = @other AND status = 'active') AS active`,
      list: `SELECT c.id, CASE WHEN c.user1_id = @me THEN c.user2_id ELSE c.user1_id END AS other_id,
                c.last_message_at, c.last_message_text, c.last_message_seq, c.created_at, p.cleared_seq,
                (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id != @me
                   AND m.is_read = 0 AND m.removed = 0 AND m.held = 0 AND m.seq > p.cleared_seq) AS unread
         FROM conversation_participants p JOIN conversations c ON c.id = p.conversation_id
         WHERE p.user_id = @me AND p.hidden = 0 AND c.user1_id IS NOT NULL
         ORDER BY coalesce(c.last_message_at, c.created_at) DESC`,
      sentInWindow:
        'SELECT count(*) AS n, min(created_at) AS oldest FROM messages WHERE sender_id = ? AND created_at > ?',
      insertMessage: `INSERT INTO messages (id, kind, conversation_id, sender_id, content, is_read, removed, held, created_at)
         VALUES (@id, @kind, @conversationId, @senderId, @content, 0, 0, @held, @createdAt) RETURNING seq`,
      touchConversation: `UPDATE conversations SET last_message_at = @at, last_message_text = @text, last_message_seq = @seq WHERE id = @id`,
      unhide: 'UPDATE conversation_participants SET hidden = 0 WHERE conversation_id = ?',
      unhideFor: 'UPDATE conversation_participants SET hidden = 0 WHERE conversation_id = ? AND user_id = ?',
      one: `SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.id = ? AND m.removed = 0`,
      after: `SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.conversation_id = @id AND m.removed = 0 AND m.seq > @after
           AND (m.held = 0 OR m.sender_id = @me)
           AND m.seq > (SELECT cleared_seq FROM conversation_participants WHERE conversation_id = @id AND user_id = @me)
         ORDER BY m.seq ASC LIMIT @limit`,
      before: `SELECT * FROM (SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.conversation_id = @id AND m.removed = 0
           AND m.seq < @before AND (m.held = 0 OR m.sender_id = @me)
           AND m.seq > (SELECT cleared_seq FROM conversation_participants WHERE conversation_id = @id AND user_id = @me)
         ORDER BY m.seq DESC LIMIT @limit) page ORDER BY seq ASC`,
      markRead: `UPDATE messages SET is_read = 1 WHERE conversation_id = ? AND sender_id != ? AND is_read = 0 AND held = 0 RETURNING seq`,
      hide: `UPDATE conversation_participants SET hidden = 1,
           cleared_seq = (SELECT coalesce(max(seq), 0) FROM messages WHERE conversation_id = @id)
         WHERE conversation_id = @id AND user_id = @me`,
      bothHidden: 'SELECT count(*) AS n FROM conversation_participants WHERE conversation_id = ? AND hidden = 0',
      eraseMessages: 'DELETE FROM messages WHERE conversation_id = ?',
      clearLast: 'UPDATE conversations SET last_message_text = NULL, last_message_at = NULL WHERE id = ?',
    };
  }

  async ensure(id: string, user1: string, user2: string, now: Date) {
    await this.sql.transaction(async (tx) => {
      await tx.run(this.s.insertConversation!, [id, user1, user2, now.getTime()]);
      await tx.run(this.s.insertParticipant!, [id, user1]);
      await tx.run(this.s.insertParticipant!, [id, user2]);
    });
  }

  async participants(conversationId: string) {
    const rows = await this.sql.all<{ user_id: string }>(this.s.participants!, [conversationId]);
    return rows.length > 0 ? rows.map((r) => r.user_id) : null;
  }

  async relationship(userId: string, otherId: string): Promise<Relationship> {
    const r = (await this.sql.get(this.s.relationship!, { me: userId, other: otherId })) as {
      matched: boolean;
      blocked: boolean;
      active: boolean;
    };
    return { matched: r.matched, blocked: r.blocked, otherActive: r.active };
  }

  async list(userId: string): Promise<ConversationSummary[]> {
    const rows = await this.sql.all<{
      id: string;
      other_id: string;
      last_message_at: number | null;
      last_message_text: string | null;
      last_message_seq: number;
      created_at: number;
      cleared_seq: number;
      unread: number;
    }>(this.s.list!, { me: userId });
    return rows.map((r) => {
      const visible = r.last_message_seq > r.cleared_seq;
      return {
        id: r.id,
        otherUserId: r.other_id,
        lastMessageAt: visible && r.last_message_at !== null ? new Date(r.last_message_at) : null,
        lastMessageText: visible ? r.last_message_text : null,
        unreadCount: r.unread,
        createdAt: new Date(r.created_at),
      };
    });
  }

  async send(message: SendInput, windowStart: Date, allowed: (sent: number, oldest: Date | null) => boolean) {
    return this.sql.transaction(async (tx): Promise<Message | null> => {
      // The sender's row lock makes count-and-insert atomic across processes (D19's cap holds, D4).
      await tx.lockUsers(message.senderId);
      const sent = (await tx.get(this.s.sentInWindow!, [message.senderId, windowStart.getTime()])) as {
        n: number;
        oldest: number | null;
      };
      if (!allowed(sent.n, sent.oldest === null ? null : new Date(sent.oldest))) return null;
      const at = message.createdAt.getTime();
      const { pendingReview, kind = 'text', ...fields } = message;
      const held = pendingReview ? 1 : 0;
      const row = (await tx.get(this.s.insertMessage!, { ...fields, kind, held, createdAt: at })) as { seq: number };
      const seq = row.seq;
      // A held message is no preview and brings the chat back only for its sender (issue 15).
      if (pendingReview) {
        await tx.run(this.s.unhideFor!, [message.conversationId, message.senderId]);
        return { ...fields, kind, seq, isRead: false, flag: null, pendingReview: pendingReview === true };
      }
      await tx.run(this.s.touchConversation!, {
        at,
        text: message.content.slice(0, 200),
        seq,
        id: message.conversationId,
      });
      await tx.run(this.s.unhide!, [message.conversationId]);
      return { ...fields, kind, seq, isRead: false, flag: null, pendingReview: false };
    });
  }

  async message(messageId: string) {
    const row = await this.sql.get(this.s.one!, [messageId]);
    return row ? toMessage(row as MessageRow) : null;
  }

  async messages(conversationId: string, viewerId: string, page: { after?: number; before?: number; limit: number }) {
    const rows =
      page.before !== undefined
        ? await this.sql.all<MessageRow>(this.s.before!, {
            id: conversationId,
            me: viewerId,
            before: page.before,
            limit: page.limit,
          })
        : await this.sql.all<MessageRow>(this.s.after!, {
            id: conversationId,
            me: viewerId,
            after: page.after ?? 0,
            limit: page.limit,
          });
    return rows.map(toMessage);
  }

  async markRead(conversationId: string, readerId: string) {
    const rows = await this.sql.all<{ seq: number }>(this.s.markRead!, [conversationId, readerId]);
    return rows.reduce((max, r) => Math.max(max, r.seq), 0);
  }

  async deleteFor(conversationId: string, userId: string) {
    await this.sql.transaction(async (tx) => {
      // Both participants deleting at once must not both see the other still there.
      await tx.get('SELECT id FROM conversations WHERE id = ? FOR UPDATE', [conversationId]);
      await tx.run(this.s.hide!, { id: conversationId, me: userId });
      // 001 §4: once both have deleted it, its messages are gone for good.
      if (((await tx.get(this.s.bothHidden!, [conversationId])) as { n: number }).n === 0) {
        await tx.run(this.s.eraseMessages!, [conversationId]);
        await tx.run(this.s.clearLast!, [conversationId]);
      }
    });
  }
}

export class PostgresContentFlagRepository implements ContentFlagRepository {
  constructor(private readonly sql: PgSql) {}

  async add(f: ContentFlagInput) {
    await this.sql.run(INSERT_FLAG_SQL, insertFlagParams(f));
  }

  async unflaggedMessages() {
    const rows = await this.sql.all<{ id: string; sender_id: string; content: string }>(
      `SELECT m.id, m.sender_id, m.content FROM messages m
       WHERE m.removed = 0
         AND NOT EXISTS (SELECT 1 FROM content_flags f WHERE f.content_type = 'message' AND f.content_id = m.id)
       ORDER BY m.seq`,
    );
    return rows.map((r) => ({ id: r.id, senderId: r.sender_id, content: r.content }));
  }
}

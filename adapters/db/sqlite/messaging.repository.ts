/** SQLite adapters for conversations, messages and content flags (prepared statements: chat is hot). */
import type { Statement } from 'better-sqlite3';
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
import type { SqliteDb } from './client';

export class SqliteConversationRepository implements ConversationRepository {
  private readonly s: Record<string, Statement>;

  constructor(private readonly db: SqliteDb) {
    const sql = db.$client;
    this.s = {
      insertConversation: sql.prepare(
        'INSERT OR IGNORE INTO conversations (id, user1_id, user2_id, created_at) VALUES (?, ?, ?, ?)',
      ),
      insertParticipant: sql.prepare(
        'INSERT OR IGNORE INTO conversation_participants (conversation_id, user_id) VALUES (?, ?)',
      ),
      participants: sql.prepare('SELECT user_id FROM conversation_participants WHERE conversation_id = ?'),
      relationship: sql.prepare(
        `SELECT
           EXISTS (SELECT 1 FROM matches WHERE user_id = @me AND matched_user_id = @other AND status = 'matched') AS matched,
           EXISTS (SELECT 1 FROM blocked_users WHERE (blocker_id = @me AND blocked_user_id = @other)
                                              OR (blocker_id = @other AND blocked_user_id = @me)) AS blocked,
           EXISTS (SELECT 1 FROM users WHERE id = @other AND status = 'active') AS active`,
      ),
      list: sql.prepare(
        `SELECT c.id, CASE WHEN c.user1_id = @me THEN c.user2_id ELSE c.user1_id END AS other_id,
                c.last_message_at, c.last_message_text, c.last_message_seq, c.created_at, p.cleared_seq,
                (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id != @me
                   AND m.is_read = 0 AND m.removed = 0 AND m.held = 0 AND m.seq > p.cleared_seq) AS unread
         FROM conversation_participants p JOIN conversations c ON c.id = p.conversation_id
         WHERE p.user_id = @me AND p.hidden = 0 AND c.user1_id IS NOT NULL
         ORDER BY coalesce(c.last_message_at, c.created_at) DESC`,
      ),
      sentInWindow: sql.prepare(
        'SELECT count(*) AS n, min(created_at) AS oldest FROM messages WHERE sender_id = ? AND created_at > ?',
      ),
      insertMessage: sql.prepare(
        `INSERT INTO messages (id, kind, conversation_id, sender_id, content, is_read, removed, held, created_at)
         VALUES (@id, @kind, @conversationId, @senderId, @content, 0, 0, @held, @createdAt)`,
      ),
      touchConversation: sql.prepare(
        `UPDATE conversations SET last_message_at = @at, last_message_text = @text, last_message_seq = @seq WHERE id = @id`,
      ),
      unhide: sql.prepare('UPDATE conversation_participants SET hidden = 0 WHERE conversation_id = ?'),
      unhideFor: sql.prepare(
        'UPDATE conversation_participants SET hidden = 0 WHERE conversation_id = ? AND user_id = ?',
      ),
      one: sql.prepare(`SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.id = ? AND m.removed = 0`),
      after: sql.prepare(
        `SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.conversation_id = @id AND m.removed = 0 AND m.seq > @after
           AND (m.held = 0 OR m.sender_id = @me)
           AND m.seq > (SELECT cleared_seq FROM conversation_participants WHERE conversation_id = @id AND user_id = @me)
         ORDER BY m.seq ASC LIMIT @limit`,
      ),
      before: sql.prepare(
        `SELECT * FROM (SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.conversation_id = @id AND m.removed = 0
           AND m.seq < @before AND (m.held = 0 OR m.sender_id = @me)
           AND m.seq > (SELECT cleared_seq FROM conversation_participants WHERE conversation_id = @id AND user_id = @me)
         ORDER BY m.seq DESC LIMIT @limit) ORDER BY seq ASC`,
      ),
      markRead: sql.prepare(
        `UPDATE messages SET is_read = 1 WHERE conversation_id = ? AND sender_id != ? AND is_read = 0 AND held = 0 RETURNING seq`,
      ),
      hide: sql.prepare(
        `UPDATE conversation_participants SET hidden = 1,
           cleared_seq = (SELECT coalesce(max(seq), 0) FROM messages WHERE conversation_id = @id)
         WHERE conversation_id = @id AND user_id = @me`,
      ),
      bothHidden: sql.prepare(
        'SELECT count(*) AS n FROM conversation_participants WHERE conversation_id = ? AND hidden = 0',
      ),
      eraseMessages: sql.prepare('DELETE FROM messages WHERE conversation_id = ?'),
      clearLast: sql.prepare('UPDATE conversations SET last_message_text = NULL, last_message_at = NULL WHERE id = ?'),
    };
  }

  async ensure(id: string, user1: string, user2: string, now: Date) {
    this.db.$client.transaction(() => {
      this.s.insertConversation!.run(id, user1, user2, now.getTime());
      this.s.insertParticipant!.run(id, user1);
      this.s.insertParticipant!.run(id, user2);
    })();
  }

  async participants(conversationId: string) {
    const rows = this.s.participants!.all(conversationId) as { user_id: string }[];
    return rows.length > 0 ? rows.map((r) => r.user_id) : null;
  }

  async relationship(userId: string, otherId: string): Promise<Relationship> {
    const r = this.s.relationship!.get({ me: userId, other: otherId }) as {
      matched: number;
      blocked: number;
      active: number;
    };
    return { matched: r.matched === 1, blocked: r.blocked === 1, otherActive: r.active === 1 };
  }

  async list(userId: string): Promise<ConversationSummary[]> {
    const rows = this.s.list!.all({ me: userId }) as {
      id: string;
      other_id: string;
      last_message_at: number | null;
      last_message_text: string | null;
      last_message_seq: number;
      created_at: number;
      cleared_seq: number;
      unread: number;
    }[];
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
    const run = this.db.$client.transaction((): Message | null => {
      const sent = this.s.sentInWindow!.get(message.senderId, windowStart.getTime()) as {
        n: number;
        oldest: number | null;
      };
      if (!allowed(sent.n, sent.oldest === null ? null : new Date(sent.oldest))) return null;
      const at = message.createdAt.getTime();
      const { pendingReview, kind = 'text', ...fields } = message;
      const info = this.s.insertMessage!.run({ ...fields, kind, held: pendingReview ? 1 : 0, createdAt: at });
      const seq = Number(info.lastInsertRowid);
      // A held message is no preview and brings the chat back only for its sender (issue 15).
      if (pendingReview) {
        this.s.unhideFor!.run(message.conversationId, message.senderId);
      } else {
        this.s.touchConversation!.run({ at, text: message.content.slice(0, 200), seq, id: message.conversationId });
        this.s.unhide!.run(message.conversationId);
      }
      return { ...fields, kind, seq, isRead: false, flag: null, pendingReview: pendingReview === true };
    });
    // IMMEDIATE: the count and the insert happen under one write lock (D19's cap holds).
    return run.immediate();
  }

  async message(messageId: string) {
    const row = this.s.one!.get(messageId) as MessageRow | undefined;
    return row ? toMessage(row) : null;
  }

  async messages(conversationId: string, viewerId: string, page: { after?: number; before?: number; limit: number }) {
    const rows =
      page.before !== undefined
        ? this.s.before!.all({ id: conversationId, me: viewerId, before: page.before, limit: page.limit })
        : this.s.after!.all({ id: conversationId, me: viewerId, after: page.after ?? 0, limit: page.limit });
    return (rows as MessageRow[]).map(toMessage);
  }

  async markRead(conversationId: string, readerId: string) {
    const rows = this.s.markRead!.all(conversationId, readerId) as { seq: number }[];
    return rows.reduce((max, r) => Math.max(max, r.seq), 0);
  }

  async deleteFor(conversationId: string, userId: string) {
    this.db.$client.transaction(() => {
      this.s.hide!.run({ id: conversationId, me: userId });
      // 001 §4: once both have deleted it, its messages are gone for good.
      if ((this.s.bothHidden!.get(conversationId) as { n: number }).n === 0) {
        this.s.eraseMessages!.run(conversationId);
        this.s.clearLast!.run(conversationId);
      }
    })();
  }
}

export class SqliteContentFlagRepository implements ContentFlagRepository {
  constructor(private readonly db: SqliteDb) {}

  async add(f: ContentFlagInput) {
    this.db.$client.prepare(INSERT_FLAG_SQL).run(...insertFlagParams(f));
  }

  async unflaggedMessages() {
    const rows = this.db.$client
      .prepare(
        `SELECT m.id, m.sender_id, m.content FROM messages m
         WHERE m.removed = 0
           AND NOT EXISTS (SELECT 1 FROM content_flags f WHERE f.content_type = 'message' AND f.content_id = m.id)
         ORDER BY m.seq`,
      )
      .all() as { id: string; sender_id: string; content: string }[];
    return rows.map((r) => ({ id: r.id, senderId: r.sender_id, content: r.content }));
  }
}

/** What the SQLite and PostgreSQL messaging repositories share (N29: same representation, same SQL). */
import type { ContentFlagInput, Message, MessageKind } from '../../../core/messaging/ports';

const PENDING_AUTO_FLAG = (column: string) => `(SELECT f.${column} FROM content_flags f
    WHERE f.status = 'pending' AND f.content_type = 'message' AND f.content_id = m.id AND f.auto_flagged = 1
    ORDER BY f.created_at DESC, f.id LIMIT 1)`;

/**
 * A message's columns, with its pending automatic flag (issue 15): the recipient's warning is chosen
 * from it. An approved flag (an admin found it harmless) warns no more.
 */
export const MESSAGE_COLUMNS = `seq, id, kind, conversation_id, sender_id, content, is_read, held, created_at,
  ${PENDING_AUTO_FLAG('flag_reason')} AS flag_reason, ${PENDING_AUTO_FLAG('confidence_score')} AS flag_confidence`;

/** Who raised an automatic flag: the system, and whether the sender was warned first (issue 15). */
const flaggedBy = (sentAfterWarning: boolean | undefined) =>
  sentAfterWarning ? 'system:sent-after-warning' : 'system';

/** An automatic flag with its evidence (issue 15): at most 10 spans of 80 characters, as JSON. */
export const INSERT_FLAG_SQL = `INSERT INTO content_flags (id, content_type, content_id, author_id, flag_reason, status,
    auto_flagged, confidence_score, flagged_by, created_at, evidence)
  VALUES (?, ?, ?, ?, ?, 'pending', 1, ?, ?, ?, ?)`;

export const insertFlagParams = (f: ContentFlagInput) => [
  f.id,
  f.contentType,
  f.contentId,
  f.authorId,
  f.flag.reason,
  f.flag.confidence,
  flaggedBy(f.sentAfterWarning),
  f.at.getTime(),
  JSON.stringify(f.flag.matched.slice(0, 10).map((m) => m.slice(0, 80))),
];

export type MessageRow = {
  seq: number;
  id: string;
  kind: MessageKind;
  conversation_id: string;
  sender_id: string;
  content: string;
  is_read: number;
  held: number;
  created_at: number;
  flag_reason: string | null;
  flag_confidence: number | null;
};

export const toMessage = (r: MessageRow): Message => ({
  seq: r.seq,
  id: r.id,
  kind: r.kind,
  conversationId: r.conversation_id,
  senderId: r.sender_id,
  content: r.content,
  isRead: r.is_read === 1,
  pendingReview: r.held === 1,
  createdAt: new Date(r.created_at),
  flag: r.flag_reason === null ? null : { reason: r.flag_reason, confidence: Number(r.flag_confidence ?? 0) },
});

/**
 * Releasing a held message once an admin approved its flag (issue 15), in the approval's
 * transaction: the recipient now reads and counts it, and it becomes the conversation's preview
 * unless a later message already is.
 */
export const RELEASE_HELD_SQL = {
  release: `UPDATE messages SET held = 0 WHERE held = 1 AND removed = 0
      AND id = (SELECT content_id FROM content_flags WHERE id = ? AND content_type = 'message')
    RETURNING seq, conversation_id, content, created_at`,
  touch: `UPDATE conversations SET last_message_at = ?, last_message_text = ?, last_message_seq = ?
    WHERE id = ? AND last_message_seq < ?`,
  unhide: 'UPDATE conversation_participants SET hidden = 0 WHERE conversation_id = ?',
} as const;

export type ReleasedRow = { seq: number; conversation_id: string; content: string; created_at: number };

/** The parameters of RELEASE_HELD_SQL.touch for a released message. */
export const touchParams = (r: ReleasedRow) => [
  Number(r.created_at),
  r.content.slice(0, 200),
  r.seq,
  r.conversation_id,
  r.seq,
];

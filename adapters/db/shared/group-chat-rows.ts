/**
 * What the SQLite and PostgreSQL group chat repositories share (issue 20, N29: same SQL). A group's
 * conversation row has no user pair and names its group; its participants are kept equal to the
 * group's members in the membership transaction itself (GROUP_CHAT_MEMBERSHIP), so a member who
 * leaves is out of the chat in the same commit.
 */
import { BLOCKED_EITHER_WAY } from './discovery-rows';

/** Visible to @me in conversation c for participant p: not removed, not someone else's held line, since they joined, not blocked (N118). */
const VISIBLE_TO_ME = `m.conversation_id = c.id AND m.removed = 0 AND (m.held = 0 OR m.sender_id = @me)
  AND m.seq > p.cleared_seq AND NOT ${BLOCKED_EITHER_WAY('m.sender_id')}`;

export const GROUP_CHAT_SQL = {
  groupExists: 'SELECT 1 AS one FROM groups WHERE id = @group',
  audience: `SELECT gm.user_id, CASE WHEN ${BLOCKED_EITHER_WAY('gm.user_id')} THEN 1 ELSE 0 END AS blocked
    FROM group_members gm
    JOIN users u ON u.id = gm.user_id AND u.status != 'deleted'
    JOIN conversation_participants p ON p.conversation_id = @conv AND p.user_id = gm.user_id
    WHERE gm.group_id = @group
    ORDER BY gm.joined_at, gm.user_id`,
  list: `SELECT c.id, g.id AS group_id, g.name, c.created_at, lm.created_at AS last_at, lm.content AS last_text,
      (SELECT count(*) FROM messages m WHERE ${VISIBLE_TO_ME} AND m.sender_id != @me AND m.held = 0 AND m.kind != 'system'
         AND m.seq > p.read_seq) AS unread
    FROM conversation_participants p
    JOIN conversations c ON c.id = p.conversation_id
    JOIN groups g ON g.id = c.group_id
    JOIN group_members mine ON mine.group_id = g.id AND mine.user_id = @me
    LEFT JOIN messages lm ON lm.seq = (SELECT max(m.seq) FROM messages m WHERE ${VISIBLE_TO_ME})
    WHERE p.user_id = @me
    ORDER BY coalesce(lm.created_at, c.created_at) DESC, c.id`,
  listMembers: `SELECT gm.group_id, gm.user_id FROM group_members gm
    JOIN group_members mine ON mine.group_id = gm.group_id AND mine.user_id = @me
    JOIN users u ON u.id = gm.user_id AND u.status != 'deleted'
    ORDER BY gm.joined_at, gm.user_id`,
  markRead: `UPDATE conversation_participants
    SET read_seq = (SELECT coalesce(max(seq), 0) FROM messages WHERE conversation_id = @conv AND held = 0 AND removed = 0)
    WHERE conversation_id = @conv AND user_id = @me
      AND read_seq < (SELECT coalesce(max(seq), 0) FROM messages WHERE conversation_id = @conv AND held = 0 AND removed = 0)
    RETURNING read_seq`,
  reads: `SELECT p.user_id, p.read_seq FROM conversation_participants p
    JOIN conversations c ON c.id = p.conversation_id
    JOIN group_members gm ON gm.group_id = c.group_id AND gm.user_id = p.user_id
    WHERE p.conversation_id = @conv
    ORDER BY gm.joined_at, gm.user_id`,
} as const;

/** Statements the groups repositories run inside their membership transactions (N116). */
export const GROUP_CHAT_MEMBERSHIP = {
  /** The conversation is made with the group (`?`: conversation id, group id, created at). */
  open: 'INSERT INTO conversations (id, group_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  /** A new member reads from now on: what was said before they joined stays the others' (N117). */
  join: `INSERT INTO conversation_participants (conversation_id, user_id, cleared_seq, read_seq)
    SELECT CAST(@conv AS text), CAST(@user AS text), coalesce(max(seq), 0), coalesce(max(seq), 0)
    FROM messages WHERE conversation_id = @conv
    ON CONFLICT DO NOTHING`,
  leave: 'DELETE FROM conversation_participants WHERE conversation_id = ? AND user_id = ?',
} as const;

export type AudienceRow = { user_id: string; blocked: number | string };
export type GroupListRow = {
  id: string;
  group_id: string;
  name: string;
  created_at: number | string;
  last_at: number | string | null;
  last_text: string | null;
  unread: number | string;
};

export const toAudience = (rows: AudienceRow[]) => ({
  memberIds: rows.map((r) => r.user_id),
  blockedWith: rows.filter((r) => Number(r.blocked) === 1).map((r) => r.user_id),
});

export function toGroupSummaries(rows: GroupListRow[], members: { group_id: string; user_id: string }[]) {
  return rows.map((r) => ({
    id: r.id,
    groupId: r.group_id,
    name: r.name,
    memberIds: members.filter((m) => m.group_id === r.group_id).map((m) => m.user_id),
    lastMessageAt: r.last_at === null ? null : new Date(Number(r.last_at)),
    lastMessageText: r.last_text === null ? null : r.last_text.slice(0, 200),
    unreadCount: Number(r.unread),
    createdAt: new Date(Number(r.created_at)),
  }));
}

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

/**
 * A group match's conversation (issue 20, N122): its participants are the people in it now (the
 * groups' membership transactions keep them), so it is read through them alone.
 */
export const GROUP_MATCH_CHAT_SQL = {
  exists: 'SELECT 1 AS one FROM group_matches WHERE conversation_id = @conv',
  audience: `SELECT p.user_id, CASE WHEN ${BLOCKED_EITHER_WAY('p.user_id')} THEN 1 ELSE 0 END AS blocked
    FROM conversation_participants p
    JOIN users u ON u.id = p.user_id AND u.status != 'deleted'
    WHERE p.conversation_id = @conv
    ORDER BY p.user_id`,
  list: `SELECT c.id, gx.group_id, g.name, coalesce(og.name, pr.name) AS other_name, c.created_at,
      lm.created_at AS last_at, lm.content AS last_text,
      (SELECT count(*) FROM messages m WHERE ${VISIBLE_TO_ME} AND m.sender_id != @me AND m.held = 0 AND m.kind != 'system'
         AND m.seq > p.read_seq) AS unread
    FROM conversation_participants p
    JOIN conversations c ON c.id = p.conversation_id
    JOIN group_matches gx ON gx.conversation_id = c.id
    JOIN groups g ON g.id = gx.group_id
    LEFT JOIN groups og ON og.id = gx.other_group_id
    LEFT JOIN profiles pr ON pr.id = gx.user_id
    LEFT JOIN messages lm ON lm.seq = (SELECT max(m.seq) FROM messages m WHERE ${VISIBLE_TO_ME})
    WHERE p.user_id = @me
    ORDER BY coalesce(lm.created_at, c.created_at) DESC, c.id`,
  listMembers: `SELECT p.conversation_id AS group_id, p.user_id FROM conversation_participants p
    JOIN group_matches gx ON gx.conversation_id = p.conversation_id
    JOIN conversation_participants mine ON mine.conversation_id = p.conversation_id AND mine.user_id = @me
    JOIN users u ON u.id = p.user_id AND u.status != 'deleted'
    ORDER BY p.user_id`,
  reads: `SELECT p.user_id, p.read_seq FROM conversation_participants p
    WHERE p.conversation_id = @conv ORDER BY p.user_id`,
} as const;

const NEWEST_SEQ = '(SELECT coalesce(max(m.seq), 0) FROM messages m WHERE m.conversation_id = gx.conversation_id)';

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
  /** A new member joins the group's match conversations too, reading from now on (N122). */
  joinMatches: `INSERT INTO conversation_participants (conversation_id, user_id, cleared_seq, read_seq)
    SELECT gx.conversation_id, CAST(@user AS text), ${NEWEST_SEQ}, ${NEWEST_SEQ}
    FROM group_matches gx
    WHERE (gx.group_id = @group OR gx.other_group_id = @group) AND (gx.user_id IS NULL OR gx.user_id != @user)
    ON CONFLICT DO NOTHING`,
  /** A member who leaves is out of the group's match conversations unless the other group of one holds them. */
  leaveMatches: `DELETE FROM conversation_participants
    WHERE user_id = @user AND conversation_id IN (
      SELECT gx.conversation_id FROM group_matches gx
      WHERE (gx.group_id = @group OR gx.other_group_id = @group)
        AND NOT EXISTS (SELECT 1 FROM group_members gm
          WHERE gm.user_id = @user AND gm.group_id != @group AND gm.group_id IN (gx.group_id, gx.other_group_id)))`,
  /** A deleted group takes its match conversations with it. */
  deleteMatches: `DELETE FROM conversations WHERE id IN (
    SELECT conversation_id FROM group_matches WHERE group_id = @group OR other_group_id = @group)`,
} as const;

export type AudienceRow = { user_id: string; blocked: number | string };
export type GroupListRow = {
  id: string;
  group_id: string;
  name: string;
  /** A group match's other side: the other group's name or the student's. */
  other_name?: string | null;
  created_at: number | string;
  last_at: number | string | null;
  last_text: string | null;
  unread: number | string;
};

export const toAudience = (rows: AudienceRow[]) => ({
  memberIds: rows.map((r) => r.user_id),
  blockedWith: rows.filter((r) => Number(r.blocked) === 1).map((r) => r.user_id),
});

/** `members` are keyed by group id for group chats and by conversation id for group matches. */
export function toGroupSummaries(
  rows: GroupListRow[],
  members: { group_id: string; user_id: string }[],
  kind: 'group' | 'match' = 'group',
) {
  return rows.map((r) => ({
    id: r.id,
    kind,
    groupId: r.group_id,
    // "Nest Seekers & Sam": the group and the student's first name (or the other group).
    name: kind === 'match' ? `${r.name} & ${(r.other_name ?? '').split(' ')[0]}` : r.name,
    memberIds: members.filter((m) => m.group_id === (kind === 'match' ? r.id : r.group_id)).map((m) => m.user_id),
    lastMessageAt: r.last_at === null ? null : new Date(Number(r.last_at)),
    lastMessageText: r.last_text === null ? null : r.last_text.slice(0, 200),
    unreadCount: Number(r.unread),
    createdAt: new Date(Number(r.created_at)),
  }));
}

/** Group chats and group match chats in one list, the latest activity first. */
export const byLatest = <T extends { id: string; lastMessageAt: Date | null; createdAt: Date }>(list: T[]) =>
  list.sort(
    (a, b) =>
      (b.lastMessageAt ?? b.createdAt).getTime() - (a.lastMessageAt ?? a.createdAt).getTime() ||
      a.id.localeCompare(b.id),
  );

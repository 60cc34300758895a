/**
 * What the SQLite and PostgreSQL group match repositories share (issue 20, N121–N123, N29: same
 * SQL). `IDS` is the one dialect difference: the engine's way to read a JSON array parameter.
 */
import type { GroupView, NewGroupMatch } from '../../../core/likes/group-likes';

const MEMBER = (group: string, user: string) =>
  `EXISTS (SELECT 1 FROM group_members mx WHERE mx.group_id = ${group} AND mx.user_id = ${user})`;

/** A block either way between the student and any current member of the group. */
const BLOCK_WITH_GROUP = (group: string, user: string) => `EXISTS (SELECT 1 FROM group_members bg
  JOIN blocked_users b ON (b.blocker_id = bg.user_id AND b.blocked_user_id = ${user})
    OR (b.blocker_id = ${user} AND b.blocked_user_id = bg.user_id)
  WHERE bg.group_id = ${group})`;

/** A block either way between any member of one group and any member of the other. */
const BLOCK_ACROSS = (g: string, h: string) => `EXISTS (SELECT 1 FROM group_members ga
  JOIN group_members gb ON gb.group_id = ${h}
  JOIN blocked_users b ON (b.blocker_id = ga.user_id AND b.blocked_user_id = gb.user_id)
    OR (b.blocker_id = gb.user_id AND b.blocked_user_id = ga.user_id)
  WHERE ga.group_id = ${g})`;

/** A group's like that still counts: its author is a member and it is within the window. */
const LIVE_GROUP_LIKE = `r.group_id IS NOT NULL AND r.status <> 'passed' AND r.created_at >= @since
  AND ${MEMBER('r.group_id', 'r.user_id')}`;

export const groupMatchesSql = (IDS: (param: string) => string) =>
  ({
    /** A like for group @lg on @target: a group @target belongs to liked a member of @lg. */
    groupToGroup: `SELECT r.group_id FROM matches r
      JOIN group_members gm ON gm.group_id = @lg AND gm.user_id = r.matched_user_id
      WHERE ${LIVE_GROUP_LIKE} AND r.group_id <> @lg AND ${MEMBER('r.group_id', '@target')}
        AND NOT ${BLOCK_ACROSS('@lg', 'r.group_id')}
      ORDER BY r.created_at, r.group_id LIMIT 1`,
    /** A like for group @lg on @target: @target liked a member of @lg as themself. */
    groupToStudent: `SELECT 1 AS one FROM matches r
      JOIN group_members gm ON gm.group_id = @lg AND gm.user_id = r.matched_user_id
      WHERE r.user_id = @target AND r.group_id IS NULL AND r.status <> 'passed'
        AND NOT ${MEMBER('@lg', '@target')} AND NOT ${BLOCK_WITH_GROUP('@lg', '@target')}
      LIMIT 1`,
    /** A student's own like on @target: a group @target belongs to liked @liker. */
    studentToGroup: `SELECT r.group_id FROM matches r
      WHERE r.matched_user_id = @liker AND ${LIVE_GROUP_LIKE} AND ${MEMBER('r.group_id', '@target')}
        AND NOT ${MEMBER('r.group_id', '@liker')} AND NOT ${BLOCK_WITH_GROUP('r.group_id', '@liker')}
      ORDER BY r.created_at, r.group_id LIMIT 1`,
    openConversation: 'INSERT INTO conversations (id, created_at) VALUES (@conv, @at)',
    insert: `INSERT INTO group_matches (id, conversation_id, group_id, user_id, other_group_id, created_at)
      VALUES (@id, @conv, @group, @user, @other, @at) ON CONFLICT DO NOTHING`,
    dropConversation: 'DELETE FROM conversations WHERE id = @conv',
    addMembers: `INSERT INTO conversation_participants (conversation_id, user_id)
      SELECT CAST(@conv AS text), gm.user_id FROM group_members gm WHERE gm.group_id IN (@group, @other)
      ON CONFLICT DO NOTHING`,
    addStudent: `INSERT INTO conversation_participants (conversation_id, user_id) VALUES (@conv, @user)
      ON CONFLICT DO NOTHING`,
    participants: 'SELECT user_id FROM conversation_participants WHERE conversation_id = @conv ORDER BY user_id',
    blockedWithGroup: `SELECT 1 AS one WHERE ${BLOCK_WITH_GROUP('@group', '@user')}`,
    blockedAround: `SELECT b.blocked_user_id AS id FROM group_members gm JOIN blocked_users b ON b.blocker_id = gm.user_id
        WHERE gm.group_id = @group
      UNION SELECT b.blocker_id FROM group_members gm JOIN blocked_users b ON b.blocked_user_id = gm.user_id
        WHERE gm.group_id = @group`,
    /** The active group of each of these users, unless a member of it is blocked either way with @me. */
    activeGroups: `SELECT m.user_id AS owner_id, g.id AS group_id, g.name FROM group_modes m
      JOIN groups g ON g.id = m.active_group_id
      JOIN group_members own ON own.group_id = g.id AND own.user_id = m.user_id
      WHERE m.mode = 'group' AND m.user_id IN ${IDS('@ids')} AND NOT ${BLOCK_WITH_GROUP('g.id', '@me')}`,
    /** These groups, each marked when a member is blocked either way with @me. */
    groups: `SELECT g.id AS owner_id, g.id AS group_id, g.name,
        CASE WHEN ${BLOCK_WITH_GROUP('g.id', '@me')} THEN 1 ELSE 0 END AS blocked
      FROM groups g WHERE g.id IN ${IDS('@ids')}`,
    /** The visible members of these groups, in joining order. */
    members: `SELECT gm.group_id, gm.user_id FROM group_members gm
      JOIN users u ON u.id = gm.user_id AND u.status = 'active'
      WHERE gm.group_id IN ${IDS('@ids')} ORDER BY gm.joined_at, gm.user_id`,
  }) as const;

export type GroupRow = { owner_id: string; group_id: string; name: string; blocked?: number | string };

/** Groups keyed by their owner (a user for activeGroups, the group itself for groups). */
export function toGroupViews(rows: GroupRow[], members: { group_id: string; user_id: string }[]) {
  const views = new Map<string, GroupView>();
  for (const r of rows) {
    views.set(r.owner_id, {
      groupId: r.group_id,
      name: r.name,
      blocked: Number(r.blocked ?? 0) === 1,
      memberIds: members.filter((m) => m.group_id === r.group_id).map((m) => m.user_id),
    });
  }
  return views;
}

/** The statement parameters of a new match. */
export const rowOf = (m: NewGroupMatch) => ({
  id: m.id,
  conv: m.conversationId,
  group: m.sides.groupId,
  user: m.sides.userId,
  other: m.sides.otherGroupId,
  at: m.at.getTime(),
});

/** SQLite adapter for groups, memberships and solo/group mode (issue 7; D18). */
import type { Database as Sqlite, Statement } from 'better-sqlite3';
import type { GroupRepository, GroupView } from '../../../core/groups/groups';
import type { GroupState, MembershipPlan, ModeSetting } from '../../../core/groups/rules';
import { groupConversationId } from '../../../core/messaging/group-chat';
import type { DomainError } from '../../../core/shared/errors';
import { ok, type Result } from '../../../core/shared/result';
import { GROUP_CHAT_MEMBERSHIP } from '../shared/group-chat-rows';
import {
  type GroupRow,
  LIVE_MEMBERS,
  MEMBER_CARD_COLUMNS,
  type MemberCardRow,
  type MemberRow,
  toMembership,
  toMemberView,
} from '../shared/groups-rows';
import type { SqliteDb } from './client';

export class SqliteGroupRepository implements GroupRepository {
  private readonly sql: Sqlite;
  private modeQuery: Statement | null = null;

  constructor(db: SqliteDb) {
    this.sql = db.$client;
  }

  async groupsOf(userId: string): Promise<GroupView[]> {
    const groups = this.sql
      .prepare(
        `SELECT g.* FROM groups g JOIN group_members mine ON mine.group_id = g.id AND mine.user_id = ?
         ORDER BY mine.joined_at, g.id`,
      )
      .all(userId) as GroupRow[];
    if (groups.length === 0) return [];
    const members = this.sql
      .prepare(
        `SELECT ${MEMBER_CARD_COLUMNS}
         FROM (${LIVE_MEMBERS}) m LEFT JOIN profiles p ON p.id = m.user_id
         WHERE m.group_id IN (SELECT value FROM json_each(@ids))
         ORDER BY m.joined_at, m.user_id`,
      )
      .all({ me: userId, ids: JSON.stringify(groups.map((g) => g.id)) }) as MemberCardRow[];
    return groups.map((g) => ({
      id: g.id,
      name: g.name,
      description: g.description,
      creatorId: g.creator_id,
      inviteCode: g.invite_code,
      inviteCodeExpiresAt: g.invite_code_expires_at === null ? null : new Date(g.invite_code_expires_at),
      createdAt: new Date(g.created_at),
      members: members.filter((m) => m.group_id === g.id).map((m) => toMemberView(userId, m)),
    }));
  }

  private stateOf(row: GroupRow | undefined): GroupState | null {
    if (!row) return null;
    const members = this.sql
      .prepare(`${LIVE_MEMBERS} WHERE gm.group_id = ? ORDER BY gm.joined_at, gm.user_id`)
      .all(row.id) as MemberRow[];
    return {
      id: row.id,
      inviteCode: row.invite_code,
      inviteCodeExpiresAt: row.invite_code_expires_at === null ? null : new Date(row.invite_code_expires_at),
      members: members.map(toMembership),
    };
  }

  async state(groupId: string) {
    return this.stateOf(this.sql.prepare('SELECT * FROM groups WHERE id = ?').get(groupId) as GroupRow | undefined);
  }

  async create(g: Parameters<GroupRepository['create']>[0]) {
    this.sql.transaction(() => {
      this.sql
        .prepare('INSERT INTO groups (id, name, description, creator_id, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(g.id, g.name, g.description, g.creatorId, g.at.getTime());
      this.sql
        .prepare(`INSERT INTO group_members (group_id, user_id, role, joined_at) VALUES (?, ?, 'admin', ?)`)
        .run(g.id, g.creatorId, g.at.getTime());
      // The group's conversation, with its creator in it (issue 20).
      this.sql.prepare(GROUP_CHAT_MEMBERSHIP.open).run(groupConversationId(g.id), g.id, g.at.getTime());
      this.sql.prepare(GROUP_CHAT_MEMBERSHIP.join).run({ conv: groupConversationId(g.id), user: g.creatorId });
    })();
  }

  async update(groupId: string, input: { name: string; description: string | null }) {
    this.sql
      .prepare('UPDATE groups SET name = ?, description = ? WHERE id = ?')
      .run(input.name, input.description, groupId);
  }

  async delete(groupId: string) {
    this.deleteGroup(groupId);
  }

  private deleteGroup(groupId: string) {
    // group_modes.active_group_id is ON DELETE SET NULL; the mode goes back to solo with it.
    this.sql.prepare(`UPDATE group_modes SET mode = 'solo' WHERE active_group_id = ?`).run(groupId);
    this.sql.prepare(GROUP_CHAT_MEMBERSHIP.deleteMatches).run({ group: groupId });
    this.sql.prepare('DELETE FROM groups WHERE id = ?').run(groupId);
  }

  async setInviteCode(groupId: string, code: string, expiresAt: Date, now: Date) {
    return this.sql
      .transaction(() => {
        const clash = this.sql
          .prepare('SELECT 1 FROM groups WHERE invite_code = ? AND invite_code_expires_at > ? AND id != ?')
          .get(code, now.getTime(), groupId);
        if (clash) return false;
        this.sql
          .prepare('UPDATE groups SET invite_code = ?, invite_code_expires_at = ? WHERE id = ?')
          .run(code, expiresAt.getTime(), groupId);
        return true;
      })
      .immediate();
  }

  async joinByCode(
    code: string,
    decide: (group: GroupState | null) => Result<MembershipPlan, DomainError>,
  ): Promise<Result<string, DomainError>> {
    // IMMEDIATE takes the write lock before reading, so two joins cannot both see room left.
    return this.sql
      .transaction((): Result<string, DomainError> => {
        const row = this.sql
          .prepare('SELECT * FROM groups WHERE invite_code = ? ORDER BY invite_code_expires_at DESC LIMIT 1')
          .get(code) as GroupRow | undefined;
        const group = this.stateOf(row);
        const plan = decide(group);
        if (!plan.ok) return plan;
        if (!group) throw new Error('a join was accepted for a code no group holds');
        this.apply(group.id, plan.value);
        return ok(group.id);
      })
      .immediate();
  }

  async changeMembers(
    groupId: string,
    decide: (group: GroupState | null) => Result<MembershipPlan, DomainError>,
  ): Promise<Result<MembershipPlan, DomainError>> {
    return this.sql
      .transaction((): Result<MembershipPlan, DomainError> => {
        const plan = decide(
          this.stateOf(this.sql.prepare('SELECT * FROM groups WHERE id = ?').get(groupId) as GroupRow),
        );
        if (plan.ok) this.apply(groupId, plan.value);
        return plan;
      })
      .immediate();
  }

  private apply(groupId: string, plan: MembershipPlan) {
    if (plan.kind === 'add') {
      this.sql
        .prepare('INSERT INTO group_members (group_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)')
        .run(groupId, plan.member.userId, plan.member.role, plan.member.joinedAt.getTime());
      this.sql
        .prepare(GROUP_CHAT_MEMBERSHIP.join)
        .run({ conv: groupConversationId(groupId), user: plan.member.userId });
      this.sql.prepare(GROUP_CHAT_MEMBERSHIP.joinMatches).run({ group: groupId, user: plan.member.userId });
      return;
    }
    this.sql.prepare('DELETE FROM group_members WHERE group_id = ? AND user_id = ?').run(groupId, plan.userId);
    // Out of the group's chat in the same commit (issue 20, N117).
    this.sql.prepare(GROUP_CHAT_MEMBERSHIP.leave).run(groupConversationId(groupId), plan.userId);
    this.sql.prepare(GROUP_CHAT_MEMBERSHIP.leaveMatches).run({ group: groupId, user: plan.userId });
    this.sql
      .prepare(`UPDATE group_modes SET mode = 'solo', active_group_id = NULL WHERE user_id = ? AND active_group_id = ?`)
      .run(plan.userId, groupId);
    if (plan.promote) {
      this.sql
        .prepare(`UPDATE group_members SET role = 'admin' WHERE group_id = ? AND user_id = ?`)
        .run(groupId, plan.promote);
    }
    if (plan.deleteGroup) this.deleteGroup(groupId);
  }

  async mode(userId: string): Promise<ModeSetting> {
    // Compiled once: every like reads the liker's mode (issue 20's group likes).
    this.modeQuery ??= this.sql.prepare('SELECT mode, active_group_id FROM group_modes WHERE user_id = ?');
    const row = this.modeQuery.get(userId) as { mode: ModeSetting['mode']; active_group_id: string | null } | undefined;
    return { mode: row?.mode ?? 'solo', activeGroupId: row?.active_group_id ?? null };
  }

  async setMode(userId: string, s: ModeSetting) {
    this.sql
      .prepare(
        `INSERT INTO group_modes (user_id, mode, active_group_id) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET mode = excluded.mode, active_group_id = excluded.active_group_id`,
      )
      .run(userId, s.mode, s.activeGroupId);
  }
}

/** PostgreSQL adapter for groups, memberships and solo/group mode (issue 7; D18). */
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
import type { PgSql } from './sql';

export class PostgresGroupRepository implements GroupRepository {
  constructor(private readonly sql: PgSql) {}

  async groupsOf(userId: string): Promise<GroupView[]> {
    const groups = await this.sql.all<GroupRow>(
      `SELECT g.* FROM groups g JOIN group_members mine ON mine.group_id = g.id AND mine.user_id = ?
       ORDER BY mine.joined_at, g.id`,
      [userId],
    );
    if (groups.length === 0) return [];
    const members = await this.sql.all<MemberCardRow>(
      `SELECT ${MEMBER_CARD_COLUMNS}
       FROM (${LIVE_MEMBERS}) m LEFT JOIN profiles p ON p.id = m.user_id
       WHERE m.group_id IN (SELECT value FROM json_array_elements_text(@ids::json))
       ORDER BY m.joined_at, m.user_id`,
      { me: userId, ids: JSON.stringify(groups.map((g) => g.id)) },
    );
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

  private async stateOf(sql: PgSql, row: GroupRow | undefined): Promise<GroupState | null> {
    if (!row) return null;
    const members = await sql.all<MemberRow>(
      `${LIVE_MEMBERS} WHERE gm.group_id = ? ORDER BY gm.joined_at, gm.user_id`,
      [row.id],
    );
    return {
      id: row.id,
      inviteCode: row.invite_code,
      inviteCodeExpiresAt: row.invite_code_expires_at === null ? null : new Date(row.invite_code_expires_at),
      members: members.map(toMembership),
    };
  }

  async state(groupId: string) {
    return this.stateOf(this.sql, await this.sql.get<GroupRow>('SELECT * FROM groups WHERE id = ?', [groupId]));
  }

  async create(g: Parameters<GroupRepository['create']>[0]) {
    await this.sql.transaction(async (tx) => {
      await tx.run('INSERT INTO groups (id, name, description, creator_id, created_at) VALUES (?, ?, ?, ?, ?)', [
        g.id,
        g.name,
        g.description,
        g.creatorId,
        g.at.getTime(),
      ]);
      await tx.run(`INSERT INTO group_members (group_id, user_id, role, joined_at) VALUES (?, ?, 'admin', ?)`, [
        g.id,
        g.creatorId,
        g.at.getTime(),
      ]);
      // The group's conversation, with its creator in it (issue 20).
      await tx.run(GROUP_CHAT_MEMBERSHIP.open, [groupConversationId(g.id), g.id, g.at.getTime()]);
      await tx.run(GROUP_CHAT_MEMBERSHIP.join, { conv: groupConversationId(g.id), user: g.creatorId });
    });
  }

  async update(groupId: string, input: { name: string; description: string | null }) {
    await this.sql.run('UPDATE groups SET name = ?, description = ? WHERE id = ?', [
      input.name,
      input.description,
      groupId,
    ]);
  }

  async delete(groupId: string) {
    await this.sql.transaction((tx) => this.deleteGroup(tx, groupId));
  }

  private async deleteGroup(sql: PgSql, groupId: string) {
    // group_modes.active_group_id is ON DELETE SET NULL; the mode goes back to solo with it.
    await sql.run(`UPDATE group_modes SET mode = 'solo' WHERE active_group_id = ?`, [groupId]);
    await sql.run(GROUP_CHAT_MEMBERSHIP.deleteMatches, { group: groupId });
    await sql.run('DELETE FROM groups WHERE id = ?', [groupId]);
  }

  async setInviteCode(groupId: string, code: string, expiresAt: Date, now: Date) {
    return this.sql.transaction(async (tx) => {
      // One code at a time: the advisory lock on the code keeps two groups from taking it together.
      await tx.lockKey(`invite:${code}`);
      const clash = await tx.get(
        'SELECT 1 FROM groups WHERE invite_code = ? AND invite_code_expires_at > ? AND id != ?',
        [code, now.getTime(), groupId],
      );
      if (clash) return false;
      await tx.run('UPDATE groups SET invite_code = ?, invite_code_expires_at = ? WHERE id = ?', [
        code,
        expiresAt.getTime(),
        groupId,
      ]);
      return true;
    });
  }

  async joinByCode(
    code: string,
    decide: (group: GroupState | null) => Result<MembershipPlan, DomainError>,
  ): Promise<Result<string, DomainError>> {
    return this.sql.transaction(async (tx): Promise<Result<string, DomainError>> => {
      // The group's row lock: two joins cannot both see room left (the size limit holds, D4).
      const row = await tx.get<GroupRow>(
        'SELECT * FROM groups WHERE invite_code = ? ORDER BY invite_code_expires_at DESC LIMIT 1 FOR UPDATE',
        [code],
      );
      const group = await this.stateOf(tx, row);
      const plan = decide(group);
      if (!plan.ok) return plan;
      if (!group) throw new Error('a join was accepted for a code no group holds');
      await this.apply(tx, group.id, plan.value);
      return ok(group.id);
    });
  }

  async changeMembers(
    groupId: string,
    decide: (group: GroupState | null) => Result<MembershipPlan, DomainError>,
  ): Promise<Result<MembershipPlan, DomainError>> {
    return this.sql.transaction(async (tx): Promise<Result<MembershipPlan, DomainError>> => {
      const row = await tx.get<GroupRow>('SELECT * FROM groups WHERE id = ? FOR UPDATE', [groupId]);
      const plan = decide(await this.stateOf(tx, row));
      if (plan.ok) await this.apply(tx, groupId, plan.value);
      return plan;
    });
  }

  private async apply(sql: PgSql, groupId: string, plan: MembershipPlan) {
    if (plan.kind === 'add') {
      await sql.run('INSERT INTO group_members (group_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)', [
        groupId,
        plan.member.userId,
        plan.member.role,
        plan.member.joinedAt.getTime(),
      ]);
      await sql.run(GROUP_CHAT_MEMBERSHIP.join, { conv: groupConversationId(groupId), user: plan.member.userId });
      await sql.run(GROUP_CHAT_MEMBERSHIP.joinMatches, { group: groupId, user: plan.member.userId });
      return;
    }
    await sql.run('DELETE FROM group_members WHERE group_id = ? AND user_id = ?', [groupId, plan.userId]);
    // Out of the group's chat in the same commit (issue 20, N117).
    await sql.run(GROUP_CHAT_MEMBERSHIP.leave, [groupConversationId(groupId), plan.userId]);
    await sql.run(GROUP_CHAT_MEMBERSHIP.leaveMatches, { group: groupId, user: plan.userId });
    await sql.run(
      `UPDATE group_modes SET mode = 'solo', active_group_id = NULL WHERE user_id = ? AND active_group_id = ?`,
      [plan.userId, groupId],
    );
    if (plan.promote) {
      await sql.run(`UPDATE group_members SET role = 'admin' WHERE group_id = ? AND user_id = ?`, [
        groupId,
        plan.promote,
      ]);
    }
    if (plan.deleteGroup) await this.deleteGroup(sql, groupId);
  }

  async mode(userId: string): Promise<ModeSetting> {
    // A named statement: every like reads the liker's mode (issue 18).
    const [row] = await this.sql.cached<{ mode: ModeSetting['mode']; active_group_id: string | null }>(
      'group_mode',
      'SELECT mode, active_group_id FROM group_modes WHERE user_id = ?',
      [userId],
    );
    return { mode: row?.mode ?? 'solo', activeGroupId: row?.active_group_id ?? null };
  }

  async setMode(userId: string, s: ModeSetting) {
    await this.sql.run(
      `INSERT INTO group_modes (user_id, mode, active_group_id) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET mode = excluded.mode, active_group_id = excluded.active_group_id`,
      [userId, s.mode, s.activeGroupId],
    );
  }
}

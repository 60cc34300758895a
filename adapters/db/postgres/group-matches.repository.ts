/** PostgreSQL adapter for group likes and group matches (issue 20): the SQLite queries (N29). */
import { type GroupMatchRepository, groupMatchSides, type NewGroupMatch } from '../../../core/likes/group-likes';
import { type GroupRow, groupMatchesSql, rowOf, toGroupViews } from '../shared/group-matches-rows';
import type { PgSql } from './sql';

const SQL = groupMatchesSql((param) => `(SELECT value FROM json_array_elements_text(CAST(${param} AS json)))`);

type MemberRow = { group_id: string; user_id: string };

export class PostgresGroupMatchRepository implements GroupMatchRepository {
  constructor(private readonly sql: PgSql) {}

  async pending(input: { likerId: string; targetId: string; likerGroupId: string | null; since: Date }) {
    const at = { liker: input.likerId, target: input.targetId, lg: input.likerGroupId, since: input.since.getTime() };
    if (input.likerGroupId !== null) {
      const [other] = await this.sql.cached<{ group_id: string }>('group_match_group_to_group', SQL.groupToGroup, at);
      if (other) return groupMatchSides(input.likerGroupId, { groupId: other.group_id });
      if ((await this.sql.cached('group_match_group_to_student', SQL.groupToStudent, at)).length > 0)
        return groupMatchSides(input.likerGroupId, { userId: input.targetId });
      return null;
    }
    // Named statements, planned once per connection: this runs after every like (issue 18).
    const [group] = await this.sql.cached<{ group_id: string }>('group_match_student_to_group', SQL.studentToGroup, at);
    return group ? groupMatchSides(group.group_id, { userId: input.likerId }) : null;
  }

  async create(match: NewGroupMatch) {
    return this.sql.transaction(async (tx): Promise<string[] | null> => {
      const row = rowOf(match);
      await tx.run(SQL.openConversation, row);
      if ((await tx.run(SQL.insert, row)).changes === 0) {
        await tx.run(SQL.dropConversation, row);
        return null;
      }
      await tx.run(SQL.addMembers, row);
      if (row.user !== null) await tx.run(SQL.addStudent, row);
      return (await tx.all<{ user_id: string }>(SQL.participants, row)).map((r) => r.user_id);
    });
  }

  async blockedWithGroup(groupId: string, userId: string) {
    return (await this.sql.get(SQL.blockedWithGroup, { group: groupId, user: userId })) !== undefined;
  }

  async blockedAround(groupId: string) {
    return (await this.sql.all<{ id: string }>(SQL.blockedAround, { group: groupId })).map((r) => r.id);
  }

  async activeGroups(viewerId: string, userIds: string[]) {
    return this.views(SQL.activeGroups, viewerId, userIds);
  }

  async groups(viewerId: string, groupIds: string[]) {
    return this.views(SQL.groups, viewerId, groupIds);
  }

  private async views(query: string, viewerId: string, ids: string[]) {
    if (ids.length === 0) return new Map();
    const rows = await this.sql.all<GroupRow>(query, { me: viewerId, ids: JSON.stringify(ids) });
    if (rows.length === 0) return new Map();
    const members = await this.sql.all<MemberRow>(SQL.members, {
      ids: JSON.stringify([...new Set(rows.map((r) => r.group_id))]),
    });
    return toGroupViews(rows, members);
  }
}

/** SQLite adapter for group likes and group matches (issue 20): the shared SQL of group-matches-rows.ts. */
import type { Database as Sqlite } from 'better-sqlite3';
import { type GroupMatchRepository, groupMatchSides, type NewGroupMatch } from '../../../core/likes/group-likes';
import { type GroupRow, groupMatchesSql, rowOf, toGroupViews } from '../shared/group-matches-rows';
import type { SqliteDb } from './client';

const SQL = groupMatchesSql((param) => `(SELECT value FROM json_each(${param}))`);

type MemberRow = { group_id: string; user_id: string };

export class SqliteGroupMatchRepository implements GroupMatchRepository {
  private readonly sql: Sqlite;

  constructor(db: SqliteDb) {
    this.sql = db.$client;
  }

  async pending(input: { likerId: string; targetId: string; likerGroupId: string | null; since: Date }) {
    const at = { liker: input.likerId, target: input.targetId, lg: input.likerGroupId, since: input.since.getTime() };
    if (input.likerGroupId !== null) {
      const other = this.sql.prepare(SQL.groupToGroup).get(at) as { group_id: string } | undefined;
      if (other) return groupMatchSides(input.likerGroupId, { groupId: other.group_id });
      if (this.sql.prepare(SQL.groupToStudent).get(at))
        return groupMatchSides(input.likerGroupId, { userId: input.targetId });
      return null;
    }
    const group = this.sql.prepare(SQL.studentToGroup).get(at) as { group_id: string } | undefined;
    return group ? groupMatchSides(group.group_id, { userId: input.likerId }) : null;
  }

  async create(match: NewGroupMatch) {
    return this.sql
      .transaction((): string[] | null => {
        const row = rowOf(match);
        this.sql.prepare(SQL.openConversation).run(row);
        if (this.sql.prepare(SQL.insert).run(row).changes === 0) {
          this.sql.prepare(SQL.dropConversation).run(row);
          return null;
        }
        this.sql.prepare(SQL.addMembers).run(row);
        if (row.user !== null) this.sql.prepare(SQL.addStudent).run(row);
        return (this.sql.prepare(SQL.participants).all(row) as { user_id: string }[]).map((r) => r.user_id);
      })
      .immediate();
  }

  async blockedWithGroup(groupId: string, userId: string) {
    return this.sql.prepare(SQL.blockedWithGroup).get({ group: groupId, user: userId }) !== undefined;
  }

  async blockedAround(groupId: string) {
    return (this.sql.prepare(SQL.blockedAround).all({ group: groupId }) as { id: string }[]).map((r) => r.id);
  }

  async activeGroups(viewerId: string, userIds: string[]) {
    return this.views(SQL.activeGroups, viewerId, userIds);
  }

  async groups(viewerId: string, groupIds: string[]) {
    return this.views(SQL.groups, viewerId, groupIds);
  }

  private views(query: string, viewerId: string, ids: string[]) {
    if (ids.length === 0) return new Map();
    const rows = this.sql.prepare(query).all({ me: viewerId, ids: JSON.stringify(ids) }) as GroupRow[];
    if (rows.length === 0) return new Map();
    const members = this.sql
      .prepare(SQL.members)
      .all({ ids: JSON.stringify([...new Set(rows.map((r) => r.group_id))]) }) as MemberRow[];
    return toGroupViews(rows, members);
  }
}

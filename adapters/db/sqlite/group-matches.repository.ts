/** SQLite adapter for group likes and group matches (issue 20): the shared SQL of group-matches-rows.ts. */
import type { Database as Sqlite, Statement } from 'better-sqlite3';
import { type GroupMatchRepository, groupMatchSides, type NewGroupMatch } from '../../../core/likes/group-likes';
import { type GroupRow, groupMatchesSql, rowOf, toGroupViews } from '../shared/group-matches-rows';
import { type SqliteDb, statementCache } from './client';

const SQL = groupMatchesSql((param) => `(SELECT value FROM json_each(${param}))`);

type MemberRow = { group_id: string; user_id: string };

export class SqliteGroupMatchRepository implements GroupMatchRepository {
  private readonly sql: Sqlite;
  /** Statements compiled once: `pending` runs after every like (issue 18's like path). */
  private readonly prepare: (query: string) => Statement;

  constructor(db: SqliteDb) {
    this.sql = db.$client;
    this.prepare = statementCache(this.sql);
  }

  async pending(input: { likerId: string; targetId: string; likerGroupId: string | null; since: Date }) {
    const at = { liker: input.likerId, target: input.targetId, lg: input.likerGroupId, since: input.since.getTime() };
    if (input.likerGroupId !== null) {
      const other = this.prepare(SQL.groupToGroup).get(at) as { group_id: string } | undefined;
      if (other) return groupMatchSides(input.likerGroupId, { groupId: other.group_id });
      if (this.prepare(SQL.groupToStudent).get(at))
        return groupMatchSides(input.likerGroupId, { userId: input.targetId });
      return null;
    }
    const group = this.prepare(SQL.studentToGroup).get(at) as { group_id: string } | undefined;
    return group ? groupMatchSides(group.group_id, { userId: input.likerId }) : null;
  }

  async create(match: NewGroupMatch) {
    return this.sql
      .transaction((): string[] | null => {
        const row = rowOf(match);
        this.prepare(SQL.openConversation).run(row);
        if (this.prepare(SQL.insert).run(row).changes === 0) {
          this.prepare(SQL.dropConversation).run(row);
          return null;
        }
        this.prepare(SQL.addMembers).run(row);
        if (row.user !== null) this.prepare(SQL.addStudent).run(row);
        return (this.prepare(SQL.participants).all(row) as { user_id: string }[]).map((r) => r.user_id);
      })
      .immediate();
  }

  async blockedWithGroup(groupId: string, userId: string) {
    return this.prepare(SQL.blockedWithGroup).get({ group: groupId, user: userId }) !== undefined;
  }

  async blockedAround(groupId: string) {
    return (this.prepare(SQL.blockedAround).all({ group: groupId }) as { id: string }[]).map((r) => r.id);
  }

  async activeGroups(viewerId: string, userIds: string[]) {
    return this.views(SQL.activeGroups, viewerId, userIds);
  }

  async groups(viewerId: string, groupIds: string[]) {
    return this.views(SQL.groups, viewerId, groupIds);
  }

  private views(query: string, viewerId: string, ids: string[]) {
    if (ids.length === 0) return new Map();
    const rows = this.prepare(query).all({ me: viewerId, ids: JSON.stringify(ids) }) as GroupRow[];
    if (rows.length === 0) return new Map();
    const members = this.prepare(SQL.members).all({
      ids: JSON.stringify([...new Set(rows.map((r) => r.group_id))]),
    }) as MemberRow[];
    return toGroupViews(rows, members);
  }
}

/** PostgreSQL adapter for group and group match conversations (issue 20): the SQLite queries (N29). */
import { type GroupChatRepository, groupIdOf } from '../../../core/messaging/group-chat';
import {
  type AudienceRow,
  byLatest,
  GROUP_CHAT_SQL,
  GROUP_MATCH_CHAT_SQL,
  type GroupListRow,
  toAudience,
  toGroupSummaries,
} from '../shared/group-chat-rows';
import type { PgSql } from './sql';

type MemberRow = { group_id: string; user_id: string };

export class PostgresGroupChatRepository implements GroupChatRepository {
  constructor(private readonly sql: PgSql) {}

  async audience(conversationId: string, userId: string) {
    const groupId = groupIdOf(conversationId);
    if (groupId === null) {
      if (!(await this.sql.get(GROUP_MATCH_CHAT_SQL.exists, { conv: conversationId }))) return null;
      return toAudience(
        await this.sql.all<AudienceRow>(GROUP_MATCH_CHAT_SQL.audience, { conv: conversationId, me: userId }),
      );
    }
    if (!(await this.sql.get(GROUP_CHAT_SQL.groupExists, { group: groupId }))) return null;
    const rows = await this.sql.all<AudienceRow>(GROUP_CHAT_SQL.audience, {
      group: groupId,
      conv: conversationId,
      me: userId,
    });
    return toAudience(rows);
  }

  async list(userId: string) {
    const [groups, matches] = await Promise.all([
      this.sql.all<GroupListRow>(GROUP_CHAT_SQL.list, { me: userId }),
      this.sql.all<GroupListRow>(GROUP_MATCH_CHAT_SQL.list, { me: userId }),
    ]);
    if (groups.length + matches.length === 0) return [];
    const members = (sql: string) => this.sql.all<MemberRow>(sql, { me: userId });
    return byLatest([
      ...(groups.length ? toGroupSummaries(groups, await members(GROUP_CHAT_SQL.listMembers)) : []),
      ...(matches.length ? toGroupSummaries(matches, await members(GROUP_MATCH_CHAT_SQL.listMembers), 'match') : []),
    ]);
  }

  async markRead(conversationId: string, readerId: string) {
    const row = await this.sql.get<{ read_seq: number | string }>(GROUP_CHAT_SQL.markRead, {
      conv: conversationId,
      me: readerId,
    });
    return row ? Number(row.read_seq) : 0;
  }

  async reads(conversationId: string) {
    const sql = groupIdOf(conversationId) === null ? GROUP_MATCH_CHAT_SQL.reads : GROUP_CHAT_SQL.reads;
    const rows = await this.sql.all<{ user_id: string; read_seq: number | string }>(sql, { conv: conversationId });
    return rows.map((r) => ({ userId: r.user_id, readSeq: Number(r.read_seq) }));
  }
}

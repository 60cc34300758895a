/** PostgreSQL adapter for group conversations (issue 20): the SQLite queries (N29). */
import { type GroupChatRepository, groupConversationId } from '../../../core/messaging/group-chat';
import {
  type AudienceRow,
  GROUP_CHAT_SQL,
  type GroupListRow,
  toAudience,
  toGroupSummaries,
} from '../shared/group-chat-rows';
import type { PgSql } from './sql';

export class PostgresGroupChatRepository implements GroupChatRepository {
  constructor(private readonly sql: PgSql) {}

  async audience(groupId: string, userId: string) {
    if (!(await this.sql.get(GROUP_CHAT_SQL.groupExists, { group: groupId }))) return null;
    const rows = await this.sql.all<AudienceRow>(GROUP_CHAT_SQL.audience, {
      group: groupId,
      conv: groupConversationId(groupId),
      me: userId,
    });
    return toAudience(rows);
  }

  async list(userId: string) {
    const rows = await this.sql.all<GroupListRow>(GROUP_CHAT_SQL.list, { me: userId });
    if (rows.length === 0) return [];
    const members = await this.sql.all<{ group_id: string; user_id: string }>(GROUP_CHAT_SQL.listMembers, {
      me: userId,
    });
    return toGroupSummaries(rows, members);
  }

  async markRead(conversationId: string, readerId: string) {
    const row = await this.sql.get<{ read_seq: number | string }>(GROUP_CHAT_SQL.markRead, {
      conv: conversationId,
      me: readerId,
    });
    return row ? Number(row.read_seq) : 0;
  }

  async reads(conversationId: string) {
    const rows = await this.sql.all<{ user_id: string; read_seq: number | string }>(GROUP_CHAT_SQL.reads, {
      conv: conversationId,
    });
    return rows.map((r) => ({ userId: r.user_id, readSeq: Number(r.read_seq) }));
  }
}

/** SQLite adapter for group and group match conversations (issue 20): the shared SQL of group-chat-rows.ts. */
import type { Database as Sqlite } from 'better-sqlite3';
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
import type { SqliteDb } from './client';

type MemberRow = { group_id: string; user_id: string };

export class SqliteGroupChatRepository implements GroupChatRepository {
  private readonly sql: Sqlite;

  constructor(db: SqliteDb) {
    this.sql = db.$client;
  }

  async audience(conversationId: string, userId: string) {
    const groupId = groupIdOf(conversationId);
    if (groupId === null) {
      if (!this.sql.prepare(GROUP_MATCH_CHAT_SQL.exists).get({ conv: conversationId })) return null;
      return toAudience(
        this.sql.prepare(GROUP_MATCH_CHAT_SQL.audience).all({ conv: conversationId, me: userId }) as AudienceRow[],
      );
    }
    if (!this.sql.prepare(GROUP_CHAT_SQL.groupExists).get({ group: groupId })) return null;
    const rows = this.sql
      .prepare(GROUP_CHAT_SQL.audience)
      .all({ group: groupId, conv: conversationId, me: userId }) as AudienceRow[];
    return toAudience(rows);
  }

  async list(userId: string) {
    const groups = this.sql.prepare(GROUP_CHAT_SQL.list).all({ me: userId }) as GroupListRow[];
    const matches = this.sql.prepare(GROUP_MATCH_CHAT_SQL.list).all({ me: userId }) as GroupListRow[];
    if (groups.length + matches.length === 0) return [];
    const members = (sql: string) => this.sql.prepare(sql).all({ me: userId }) as MemberRow[];
    return byLatest([
      ...(groups.length ? toGroupSummaries(groups, members(GROUP_CHAT_SQL.listMembers)) : []),
      ...(matches.length ? toGroupSummaries(matches, members(GROUP_MATCH_CHAT_SQL.listMembers), 'match') : []),
    ]);
  }

  async markRead(conversationId: string, readerId: string) {
    const row = this.sql.prepare(GROUP_CHAT_SQL.markRead).get({ conv: conversationId, me: readerId }) as
      | { read_seq: number }
      | undefined;
    return row?.read_seq ?? 0;
  }

  async reads(conversationId: string) {
    const sql = groupIdOf(conversationId) === null ? GROUP_MATCH_CHAT_SQL.reads : GROUP_CHAT_SQL.reads;
    const rows = this.sql.prepare(sql).all({ conv: conversationId }) as { user_id: string; read_seq: number }[];
    return rows.map((r) => ({ userId: r.user_id, readSeq: r.read_seq }));
  }
}

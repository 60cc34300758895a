/** SQLite adapter for group conversations (issue 20): the shared SQL of group-chat-rows.ts. */
import type { Database as Sqlite } from 'better-sqlite3';
import { type GroupChatRepository, groupConversationId } from '../../../core/messaging/group-chat';
import {
  type AudienceRow,
  GROUP_CHAT_SQL,
  type GroupListRow,
  toAudience,
  toGroupSummaries,
} from '../shared/group-chat-rows';
import type { SqliteDb } from './client';

export class SqliteGroupChatRepository implements GroupChatRepository {
  private readonly sql: Sqlite;

  constructor(db: SqliteDb) {
    this.sql = db.$client;
  }

  async audience(groupId: string, userId: string) {
    if (!this.sql.prepare(GROUP_CHAT_SQL.groupExists).get({ group: groupId })) return null;
    const rows = this.sql
      .prepare(GROUP_CHAT_SQL.audience)
      .all({ group: groupId, conv: groupConversationId(groupId), me: userId }) as AudienceRow[];
    return toAudience(rows);
  }

  async list(userId: string) {
    const rows = this.sql.prepare(GROUP_CHAT_SQL.list).all({ me: userId }) as GroupListRow[];
    if (rows.length === 0) return [];
    const members = this.sql.prepare(GROUP_CHAT_SQL.listMembers).all({ me: userId }) as {
      group_id: string;
      user_id: string;
    }[];
    return toGroupSummaries(rows, members);
  }

  async markRead(conversationId: string, readerId: string) {
    const row = this.sql.prepare(GROUP_CHAT_SQL.markRead).get({ conv: conversationId, me: readerId }) as
      | { read_seq: number }
      | undefined;
    return row?.read_seq ?? 0;
  }

  async reads(conversationId: string) {
    const rows = this.sql.prepare(GROUP_CHAT_SQL.reads).all({ conv: conversationId }) as {
      user_id: string;
      read_seq: number;
    }[];
    return rows.map((r) => ({ userId: r.user_id, readSeq: r.read_seq }));
  }
}

/** SQLite adapter for calls in groups (issue 20): the shared SQL of group-calls-rows.ts. */
import type { Database as Sqlite, Statement } from 'better-sqlite3';
import type { GroupCall, GroupCallRepository } from '../../../core/messaging/group-calls';
import { type CallRow, openRow, groupCallsSql as SQL, toGroupCall } from '../shared/group-calls-rows';
import { type SqliteDb, statementCache } from './client';

export class SqliteGroupCallRepository implements GroupCallRepository {
  private readonly sql: Sqlite;
  private readonly prepare: (query: string) => Statement;

  constructor(db: SqliteDb) {
    this.sql = db.$client;
    this.prepare = statementCache(this.sql);
  }

  private read(row: CallRow | undefined): GroupCall | null {
    return row ? toGroupCall(row, this.prepare(SQL.participants).all({ id: row.id }) as { user_id: string }[]) : null;
  }

  async start(call: Omit<GroupCall, 'participantIds'>) {
    return this.sql
      .transaction(() => {
        const row = openRow(call);
        const created = this.prepare(SQL.open).run(row).changes > 0;
        if (created) this.prepare(SQL.addParticipant).run({ id: call.id, user: call.callerId, at: row.at });
        const live = this.read(this.prepare(SQL.byConversation).get({ conv: row.conv }) as CallRow | undefined);
        return { call: live as GroupCall, created };
      })
      .immediate();
  }

  async get(callId: string) {
    return this.read(this.prepare(SQL.byId).get({ id: callId }) as CallRow | undefined);
  }

  async live(conversationId: string) {
    return this.read(this.prepare(SQL.byConversation).get({ conv: conversationId }) as CallRow | undefined);
  }

  async join(callId: string, userId: string, at: Date, max: number) {
    return this.sql
      .transaction((): GroupCall | 'full' | null => {
        const call = this.read(this.prepare(SQL.byId).get({ id: callId }) as CallRow | undefined);
        if (!call) return null;
        if (call.participantIds.includes(userId)) return call;
        if (call.participantIds.length >= max) return 'full';
        this.prepare(SQL.addParticipant).run({ id: callId, user: userId, at: at.getTime() });
        return { ...call, participantIds: [...call.participantIds, userId] };
      })
      .immediate();
  }

  async leave(callId: string, userId: string) {
    return this.sql
      .transaction(() => {
        const call = this.prepare(SQL.byId).get({ id: callId }) as CallRow | undefined;
        if (!call || this.prepare(SQL.removeParticipant).run({ id: callId, user: userId }).changes === 0) return null;
        const remaining = (this.prepare(SQL.participants).all({ id: callId }) as { user_id: string }[]).map(
          (p) => p.user_id,
        );
        if (remaining.length === 0) this.prepare(SQL.end).run({ id: callId });
        return { remaining, conversationId: call.conversation_id };
      })
      .immediate();
  }

  async end(callId: string) {
    return this.sql
      .transaction(() => {
        const was = (this.prepare(SQL.participants).all({ id: callId }) as { user_id: string }[]).map((p) => p.user_id);
        this.prepare(SQL.end).run({ id: callId });
        return was;
      })
      .immediate();
  }

  async callsOf(userId: string) {
    const rows = this.prepare(SQL.ofUser).all({ user: userId }) as CallRow[];
    return rows.map((row) => this.read(row) as GroupCall);
  }
}

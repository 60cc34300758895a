/** PostgreSQL adapter for calls in groups (issue 20): the SQLite queries (N29), the call's row locked before a join or leave. */
import type { GroupCall, GroupCallRepository } from '../../../core/messaging/group-calls';
import { type CallRow, openRow, groupCallsSql as SQL, toGroupCall } from '../shared/group-calls-rows';
import type { PgSql } from './sql';

export class PostgresGroupCallRepository implements GroupCallRepository {
  constructor(private readonly sql: PgSql) {}

  private async read(row: CallRow | undefined, sql: PgSql = this.sql): Promise<GroupCall | null> {
    return row ? toGroupCall(row, await sql.all<{ user_id: string }>(SQL.participants, { id: row.id })) : null;
  }

  async start(call: Omit<GroupCall, 'participantIds'>) {
    return this.sql.transaction(async (tx) => {
      const row = openRow(call);
      const created = (await tx.run(SQL.open, row)).changes > 0;
      if (created) await tx.run(SQL.addParticipant, { id: call.id, user: call.callerId, at: row.at });
      const live = await this.read(await tx.get<CallRow>(SQL.byConversation, { conv: row.conv }), tx);
      return { call: live as GroupCall, created };
    });
  }

  async get(callId: string) {
    return this.read(await this.sql.get<CallRow>(SQL.byId, { id: callId }));
  }

  async live(conversationId: string) {
    return this.read(await this.sql.get<CallRow>(SQL.byConversation, { conv: conversationId }));
  }

  async join(callId: string, userId: string, at: Date, max: number) {
    return this.sql.transaction(async (tx): Promise<GroupCall | 'full' | null> => {
      const call = await this.read(await tx.get<CallRow>(SQL.lockCall, { id: callId }), tx);
      if (!call) return null;
      if (call.participantIds.includes(userId)) return call;
      if (call.participantIds.length >= max) return 'full';
      await tx.run(SQL.addParticipant, { id: callId, user: userId, at: at.getTime() });
      return { ...call, participantIds: [...call.participantIds, userId] };
    });
  }

  async leave(callId: string, userId: string) {
    return this.sql.transaction(async (tx) => {
      const call = await tx.get<CallRow>(SQL.lockCall, { id: callId });
      if (!call || (await tx.run(SQL.removeParticipant, { id: callId, user: userId })).changes === 0) return null;
      const remaining = (await tx.all<{ user_id: string }>(SQL.participants, { id: callId })).map((p) => p.user_id);
      if (remaining.length === 0) await tx.run(SQL.end, { id: callId });
      return { remaining, conversationId: call.conversation_id };
    });
  }

  async end(callId: string) {
    return this.sql.transaction(async (tx) => {
      await tx.get(SQL.lockCall, { id: callId });
      const was = (await tx.all<{ user_id: string }>(SQL.participants, { id: callId })).map((p) => p.user_id);
      await tx.run(SQL.end, { id: callId });
      return was;
    });
  }

  async callsOf(userId: string) {
    const rows = await this.sql.all<CallRow>(SQL.ofUser, { user: userId });
    return Promise.all(rows.map(async (row) => (await this.read(row)) as GroupCall));
  }
}

/**
 * What the SQLite and PostgreSQL group call repositories share (issue 20, N127–N129, N29: same
 * SQL). The one difference: PostgreSQL locks the call's row before a join or a leave (`lockCall`),
 * where SQLite's IMMEDIATE transaction already runs alone.
 */
import type { CallMedia, GroupCall } from '../../../core/messaging/group-calls';

const CALL = 'SELECT id, conversation_id, caller_id, media, created_at FROM group_calls';

export const groupCallsSql = {
  open: `INSERT INTO group_calls (id, conversation_id, caller_id, media, created_at)
    VALUES (@id, @conv, @caller, @media, @at) ON CONFLICT DO NOTHING`,
  addParticipant: `INSERT INTO group_call_participants (call_id, user_id, joined_at) VALUES (@id, @user, @at)
    ON CONFLICT DO NOTHING`,
  byId: `${CALL} WHERE id = @id`,
  lockCall: `${CALL} WHERE id = @id FOR UPDATE`,
  byConversation: `${CALL} WHERE conversation_id = @conv`,
  participants: 'SELECT user_id FROM group_call_participants WHERE call_id = @id ORDER BY joined_at, user_id',
  removeParticipant: 'DELETE FROM group_call_participants WHERE call_id = @id AND user_id = @user',
  end: 'DELETE FROM group_calls WHERE id = @id',
  ofUser: `${CALL} WHERE id IN (SELECT call_id FROM group_call_participants WHERE user_id = @user) ORDER BY created_at, id`,
} as const;

export type CallRow = {
  id: string;
  conversation_id: string;
  caller_id: string;
  media: string;
  created_at: number | string;
};

export const toGroupCall = (row: CallRow, participants: { user_id: string }[]): GroupCall => ({
  id: row.id,
  conversationId: row.conversation_id,
  callerId: row.caller_id,
  media: row.media as CallMedia,
  createdAt: new Date(Number(row.created_at)),
  participantIds: participants.map((p) => p.user_id),
});

export const openRow = (call: Omit<GroupCall, 'participantIds'>) => ({
  id: call.id,
  conv: call.conversationId,
  caller: call.callerId,
  media: call.media,
  at: call.createdAt.getTime(),
});

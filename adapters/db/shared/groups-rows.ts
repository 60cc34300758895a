/** What the SQLite and PostgreSQL groups repositories share (N29: same representation, same SQL). */
import type { GroupRole, Membership } from '../../../core/groups/rules';

export type MemberRow = { group_id: string; user_id: string; role: GroupRole; joined_at: number };

export type GroupRow = {
  id: string;
  name: string;
  description: string | null;
  creator_id: string | null;
  invite_code: string | null;
  invite_code_expires_at: number | null;
  created_at: number;
};

export const toMembership = (r: MemberRow): Membership => ({
  userId: r.user_id,
  role: r.role,
  joinedAt: new Date(r.joined_at),
});

/** Members whose account is deleted are gone from every list and decision. */
export const LIVE_MEMBERS = `SELECT gm.group_id, gm.user_id, gm.role, gm.joined_at FROM group_members gm
  JOIN users u ON u.id = gm.user_id AND u.status != 'deleted'`;

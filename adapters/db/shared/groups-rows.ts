/** What the SQLite and PostgreSQL groups repositories share (N29: same representation, same SQL). */
import type { GroupMemberView } from '../../../core/groups/groups';
import type { GroupRole, Membership } from '../../../core/groups/rules';
import { canViewProfile, type OwnerVisibility } from '../../../core/profiles/visibility';
import { BLOCKED_EITHER_WAY } from './discovery-rows';
import { mediaUrl } from './media-url';

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

/** A member card's columns as @me sees them: name, first photo, and what the visibility rule needs. */
export const MEMBER_CARD_COLUMNS = `m.*, coalesce(p.name, 'Unknown User') AS name,
  (SELECT storage_key FROM photos ph WHERE ph.user_id = m.user_id ORDER BY position LIMIT 1) AS photo,
  (SELECT u.status FROM users u WHERE u.id = m.user_id) AS status,
  ${BLOCKED_EITHER_WAY('m.user_id')} AS blocked`;

export type MemberCardRow = MemberRow & {
  name: string;
  photo: string | null;
  status: OwnerVisibility['ownerStatus'];
  blocked: number | boolean;
};

/**
 * Members of your own group stay on its card by name, so the group can still be managed; the
 * photo follows the profile view's rule (a block either way or a suspension hides it, issue 14).
 */
export function toMemberView(viewerId: string, m: MemberCardRow): GroupMemberView {
  const owner = { ownerStatus: m.status, blockedEitherWay: m.blocked === 1 || m.blocked === true };
  const photo = m.photo && canViewProfile(viewerId, m.user_id, owner) ? mediaUrl(m.photo) : null;
  return { ...toMembership(m), name: m.name, photoUrl: photo };
}

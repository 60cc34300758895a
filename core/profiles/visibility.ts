/**
 * Who may see another student at all (D19, D25, N22; issue 14): the one rule behind the profile
 * view, photo bytes under /media, group member photos, icebreakers and a conversation's messages.
 * The deck's and lists' SQL (`ELIGIBLE`, `VISIBLE` in adapters/db/shared) say the same in SQL.
 */
import type { UserStatus } from '../accounts/model';

export type OwnerVisibility = {
  /** The owner's account status; null when there is no such account. */
  ownerStatus: UserStatus | null;
  /** A block in either direction between viewer and owner. */
  blockedEitherWay: boolean;
};

export interface VisibilityLookup {
  visibility(viewerId: string, ownerId: string): Promise<OwnerVisibility>;
}

/**
 * Yourself always; anyone else only while their account is active (suspension and a deletion
 * request hide it at once) and no block stands either way. Callers answer "not found" when this
 * is false, so a block is never revealed.
 */
export function canViewProfile(viewerId: string, ownerId: string, owner: OwnerVisibility): boolean {
  if (viewerId === ownerId) return true;
  return owner.ownerStatus === 'active' && !owner.blockedEitherWay;
}

export async function mayView(deps: { visibility: VisibilityLookup }, viewerId: string, ownerId: string) {
  if (viewerId === ownerId) return true;
  return canViewProfile(viewerId, ownerId, await deps.visibility.visibility(viewerId, ownerId));
}

/**
 * Photo bytes under /media: the profile view's rule, and admins besides, who review flagged photos
 * of any account, suspended or not (D22, D27).
 */
export async function mayViewPhotos(
  deps: { visibility: VisibilityLookup; admins: { isActiveAdmin(userId: string): Promise<boolean> } },
  viewerId: string,
  ownerId: string,
) {
  return (await mayView(deps, viewerId, ownerId)) || (await deps.admins.isActiveAdmin(viewerId));
}

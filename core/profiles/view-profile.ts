/** Reading profiles: your own in any state; someone else's only when complete and visible to you. */
import type { DomainError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import { isProfileComplete } from './completeness';
import { profileErrors } from './errors';
import type { Profile, TrustBadges } from './model';
import type { ProfileDeps } from './ports';
import { mayView } from './visibility';

const emptyProfile = (userId: string): Profile => ({
  userId,
  basics: null,
  lifestyle: { cookingFrequency: null, alcohol: null, pets: null, hobbies: [] },
  photos: [],
  prompts: [],
  preferences: null,
  completedAt: null,
  updatedAt: null,
});

export async function getOwnProfile(deps: Pick<ProfileDeps, 'profiles'>, userId: string): Promise<Profile> {
  return (await deps.profiles.get(userId)) ?? emptyProfile(userId);
}

/**
 * 404 for a missing, incomplete, suspended, deleted or blocked (either way) profile alike:
 * neither existence nor a block is revealed.
 */
export async function viewProfile(
  deps: Pick<ProfileDeps, 'profiles'>,
  viewerId: string,
  targetId: string,
): Promise<Result<Profile & { badges: TrustBadges }, DomainError>> {
  const profile = await deps.profiles.get(targetId);
  if (!profile || !isProfileComplete(profile)) return err(profileErrors.notFound());
  if (!(await mayView({ visibility: deps.profiles }, viewerId, targetId))) return err(profileErrors.notFound());
  return ok({ ...profile, badges: await deps.profiles.badges(targetId) });
}

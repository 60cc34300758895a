/** What the own profile shows of the school (issue 16 §1): the derived one, and whether the profile has it. */
import { isSchoolVerified } from '../accounts/school';
import type { Profile } from './model';
import type { ProfileDeps } from './ports';

export type OwnSchool = { verifiedUniversity: string | null; schoolVerified: boolean };

export async function ownSchool(deps: Pick<ProfileDeps, 'schools'>, profile: Profile): Promise<OwnSchool> {
  const verifiedUniversity = await deps.schools.verifiedUniversity(profile.userId);
  return {
    verifiedUniversity,
    schoolVerified: isSchoolVerified(verifiedUniversity, profile.basics?.university ?? null),
  };
}

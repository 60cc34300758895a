/** Allow-list mappers (style habit 9): a new column never reaches a client by default. */
import { isProfileComplete, profileCompletion } from '../../../core/profiles/completeness';
import type { Profile, TrustBadges } from '../../../core/profiles/model';
import type { OwnSchool } from '../../../core/profiles/school';

export function toOwnProfileDto(p: Profile, school: OwnSchool) {
  return {
    userId: p.userId,
    name: p.basics?.name ?? null,
    bio: p.basics?.bio ?? null,
    university: p.basics?.university ?? null,
    major: p.basics?.major ?? null,
    graduationYear: p.basics?.graduationYear ?? null,
    gender: p.basics?.gender ?? null,
    genderSelfDescribe: p.basics?.genderSelfDescribe ?? null,
    profilePhotoUrl: p.photos[0]?.url ?? null,
    galleryUrls: p.photos.map((ph) => ph.url),
    photos: p.photos.map((ph) => ({ id: ph.id, url: ph.url })),
    prompts: p.prompts.map((a) => ({ ...a })),
    preferences: p.preferences
      ? { ...p.preferences, dealbreakerRules: [...(p.preferences.dealbreakerRules ?? [])] }
      : null,
    lifestyle: { ...p.lifestyle, hobbies: [...p.lifestyle.hobbies] },
    isComplete: isProfileComplete(p),
    completion: profileCompletion(p),
    updatedAt: p.updatedAt?.toISOString() ?? null,
    verifiedUniversity: school.verifiedUniversity,
    schoolVerified: school.schoolVerified,
  };
}

export function toPublicProfileDto(p: Profile & { badges: TrustBadges }) {
  const gender =
    p.basics?.gender === 'Prefer to self-describe'
      ? (p.basics.genderSelfDescribe ?? null)
      : p.basics?.gender === 'Prefer not to say'
        ? null
        : (p.basics?.gender ?? null);
  const pref = p.preferences;
  return {
    userId: p.userId,
    badges: { ...p.badges },
    name: p.basics?.name ?? 'Unknown User',
    bio: p.basics?.bio ?? '',
    university: p.basics?.university ?? '',
    major: p.basics?.major ?? '',
    // No class year chosen shows none (issue 17): 001 §5's 2025 is for invalid input only.
    graduationYear: p.basics?.graduationYear ?? null,
    gender,
    profilePhotoUrl: p.photos[0]?.url ?? null,
    galleryUrls: p.photos.slice(0, 6).map((ph) => ph.url),
    prompts: p.prompts.map((a) => ({ ...a })),
    lifestyle: {
      cleanliness: pref?.cleanliness ?? null,
      noiseLevel: pref?.noiseLevel ?? null,
      sleepSchedule: pref?.sleepSchedule ?? null,
      studyHabits: pref?.studyHabits ?? null,
      guestPolicy: pref?.guestPolicy ?? null,
      smokingTolerance: pref?.smokingTolerance ?? null,
      housingStatus: pref?.housingStatus ?? null,
      minBudget: pref?.minBudget ?? null,
      maxBudget: pref?.maxBudget ?? null,
      moveIn: pref?.moveIn ?? null,
      cookingFrequency: p.lifestyle.cookingFrequency,
      alcohol: p.lifestyle.alcohol,
      pets: p.lifestyle.pets,
    },
    hobbies: [...p.lifestyle.hobbies],
  };
}

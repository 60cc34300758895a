/**
 * Profile completeness (issue 3): discovery shows others only complete profiles, and the own
 * profile screen shows how far along a profile is.
 */
import type { Profile } from './model';
import { PHOTO_LIMITS, PROMPTS_REQUIRED } from './rules';

/** Complete: the wizard was finished and the profile still has a name, university, a photo and 3 answers. */
export function isProfileComplete(p: Profile): boolean {
  return (
    p.completedAt !== null &&
    !!p.basics?.name &&
    !!p.basics.university &&
    p.photos.length >= PHOTO_LIMITS.editorMin &&
    p.prompts.length === PROMPTS_REQUIRED &&
    p.preferences !== null
  );
}

const CHECKS: { label: string; done: (p: Profile) => boolean }[] = [
  { label: 'Add at least 3 photos', done: (p) => p.photos.length >= PHOTO_LIMITS.wizardMin },
  { label: 'Answer 3 prompts', done: (p) => p.prompts.length === PROMPTS_REQUIRED },
  { label: 'Set your roommate preferences', done: (p) => p.preferences !== null },
  { label: 'Write a short bio', done: (p) => !!p.basics?.bio },
  { label: 'Add your major', done: (p) => !!p.basics?.major },
  { label: 'Share a few hobbies', done: (p) => p.lifestyle.hobbies.length > 0 },
  { label: 'Fill all 6 photo slots', done: (p) => p.photos.length >= PHOTO_LIMITS.max },
];

/** The completion card's figure and the next things to do. */
export function profileCompletion(p: Profile): { percent: number; missing: string[] } {
  const missing = CHECKS.filter((c) => !c.done(p)).map((c) => c.label);
  return { percent: Math.round(((CHECKS.length - missing.length) / CHECKS.length) * 100), missing };
}

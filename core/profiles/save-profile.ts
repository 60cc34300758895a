/**
 * Completing the wizard (000 §4: Complete Profile saves, then completes) and saving the editor
 * (001 §5). Everything is checked before anything is written, and written in one transaction.
 */
import { screenFields } from '../moderation/screen';
import { type DomainError, validationError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import { profileErrors } from './errors';
import type { Profile } from './model';
import type { ProfileDeps } from './ports';
import {
  type BasicsInput,
  checkBasics,
  checkLifestyle,
  checkPreferences,
  cleanPromptAnswers,
  type LifestyleInput,
  PHOTO_LIMITS,
  type PreferencesInput,
  type PromptAnswerInput,
  promptAnswerErrors,
} from './rules';

export type ProfileInput = {
  basics: BasicsInput;
  prompts: PromptAnswerInput[];
  preferences: PreferencesInput;
  lifestyle?: LifestyleInput;
};

type SaveDeps = Pick<
  ProfileDeps,
  'clock' | 'ids' | 'profiles' | 'prompts' | 'directory' | 'moderation' | 'flags' | 'schools'
>;

async function checkAndSave(
  deps: SaveDeps,
  userId: string,
  input: ProfileInput,
  mode: 'complete' | 'edit',
): Promise<Result<Profile, DomainError>> {
  const photos = await deps.profiles.listPhotos(userId);
  const min = mode === 'complete' ? PHOTO_LIMITS.wizardMin : PHOTO_LIMITS.editorMin;
  if (photos.length < min) return err(mode === 'complete' ? profileErrors.needPhotos() : profileErrors.needOnePhoto());

  const today = deps.clock.now();
  const known = new Set((await deps.prompts.listActive()).map((p) => p.id));
  // Issue 16 §1: a student whose confirmed address gives a school keeps that school.
  const verifiedUniversity = await deps.schools.verifiedUniversity(userId);
  const basics = checkBasics(input.basics, (name) => deps.directory.canonical(name), verifiedUniversity);
  const prefs = checkPreferences(input.preferences, { requireAll: mode === 'complete', today });
  const lifestyle = input.lifestyle ? checkLifestyle(input.lifestyle) : null;
  const errors = [
    ...(basics.ok ? [] : basics.errors),
    ...promptAnswerErrors(input.prompts, known),
    ...(prefs.ok ? [] : prefs.errors),
    ...(lifestyle && !lifestyle.ok ? lifestyle.errors : []),
  ];
  if (errors.length > 0 || !basics.ok || !prefs.ok) return err(validationError(errors));
  // Issue 15: what others read of this person is classified before anything is written.
  const prompts = cleanPromptAnswers(input.prompts);
  const screening = screenFields(deps.moderation, [
    { path: 'basics.bio', text: basics.value.bio },
    ...prompts.map((p, i) => ({ path: `prompts.${i}.response`, text: p.response })),
  ]);
  if (screening.errors.length > 0) return err(validationError(screening.errors));

  await deps.profiles.save(
    userId,
    {
      basics: basics.value,
      prompts,
      preferences: prefs.value,
      lifestyle: lifestyle?.ok ? lifestyle.value : undefined,
    },
    { complete: mode === 'complete' },
    today,
  );
  // A lower-confidence hit is saved and waits for an admin (D22); the profile flag's content is its owner.
  if (screening.flag) {
    await deps.flags.add({
      id: deps.ids.newId(),
      contentType: 'profile',
      contentId: userId,
      authorId: userId,
      flag: screening.flag,
      at: today,
    });
  }
  const saved = await deps.profiles.get(userId);
  return saved ? ok(saved) : err(profileErrors.notFound());
}

export const completeProfile = (deps: SaveDeps, userId: string, input: ProfileInput) =>
  checkAndSave(deps, userId, input, 'complete');

export async function updateProfile(
  deps: SaveDeps,
  userId: string,
  input: ProfileInput,
): Promise<Result<Profile, DomainError>> {
  const existing = await deps.profiles.get(userId);
  if (!existing?.completedAt) return err(profileErrors.notFound());
  return checkAndSave(deps, userId, input, 'edit');
}

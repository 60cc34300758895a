/**
 * The editable state of a profile (wizard and editor), and its conversion to the API's
 * ProfileInput. Inputs hold text; conversion applies core's rules (comma list, chips).
 */
import type { DealbreakerRule } from '../../../../../core/matching/dealbreakers';
import {
  type BasicsInput,
  filledRequiredPreferences,
  GRADUATION_YEAR,
  type LifestyleInput,
  normalizeChips,
  PROMPT_ANSWER_MAX,
  PROMPTS_REQUIRED,
  type PreferencesInput,
  parseCommaList,
  REQUIRED_PREFERENCES,
  SLIDER,
} from '../../../../../core/profiles/rules';
import type { OwnProfile } from '../../../lib/api-types';

export type BasicsDraft = {
  name: string;
  bio: string;
  university: string;
  /** True once the university was chosen from the suggestion list (or loaded from the profile). */
  universityChosen: boolean;
  major: string;
  graduationYear: string;
  gender: string;
  genderSelfDescribe: string;
};

export type PromptDraft = { promptId: string; promptText: string; response: string };

export type PreferencesDraft = {
  cleanliness: number;
  noiseLevel: number;
  sleepSchedule: number;
  studyHabits: number;
  guestPolicy: number | null;
  smokingTolerance: string;
  housingStatus: string;
  financialStatus: string;
  needsCosigner: string;
  moveIn: string;
  minBudget: string;
  maxBudget: string;
  preferredNeighborhoods: string[];
  dealbreakers: string;
  genderPreference: string[];
  /** Structured dealbreakers (issue 21). */
  dealbreakerRules: DealbreakerRule[];
};

export type LifestyleDraft = { cookingFrequency: string; alcohol: string; pets: string; hobbies: string[] };

export const emptyBasics = (): BasicsDraft => ({
  name: '',
  bio: '',
  university: '',
  universityChosen: false,
  major: '',
  graduationYear: '',
  gender: '',
  genderSelfDescribe: '',
});

export const emptyPreferences = (): PreferencesDraft => ({
  cleanliness: SLIDER.default,
  noiseLevel: SLIDER.default,
  sleepSchedule: SLIDER.default,
  studyHabits: SLIDER.default,
  guestPolicy: null,
  smokingTolerance: '',
  housingStatus: '',
  financialStatus: '',
  needsCosigner: '',
  moveIn: '',
  minBudget: '',
  maxBudget: '',
  preferredNeighborhoods: [],
  dealbreakers: '',
  genderPreference: [],
  dealbreakerRules: [],
});

export const emptyLifestyle = (): LifestyleDraft => ({ cookingFrequency: '', alcohol: '', pets: '', hobbies: [] });

export const GRADUATION_YEARS: number[] = Array.from(
  { length: GRADUATION_YEAR.max - GRADUATION_YEAR.min + 1 },
  (_, i) => GRADUATION_YEAR.min + i,
);

/** "Open to all" is exclusive: choosing it clears the others, choosing another clears it (000 §5). */
export function toggleGenderPreference(current: readonly string[], option: string): string[] {
  if (current.includes(option)) return current.filter((g) => g !== option);
  if (option === 'Open to all') return [option];
  return [...current.filter((g) => g !== 'Open to all'), option];
}

/** Budgets are whole dollars or nothing (001 §5: parsed to integers or null). */
export function parseBudget(text: string): number | null {
  const t = text.trim();
  if (!t) return null;
  const n = Number(t);
  return Number.isFinite(n) ? Math.round(n) : null;
}

export function toBasicsInput(b: BasicsDraft): BasicsInput {
  return {
    name: b.name.trim(),
    bio: b.bio.trim(),
    university: b.university.trim(),
    major: b.major.trim(),
    graduationYear: b.graduationYear ? Number(b.graduationYear) : null,
    gender: b.gender || null,
    genderSelfDescribe:
      b.gender === 'Prefer to self-describe' && b.genderSelfDescribe.trim() ? b.genderSelfDescribe.trim() : null,
  };
}

export function toPreferencesInput(p: PreferencesDraft): PreferencesInput {
  return {
    cleanliness: p.cleanliness,
    noiseLevel: p.noiseLevel,
    sleepSchedule: p.sleepSchedule,
    studyHabits: p.studyHabits,
    guestPolicy: p.guestPolicy,
    smokingTolerance: p.smokingTolerance || null,
    housingStatus: p.housingStatus || null,
    financialStatus: p.financialStatus || null,
    needsCosigner: p.needsCosigner || null,
    moveIn: p.moveIn || null,
    minBudget: parseBudget(p.minBudget),
    maxBudget: parseBudget(p.maxBudget),
    preferredNeighborhoods: normalizeChips(p.preferredNeighborhoods),
    dealbreakers: parseCommaList(p.dealbreakers),
    genderPreference: [...p.genderPreference],
    dealbreakerRules: [...p.dealbreakerRules],
  };
}

export function toLifestyleInput(l: LifestyleDraft): LifestyleInput {
  return {
    cookingFrequency: l.cookingFrequency || null,
    alcohol: l.alcohol || null,
    pets: l.pets || null,
    hobbies: normalizeChips(l.hobbies),
  };
}

export const toPromptInputs = (prompts: PromptDraft[]) =>
  prompts.map((p) => ({ promptId: p.promptId, response: p.response.trim() }));

export const answeredPromptCount = (prompts: PromptDraft[]) =>
  prompts.filter((p) => p.response.trim().length > 0 && p.response.trim().length <= PROMPT_ANSWER_MAX).length;

export const promptsValid = (prompts: PromptDraft[]) =>
  prompts.length === PROMPTS_REQUIRED && answeredPromptCount(prompts) === PROMPTS_REQUIRED;

export const filledPreferences = (p: PreferencesDraft) => filledRequiredPreferences(toPreferencesInput(p));

export const preferencesComplete = (p: PreferencesDraft) => filledPreferences(p) === REQUIRED_PREFERENCES.length;

/**
 * The basics with the school the confirmed address gives in place (issue 16 §1): the server
 * refuses any other, so the draft always carries it.
 */
export const withVerifiedSchool = (basics: BasicsDraft, verifiedUniversity: string | null | undefined): BasicsDraft =>
  verifiedUniversity ? { ...basics, university: verifiedUniversity, universityChosen: true } : basics;

/** The editor's starting state from the saved profile. */
export function draftFromProfile(profile: OwnProfile) {
  const pref = profile.preferences;
  const school = profile.verifiedUniversity ?? profile.university;
  const basics: BasicsDraft = {
    name: profile.name ?? '',
    bio: profile.bio ?? '',
    university: school ?? '',
    universityChosen: !!school,
    major: profile.major ?? '',
    graduationYear: profile.graduationYear ? String(profile.graduationYear) : '',
    gender: profile.gender ?? '',
    genderSelfDescribe: profile.genderSelfDescribe ?? '',
  };
  const preferences: PreferencesDraft = pref
    ? {
        cleanliness: pref.cleanliness,
        noiseLevel: pref.noiseLevel,
        sleepSchedule: pref.sleepSchedule,
        studyHabits: pref.studyHabits,
        guestPolicy: pref.guestPolicy,
        smokingTolerance: pref.smokingTolerance ?? '',
        housingStatus: pref.housingStatus ?? '',
        financialStatus: pref.financialStatus ?? '',
        needsCosigner: pref.needsCosigner ?? '',
        moveIn: pref.moveIn ?? '',
        minBudget: pref.minBudget === null ? '' : String(pref.minBudget),
        maxBudget: pref.maxBudget === null ? '' : String(pref.maxBudget),
        preferredNeighborhoods: [...pref.preferredNeighborhoods],
        dealbreakers: pref.dealbreakers.join(', '),
        genderPreference: [...pref.genderPreference],
        dealbreakerRules: [...(pref.dealbreakerRules ?? [])],
      }
    : emptyPreferences();
  const lifestyle: LifestyleDraft = {
    cookingFrequency: profile.lifestyle.cookingFrequency ?? '',
    alcohol: profile.lifestyle.alcohol ?? '',
    pets: profile.lifestyle.pets ?? '',
    hobbies: [...profile.lifestyle.hobbies],
  };
  const prompts: PromptDraft[] = profile.prompts.map((p) => ({
    promptId: p.promptId,
    promptText: p.promptText,
    response: p.response,
  }));
  return { basics, preferences, lifestyle, prompts };
}

/**
 * Profile rules shared by the wizard, the editor and the server (000 §3–§5, 001 §3, §5, §9).
 * Exact messages are the spec's; value sets are verbatim from 000 §5.
 */
import { DEALBREAKER_MESSAGES, type DealbreakerRule, isDealbreakerRule } from '../matching/dealbreakers';
import type { FieldError } from '../shared/errors';
import { cleanName } from '../shared/names';
import { cleanText } from '../shared/sanitize';

export const PHOTO_LIMITS = { wizardMin: 3, editorMin: 1, max: 6, maxBytes: 5 * 1024 * 1024 } as const;
export const PROMPTS_REQUIRED = 3;
export const PROMPT_ANSWER_MAX = 300;
export const PROMPTS_SHOWN_FIRST = 8;
export const DEALBREAKERS_MAX = 300;
export const SLIDER = { min: 1, max: 5, default: 5 } as const;
export const GRADUATION_YEAR = { min: 2020, max: 2030, fallback: 2025 } as const;
export const SUGGESTIONS_MAX = 50;
export const NAME_MAX = 80;
export const BIO_MAX = 500;
export const MAJOR_MAX = 100;
export const NEIGHBORHOOD_MAX = 60;
export const NEIGHBORHOODS_MAX = 10;
export const HOBBIES_MAX = 12;
export const HOBBY_MAX = 40;
export const BUDGET_MAX = 100_000;

export const PROFILE_MESSAGES = {
  photoTooLarge: (name: string) => `File ${name} is too large. Max size is 5MB.`,
  photoNotImage: (name: string) => `File ${name} is not an image.`,
  tooManyPhotos: 'You can only upload up to 6 photos.',
  needPhotos: 'You need at least 3 photos to activate your profile.',
  needOnePhoto: 'Please keep at least 1 photo on your profile.',
  tooManyPrompts: 'You can only select up to 3 prompts.',
  choosePrompts: (n: number) => `Choose ${n} more prompt${n === 1 ? '' : 's'} to continue`,
  answerPrompts: 'Answer all selected prompts to continue',
  answerTooLong: `Answers can be at most ${PROMPT_ANSWER_MAX} characters.`,
  unknownPrompt: 'That prompt is not available. Please choose another one.',
  duplicatePrompt: 'Each prompt can be chosen only once.',
  completePreferences: 'Complete all required preferences to finish',
  dealbreakersTooLong: `Dealbreakers can be at most ${DEALBREAKERS_MAX} characters.`,
  budgetOrder: 'Minimum budget cannot be more than maximum budget.',
  budgetInvalid: 'Budgets must be whole dollar amounts.',
  sliderRange: 'Choose a value from 1 to 5.',
  invalidChoice: 'Please choose one of the listed options.',
  openToAllExclusive: 'Open to all cannot be combined with other options.',
  nameRequired: 'Please enter your name.',
  universityUnknown: 'Please choose your university from the list.',
  universityLocked:
    'Your university comes from your confirmed e-mail address. To change it, change your address in Settings.',
  completeFailed: 'Failed to complete profile. Please try again.',
  saveFailed: 'Failed to save profile. Please try again.',
} as const;

// Value sets of 000 §5, verbatim.
export const HOUSING_STATUSES = ['looking_for_roommates', 'looking_to_join', 'flexible'] as const;
export const SMOKING_TOLERANCES = ['no_smoking', 'outside_only', 'vaping_ok', 'smoking_ok'] as const;
export const FINANCIAL_STATUSES = ['steady-income', 'part-time', 'family-support', 'financial-aid', 'mixed'] as const;
export const COSIGNER_OPTIONS = ['no', 'yes', 'maybe', 'unsure'] as const;
export const GENDER_PREFERENCES = ['Male', 'Female', 'Non-binary', 'Open to all'] as const;
export const GENDERS = ['Male', 'Female', 'Non-binary', 'Prefer to self-describe', 'Prefer not to say'] as const;
// Lifestyle fields of the Profile entity (001 §3); their value sets are ours (docs/decisions.md N13).
export const COOKING_FREQUENCIES = ['rarely', 'sometimes', 'often', 'daily'] as const;
export const ALCOHOL_OPTIONS = ['never', 'socially', 'regularly'] as const;
export const PET_OPTIONS = ['no_pets', 'have_pets', 'want_pets', 'allergic'] as const;

export type HousingStatus = (typeof HOUSING_STATUSES)[number];
export type SmokingTolerance = (typeof SMOKING_TOLERANCES)[number];
export type FinancialStatus = (typeof FINANCIAL_STATUSES)[number];
export type CosignerOption = (typeof COSIGNER_OPTIONS)[number];
export type GenderPreference = (typeof GENDER_PREFERENCES)[number];
export type Gender = (typeof GENDERS)[number];

/** Five labels per slider, level 1 to 5 (000 §5). */
export const SLIDER_LABELS = {
  cleanliness: ['Relaxed', 'Easygoing', 'Tidy', 'Very clean', 'Spotless'],
  noiseLevel: ['Very quiet', 'Quiet', 'Balanced', 'Social', 'Very social'],
  sleepSchedule: ['Early bird', 'Early-ish', 'Flexible', 'Late sleeper', 'Night owl'],
  studyHabits: ['Rarely at home', 'Now and then', 'Regularly', 'Often', 'Daily, needs quiet'],
  guestPolicy: ['No guests', 'Rarely', 'Sometimes', 'Often', 'Always welcome'],
} as const;

export type SliderName = keyof typeof SLIDER_LABELS;

const TERMS = ['winter', 'spring', 'summer', 'fall'] as const;
const TERM_START: Record<(typeof TERMS)[number], string> = {
  winter: '01-05',
  spring: '03-25',
  summer: '06-15',
  fall: '08-20',
};

/**
 * Move-in choices: the spec's `<term>-<year>` form, offered for the next five terms from today
 * (the spec's 2025–2026 list is in the past by now), plus asap and flexible (decisions N12).
 */
export function moveInChoices(today: Date): string[] {
  const year = today.getUTCFullYear();
  const choices: string[] = [];
  for (let y = year; choices.length < 5; y++) {
    for (const term of TERMS) {
      if (choices.length === 5) break;
      if (new Date(`${y}-${TERM_START[term]}T00:00:00Z`).getTime() > today.getTime()) choices.push(`${term}-${y}`);
    }
  }
  return [...choices, 'asap', 'flexible'];
}

/** The move-in choice as a date (000 §7): a term's first day, today for asap, null for flexible. */
export function moveInDate(choice: string, today: Date): string | null | undefined {
  if (choice === 'flexible') return null;
  if (choice === 'asap') return today.toISOString().slice(0, 10);
  const m = /^(winter|spring|summer|fall)-(20\d\d)$/.exec(choice);
  if (!m) return undefined;
  const year = Number(m[2]);
  if (year < 2024 || year > today.getUTCFullYear() + 3) return undefined;
  return `${year}-${TERM_START[m[1] as (typeof TERMS)[number]]}`;
}

export function graduationYearOrFallback(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= GRADUATION_YEAR.min && n <= GRADUATION_YEAR.max ? n : GRADUATION_YEAR.fallback;
}

/** Case-insensitive substring suggestions, at most 50 (001 §5). */
export function suggest(list: readonly string[], query: string, limit = SUGGESTIONS_MAX): string[] {
  const q = query.trim().toLowerCase();
  const matches = q ? list.filter((item) => item.toLowerCase().includes(q)) : list;
  return matches.slice(0, limit);
}

/** Neighbourhood chips: trimmed, no duplicates (case-insensitive), empties dropped. */
export function normalizeChips(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const v = raw.trim();
    if (!v || seen.has(v.toLowerCase())) continue;
    seen.add(v.toLowerCase());
    out.push(v);
  }
  return out;
}

/** Dealbreakers typed as a comma list: trimmed, empties dropped (001 §5). */
export const parseCommaList = (text: string): string[] => normalizeChips(text.split(','));

export type PromptAnswerInput = { promptId: string; response: string };

export type PreferencesInput = {
  cleanliness: number;
  noiseLevel: number;
  sleepSchedule: number;
  studyHabits: number;
  guestPolicy: number | null;
  smokingTolerance: string | null;
  housingStatus: string | null;
  financialStatus: string | null;
  needsCosigner: string | null;
  moveIn: string | null;
  minBudget: number | null;
  maxBudget: number | null;
  preferredNeighborhoods: string[];
  dealbreakers: string[];
  genderPreference: string[];
  /** Structured dealbreakers (issue 21, N150); absent keeps the saved ones. */
  dealbreakerRules?: string[];
};

export type Preferences = Omit<PreferencesInput, 'moveIn' | 'dealbreakerRules'> & {
  moveIn: string | null;
  moveInDate: string | null;
  /** Absent only on a write that leaves the saved rules as they are. */
  dealbreakerRules?: DealbreakerRule[] | undefined;
};

export const REQUIRED_PREFERENCES = [
  'smokingTolerance',
  'housingStatus',
  'financialStatus',
  'needsCosigner',
  'moveIn',
] as const;

/** Wizard step 3 progress: filled required fields out of 5 (000 §5). */
export const filledRequiredPreferences = (p: Partial<PreferencesInput>): number =>
  REQUIRED_PREFERENCES.filter((k) => typeof p[k] === 'string' && (p[k] as string).length > 0).length;

/** Percent shown by the wizard's bar for a step (000 §5). */
export function wizardProgress(
  step: 1 | 2 | 3,
  state: { photos: number; answeredPrompts: number; filledPreferences: number },
): number {
  const ratio =
    step === 1
      ? state.photos / PHOTO_LIMITS.wizardMin
      : step === 2
        ? state.answeredPrompts / PROMPTS_REQUIRED
        : state.filledPreferences / REQUIRED_PREFERENCES.length;
  return Math.round(Math.min(1, ratio) * 100);
}

const isOneOf = <T extends string>(set: readonly T[], v: unknown): v is T => set.includes(v as T);

/** Checks prompt answers: exactly 3, distinct, known, each trimmed non-empty and ≤ 300. */
export function promptAnswerErrors(answers: PromptAnswerInput[], knownPromptIds: ReadonlySet<string>): FieldError[] {
  if (answers.length > PROMPTS_REQUIRED) return [{ path: 'prompts', message: PROFILE_MESSAGES.tooManyPrompts }];
  if (answers.length < PROMPTS_REQUIRED) {
    return [{ path: 'prompts', message: PROFILE_MESSAGES.choosePrompts(PROMPTS_REQUIRED - answers.length) }];
  }
  const ids = new Set(answers.map((a) => a.promptId));
  if (ids.size !== answers.length) return [{ path: 'prompts', message: PROFILE_MESSAGES.duplicatePrompt }];
  const errors: FieldError[] = [];
  answers.forEach((a, i) => {
    const path = `prompts.${i}.response`;
    if (!knownPromptIds.has(a.promptId))
      errors.push({ path: `prompts.${i}.promptId`, message: PROFILE_MESSAGES.unknownPrompt });
    else if (a.response.trim().length === 0) errors.push({ path, message: PROFILE_MESSAGES.answerPrompts });
    else if (a.response.trim().length > PROMPT_ANSWER_MAX)
      errors.push({ path, message: PROFILE_MESSAGES.answerTooLong });
    else {
      const cleaned = cleanText(a.response, { required: true, max: PROMPT_ANSWER_MAX });
      if (!cleaned.ok) errors.push({ path, message: cleaned.message });
    }
  });
  return errors;
}

export function cleanPromptAnswers(answers: PromptAnswerInput[]): PromptAnswerInput[] {
  return answers.map((a) => {
    const cleaned = cleanText(a.response, { required: true, max: PROMPT_ANSWER_MAX });
    return { promptId: a.promptId, response: cleaned.ok ? cleaned.value : '' };
  });
}

/**
 * Validates and normalises roommate preferences. `requireAll` is the wizard's rule (all five
 * required, 000 §5); the editor saves smoking and housing only when given (001 §5).
 */
export function checkPreferences(
  input: PreferencesInput,
  options: { requireAll: boolean; today: Date },
): { ok: true; value: Preferences } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  for (const key of ['cleanliness', 'noiseLevel', 'sleepSchedule', 'studyHabits', 'guestPolicy'] as const) {
    const v = input[key];
    if (v === null && key === 'guestPolicy') continue;
    if (!Number.isInteger(v) || (v as number) < SLIDER.min || (v as number) > SLIDER.max) {
      errors.push({ path: `preferences.${key}`, message: PROFILE_MESSAGES.sliderRange });
    }
  }
  if (options.requireAll && filledRequiredPreferences(input) < REQUIRED_PREFERENCES.length) {
    errors.push({ path: 'preferences', message: PROFILE_MESSAGES.completePreferences });
  }
  const choice = (path: string, set: readonly string[], v: string | null) => {
    if (v !== null && v !== '' && !isOneOf(set, v))
      errors.push({ path: `preferences.${path}`, message: PROFILE_MESSAGES.invalidChoice });
  };
  choice('smokingTolerance', SMOKING_TOLERANCES, input.smokingTolerance);
  choice('housingStatus', HOUSING_STATUSES, input.housingStatus);
  choice('financialStatus', FINANCIAL_STATUSES, input.financialStatus);
  choice('needsCosigner', COSIGNER_OPTIONS, input.needsCosigner);
  let date: string | null = null;
  if (input.moveIn) {
    const d = moveInDate(input.moveIn, options.today);
    if (d === undefined) errors.push({ path: 'preferences.moveIn', message: PROFILE_MESSAGES.invalidChoice });
    else date = d;
  }
  for (const key of ['minBudget', 'maxBudget'] as const) {
    const v = input[key];
    if (v !== null && (!Number.isInteger(v) || v < 0 || v > BUDGET_MAX)) {
      errors.push({ path: `preferences.${key}`, message: PROFILE_MESSAGES.budgetInvalid });
    }
  }
  if (input.minBudget !== null && input.maxBudget !== null && input.minBudget > input.maxBudget) {
    errors.push({ path: 'preferences.minBudget', message: PROFILE_MESSAGES.budgetOrder });
  }
  if (input.genderPreference.some((g) => !isOneOf(GENDER_PREFERENCES, g))) {
    errors.push({ path: 'preferences.genderPreference', message: PROFILE_MESSAGES.invalidChoice });
  } else if (input.genderPreference.includes('Open to all') && input.genderPreference.length > 1) {
    errors.push({ path: 'preferences.genderPreference', message: PROFILE_MESSAGES.openToAllExclusive });
  }
  const neighborhoods = normalizeChips(input.preferredNeighborhoods);
  const dealbreakers = normalizeChips(input.dealbreakers);
  if (neighborhoods.length > NEIGHBORHOODS_MAX || neighborhoods.some((n) => n.length > NEIGHBORHOOD_MAX)) {
    errors.push({ path: 'preferences.preferredNeighborhoods', message: PROFILE_MESSAGES.invalidChoice });
  }
  if (dealbreakers.join(', ').length > DEALBREAKERS_MAX) {
    errors.push({ path: 'preferences.dealbreakers', message: PROFILE_MESSAGES.dealbreakersTooLong });
  }
  let rules: DealbreakerRule[] | undefined;
  if (input.dealbreakerRules !== undefined) {
    if (!input.dealbreakerRules.every(isDealbreakerRule)) {
      errors.push({ path: 'preferences.dealbreakerRules', message: PROFILE_MESSAGES.invalidChoice });
    } else {
      rules = [...new Set(input.dealbreakerRules)];
      // A firm ceiling is the student's own maximum budget (N150): without one it rules out nothing.
      if (rules.includes('budget_ceiling') && input.maxBudget === null) {
        errors.push({ path: 'preferences.dealbreakerRules', message: DEALBREAKER_MESSAGES.ceilingNeedsBudget });
      }
    }
  }
  const cleanedChips = (list: string[], path: string) =>
    list.map((v) => {
      const c = cleanText(v, { required: true, max: DEALBREAKERS_MAX });
      if (!c.ok) errors.push({ path, message: c.message });
      return c.ok ? c.value : '';
    });
  const cleanNeighborhoods = cleanedChips(neighborhoods, 'preferences.preferredNeighborhoods');
  const cleanDealbreakers = cleanedChips(dealbreakers, 'preferences.dealbreakers');
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      ...input,
      smokingTolerance: input.smokingTolerance || null,
      housingStatus: input.housingStatus || null,
      financialStatus: input.financialStatus || null,
      needsCosigner: input.needsCosigner || null,
      moveIn: input.moveIn || null,
      moveInDate: date,
      preferredNeighborhoods: cleanNeighborhoods,
      dealbreakers: cleanDealbreakers,
      dealbreakerRules: rules,
    },
  };
}

export type BasicsInput = {
  name: string;
  bio: string;
  university: string;
  major: string;
  graduationYear: number | null;
  gender: string | null;
  genderSelfDescribe: string | null;
};

export type LifestyleInput = {
  cookingFrequency: string | null;
  alcohol: string | null;
  pets: string | null;
  hobbies: string[];
};

export type Basics = BasicsInput;

/**
 * `verifiedUniversity` is the school the confirmed address gives (issue 16 §1): the student cannot
 * pick another (a different listed school is refused; a blank one takes it). Without one, any
 * listed school may be chosen, and it shows as "school not verified".
 */
export function checkBasics(
  input: BasicsInput,
  canonicalUniversity: (name: string) => string | null,
  verifiedUniversity: string | null = null,
): { ok: true; value: Basics } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const field = (path: string, value: string, opts: { required?: boolean; max: number }, requiredMessage?: string) => {
    if (opts.required && value.trim().length === 0 && requiredMessage) {
      errors.push({ path, message: requiredMessage });
      return '';
    }
    const c = cleanText(value, opts);
    if (!c.ok) errors.push({ path, message: c.message });
    return c.ok ? c.value : '';
  };
  // Shown to others as a name: no bidi overrides or invisible characters (core/shared/names.ts).
  const name = field(
    'basics.name',
    cleanName(input.name),
    { required: true, max: NAME_MAX },
    PROFILE_MESSAGES.nameRequired,
  );
  const bio = field('basics.bio', input.bio, { max: BIO_MAX });
  const major = field('basics.major', input.major, { max: MAJOR_MAX });
  const typed = input.university.trim();
  const university = verifiedUniversity !== null && typed === '' ? verifiedUniversity : canonicalUniversity(typed);
  if (!university) errors.push({ path: 'basics.university', message: PROFILE_MESSAGES.universityUnknown });
  else if (verifiedUniversity !== null && university !== verifiedUniversity) {
    errors.push({ path: 'basics.university', message: PROFILE_MESSAGES.universityLocked });
  }
  if (input.gender !== null && input.gender !== '' && !isOneOf(GENDERS, input.gender)) {
    errors.push({ path: 'basics.gender', message: PROFILE_MESSAGES.invalidChoice });
  }
  let selfDescribe: string | null = null;
  if (input.gender === 'Prefer to self-describe' && input.genderSelfDescribe) {
    selfDescribe = field('basics.genderSelfDescribe', input.genderSelfDescribe, { max: 50 }) || null;
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name,
      bio,
      major,
      university: university as string,
      // Not chosen stays unset (issue 17: never invent a class year); only a bad value falls back.
      graduationYear: input.graduationYear === null ? null : graduationYearOrFallback(input.graduationYear),
      gender: input.gender || null,
      genderSelfDescribe: selfDescribe,
    },
  };
}

export function checkLifestyle(
  input: LifestyleInput,
): { ok: true; value: LifestyleInput } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const choice = (path: string, set: readonly string[], v: string | null) => {
    if (v !== null && v !== '' && !isOneOf(set, v))
      errors.push({ path: `lifestyle.${path}`, message: PROFILE_MESSAGES.invalidChoice });
  };
  choice('cookingFrequency', COOKING_FREQUENCIES, input.cookingFrequency);
  choice('alcohol', ALCOHOL_OPTIONS, input.alcohol);
  choice('pets', PET_OPTIONS, input.pets);
  const hobbies = normalizeChips(input.hobbies);
  if (hobbies.length > HOBBIES_MAX) errors.push({ path: 'lifestyle.hobbies', message: PROFILE_MESSAGES.invalidChoice });
  const cleanHobbies = hobbies.map((h) => {
    const c = cleanText(h, { required: true, max: HOBBY_MAX });
    if (!c.ok) errors.push({ path: 'lifestyle.hobbies', message: c.message });
    return c.ok ? c.value : '';
  });
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      cookingFrequency: input.cookingFrequency || null,
      alcohol: input.alcohol || null,
      pets: input.pets || null,
      hobbies: cleanHobbies,
    },
  };
}

import { isProfileComplete, profileCompletion } from './completeness';
import type { Profile } from './model';
import { photoKey, sniffImageType } from './photo-type';
import {
  checkBasics,
  checkPreferences,
  graduationYearOrFallback,
  moveInChoices,
  moveInDate,
  normalizeChips,
  PROFILE_MESSAGES,
  type PreferencesInput,
  parseCommaList,
  promptAnswerErrors,
  suggest,
  wizardProgress,
} from './rules';

const today = new Date('2026-11-22T12:00:00Z');

const prefs = (over: Partial<PreferencesInput> = {}): PreferencesInput => ({
  cleanliness: 5,
  noiseLevel: 5,
  sleepSchedule: 5,
  studyHabits: 5,
  guestPolicy: null,
  smokingTolerance: 'no_smoking',
  housingStatus: 'flexible',
  financialStatus: 'mixed',
  needsCosigner: 'maybe',
  moveIn: 'asap',
  minBudget: null,
  maxBudget: null,
  preferredNeighborhoods: [],
  dealbreakers: [],
  genderPreference: [],
  ...over,
});

describe('wizard progress (000 §5)', () => {
  it('is photos/3, answered prompts/3 and filled required fields/5, capped at 100', () => {
    expect(wizardProgress(1, { photos: 2, answeredPrompts: 0, filledPreferences: 0 })).toBe(67);
    expect(wizardProgress(1, { photos: 5, answeredPrompts: 0, filledPreferences: 0 })).toBe(100);
    expect(wizardProgress(2, { photos: 0, answeredPrompts: 1, filledPreferences: 0 })).toBe(33);
    expect(wizardProgress(3, { photos: 0, answeredPrompts: 0, filledPreferences: 4 })).toBe(80);
  });
});

describe('move-in choices', () => {
  it('offers the next five terms, asap and flexible', () => {
    expect(moveInChoices(today)).toEqual([
      'winter-2027',
      'spring-2027',
      'summer-2027',
      'fall-2027',
      'winter-2028',
      'asap',
      'flexible',
    ]);
  });

  it('converts a choice to a date (000 §7)', () => {
    expect(moveInDate('fall-2027', today)).toBe('2027-08-20');
    expect(moveInDate('asap', today)).toBe('2026-11-22');
    expect(moveInDate('flexible', today)).toBeNull();
    expect(moveInDate('autumn-2027', today)).toBeUndefined();
    expect(moveInDate('fall-2099', today)).toBeUndefined();
  });
});

describe('preferences', () => {
  it('normalises chips and keeps the move-in date', () => {
    const r = checkPreferences(prefs({ preferredNeighborhoods: [' Palms', 'palms', '', 'Westwood'] }), {
      requireAll: true,
      today,
    });
    expect(r.ok && r.value.preferredNeighborhoods).toEqual(['Palms', 'Westwood']);
    expect(r.ok && r.value.moveInDate).toBe('2026-11-22');
  });

  it('requires the five in the wizard only', () => {
    const missing = prefs({ financialStatus: null, moveIn: '' });
    expect(checkPreferences(missing, { requireAll: true, today }).ok).toBe(false);
    expect(checkPreferences(missing, { requireAll: false, today }).ok).toBe(true);
  });

  it('refuses sliders outside 1–5 and fractional ones', () => {
    for (const v of [0, 6, 2.5, Number.NaN]) {
      expect(checkPreferences(prefs({ noiseLevel: v }), { requireAll: true, today }).ok).toBe(false);
    }
  });
});

describe('prompt answers', () => {
  const known = new Set(['a', 'b', 'c', 'd']);
  it('needs exactly three distinct known prompts with answers up to 300', () => {
    const ok = [
      { promptId: 'a', response: 'x' },
      { promptId: 'b', response: 'y' },
      { promptId: 'c', response: 'z' },
    ];
    expect(promptAnswerErrors(ok, known)).toEqual([]);
    expect(promptAnswerErrors(ok.slice(0, 1), known)[0]?.message).toBe('Choose 2 more prompts to continue');
    expect(promptAnswerErrors([...ok, { promptId: 'd', response: 'w' }], known)[0]?.message).toBe(
      'You can only select up to 3 prompts.',
    );
    expect(promptAnswerErrors([ok[0]!, ok[0]!, ok[1]!], known)).toHaveLength(1);
    expect(promptAnswerErrors([ok[0]!, ok[1]!, { promptId: 'c', response: 'a'.repeat(300) }], known)).toEqual([]);
  });
});

describe('small helpers', () => {
  it('falls back to 2025 for a bad graduation year', () => {
    expect(graduationYearOrFallback(2027)).toBe(2027);
    expect(graduationYearOrFallback(2031)).toBe(2025);
    expect(graduationYearOrFallback('abc')).toBe(2025);
    expect(graduationYearOrFallback(null)).toBe(2025);
  });

  it('suggests case-insensitive substrings, at most the limit', () => {
    expect(suggest(['Alpha', 'beta', 'ALPHABET'], 'alp')).toEqual(['Alpha', 'ALPHABET']);
    expect(
      suggest(
        Array.from({ length: 80 }, (_, i) => `U${i}`),
        '',
      ),
    ).toHaveLength(50);
  });

  it('parses dealbreakers as a comma list and chips without duplicates', () => {
    expect(parseCommaList(' smoking,, pets , Smoking')).toEqual(['smoking', 'pets']);
    expect(normalizeChips(['a', 'A ', ' b'])).toEqual(['a', 'b']);
  });
});

describe('image sniffing (D26)', () => {
  const pad = (bytes: number[]) => new Uint8Array([...bytes, ...new Array(16).fill(0)]);
  it('recognises images by content', () => {
    expect(sniffImageType(pad([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageType(pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniffImageType(new TextEncoder().encode('GIF89a-------------'))).toBe('gif');
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImageType(new TextEncoder().encode('\0\0\0\x1cftypavif\0\0\0\0'))).toBe('avif');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('%PDF-1.7 lorem ipsum'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it('keys photos by user and time', () => {
    expect(photoKey('u1', new Date(1700000000000), 'abcd', 'webp')).toBe('u1/1700000000000-abcd.webp');
  });
});

describe('completeness', () => {
  const base: Profile = {
    userId: 'u',
    basics: {
      name: 'A',
      bio: '',
      university: 'UCLA',
      major: '',
      graduationYear: 2026,
      gender: null,
      genderSelfDescribe: null,
    },
    lifestyle: { cookingFrequency: null, alcohol: null, pets: null, hobbies: [] },
    photos: [{ id: 'p', key: 'k', url: '/media/k', position: 0 }],
    prompts: [1, 2, 3].map((i) => ({ promptId: `${i}`, promptText: 't', category: 'fun', response: 'r' })),
    preferences: null,
    completedAt: new Date(),
    updatedAt: new Date(),
  };

  it('needs completion, a photo, three answers and preferences', () => {
    expect(isProfileComplete(base)).toBe(false);
    const withPrefs = {
      ...base,
      preferences: { ...prefs(), moveInDate: null } as Profile['preferences'],
    };
    expect(isProfileComplete(withPrefs)).toBe(true);
    expect(isProfileComplete({ ...withPrefs, photos: [] })).toBe(false);
    expect(isProfileComplete({ ...withPrefs, completedAt: null })).toBe(false);
  });

  it('reports a percent and what is missing', () => {
    const c = profileCompletion(base);
    expect(c.missing).toContain('Add at least 3 photos');
    expect(c.percent).toBe(Math.round((1 / 7) * 100));
  });
});

describe('profile names (issue 14)', () => {
  const basics = (name: string) => ({
    name,
    bio: '',
    university: 'UCLA',
    major: '',
    graduationYear: 2027,
    gender: null,
    genderSelfDescribe: null,
  });
  const campus = (n: string) => (n === 'UCLA' ? 'University of California, Los Angeles' : null);

  it('stores the name without bidi overrides or zero-width characters', () => {
    const r = checkBasics(basics('\u202EJor\u200Bdan\u2066 Lee\uFEFF'), campus);
    expect(r.ok && r.value.name).toBe('Jordan Lee');
  });

  it('refuses a name made only of invisible characters as missing', () => {
    expect(checkBasics(basics('\u200B\u200D\u202E'), campus)).toEqual({
      ok: false,
      errors: [{ path: 'basics.name', message: PROFILE_MESSAGES.nameRequired }],
    });
  });
});

describe('structured dealbreakers with the preferences (issue 21, N150)', () => {
  const check = (over: Partial<PreferencesInput>) => checkPreferences(prefs(over), { requireAll: true, today });

  it('keeps known rules once each; left out, they stay as saved (absent)', () => {
    const r = check({ dealbreakerRules: ['no_pets', 'no_smokers', 'no_pets'], maxBudget: 1200 });
    expect(r.ok && r.value.dealbreakerRules).toEqual(['no_pets', 'no_smokers']);
    const absent = check({});
    expect(absent.ok && absent.value.dealbreakerRules).toBeUndefined();
    const cleared = check({ dealbreakerRules: [] });
    expect(cleared.ok && cleared.value.dealbreakerRules).toEqual([]);
  });

  it('refuses an unknown rule and a firm ceiling without a maximum budget', () => {
    expect(check({ dealbreakerRules: ['no_cats'] })).toEqual({
      ok: false,
      errors: [{ path: 'preferences.dealbreakerRules', message: PROFILE_MESSAGES.invalidChoice }],
    });
    expect(check({ dealbreakerRules: ['budget_ceiling'], maxBudget: null })).toEqual({
      ok: false,
      errors: [{ path: 'preferences.dealbreakerRules', message: 'Set a maximum budget to make it a dealbreaker.' }],
    });
    expect(check({ dealbreakerRules: ['budget_ceiling'], maxBudget: 900 }).ok).toBe(true);
  });
});

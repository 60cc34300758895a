import type { MatchPerson, MatchPreferences } from './compatibility';
import {
  brokenRules,
  compatibleByDealbreakers,
  type DealbreakerRule,
  NO_CEILING,
  NO_POOL_DEALBREAKERS,
  poolDealbreakers,
} from './dealbreakers';

const person = (
  over: Partial<MatchPreferences> = {},
  rules: DealbreakerRule[] = [],
  pets: string | null = 'no_pets',
): MatchPerson => ({
  gender: 'Female',
  pets,
  preferences: {
    cleanliness: 3,
    sleepSchedule: 3,
    noiseLevel: 3,
    studyHabits: 3,
    guestPolicy: 2,
    smokingTolerance: 'no_smoking',
    housingStatus: 'flexible',
    minBudget: 800,
    maxBudget: 1200,
    moveInDate: null,
    genderPreference: [],
    dealbreakers: [],
    dealbreakerRules: rules,
    ...over,
  },
});

describe('structured dealbreakers (issue 21, N150)', () => {
  it('no smokers: broken by vaping or smoking at home, not by outside only or a blank answer', () => {
    const owner = person({}, ['no_smokers']);
    expect(brokenRules(owner, person({ smokingTolerance: 'smoking_ok' }))).toEqual(['no_smokers']);
    expect(brokenRules(owner, person({ smokingTolerance: 'vaping_ok' }))).toEqual(['no_smokers']);
    expect(brokenRules(owner, person({ smokingTolerance: 'outside_only' }))).toEqual([]);
    expect(brokenRules(owner, person({ smokingTolerance: null }))).toEqual([]);
  });

  it('no pets: broken by having or wanting a pet, not by an allergy or a blank answer', () => {
    const owner = person({}, ['no_pets']);
    expect(brokenRules(owner, person({}, [], 'have_pets'))).toEqual(['no_pets']);
    expect(brokenRules(owner, person({}, [], 'want_pets'))).toEqual(['no_pets']);
    expect(brokenRules(owner, person({}, [], 'allergic'))).toEqual([]);
    expect(brokenRules(owner, person({}, [], null))).toEqual([]);
  });

  it('budget ceiling: broken by a minimum above the owner’s maximum only', () => {
    const owner = person({ maxBudget: 1200 }, ['budget_ceiling']);
    expect(brokenRules(owner, person({ minBudget: 1201, maxBudget: 2000 }))).toEqual(['budget_ceiling']);
    expect(brokenRules(owner, person({ minBudget: 1200, maxBudget: 2000 }))).toEqual([]);
    expect(brokenRules(owner, person({ minBudget: null }))).toEqual([]);
  });

  it('no frequent guests: broken by Often and Always welcome', () => {
    const owner = person({}, ['no_frequent_guests']);
    expect(brokenRules(owner, person({ guestPolicy: 4 }))).toEqual(['no_frequent_guests']);
    expect(brokenRules(owner, person({ guestPolicy: 5 }))).toEqual(['no_frequent_guests']);
    expect(brokenRules(owner, person({ guestPolicy: 3 }))).toEqual([]);
    expect(brokenRules(owner, person({ guestPolicy: null }))).toEqual([]);
  });

  it('holds both ways: either side’s broken rule keeps the pair apart', () => {
    const strict = person({}, ['no_smokers']);
    const smoker = person({ smokingTolerance: 'smoking_ok' });
    expect(compatibleByDealbreakers(strict, smoker)).toBe(false);
    expect(compatibleByDealbreakers(smoker, strict)).toBe(false);
    expect(compatibleByDealbreakers(strict, person())).toBe(true);
    // Rules without preferences break nothing.
    expect(compatibleByDealbreakers(strict, { gender: null, preferences: null })).toBe(true);
  });

  it('feeds the pool query: a solo viewer’s rules and traits', () => {
    expect(poolDealbreakers([person()])).toEqual({ ...NO_POOL_DEALBREAKERS, minBudget: 800 });
    expect(
      poolDealbreakers([
        person({ smokingTolerance: 'vaping_ok', guestPolicy: 5 }, ['no_pets', 'budget_ceiling'], 'have_pets'),
      ]),
    ).toEqual({
      noSmokers: 0,
      noPets: 1,
      noFrequentGuests: 0,
      ceiling: 1200,
      smokes: 1,
      hasPets: 1,
      frequentGuests: 1,
      minBudget: 800,
    });
  });

  it('a group adds its members up: every rule, the lowest ceiling, any trait, the highest minimum (D13)', () => {
    const group = poolDealbreakers([
      person({ maxBudget: 1500 }, ['budget_ceiling', 'no_smokers']),
      person({ maxBudget: 1100, minBudget: 950 }, ['budget_ceiling']),
      person({ guestPolicy: 4 }, [], 'want_pets'),
    ]);
    expect(group).toMatchObject({ noSmokers: 1, ceiling: 1100, hasPets: 1, frequentGuests: 1, minBudget: 950 });
    expect(poolDealbreakers([]).ceiling).toBe(NO_CEILING);
  });
});

import { describe, expect, it } from 'vitest';
import { compatibilityFactors, type MatchPerson, scoreOf } from '../matching/compatibility';
import { seededRandom } from '../shared/random';
import { pairScorer } from './pair-score';

/** The shared seeded generator (mulberry32), so every run repeats exactly. */
const rng = (seed: number) => {
  const random = seededRandom(seed);
  return () => random.next();
};

function randomPerson(random: () => number): MatchPerson {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)] as T;
  const maybe = <T>(v: T) => (random() < 0.15 ? null : v);
  const slider = () => maybe(1 + Math.floor(random() * 5));
  const min = 400 + 50 * Math.floor(random() * 20);
  const withBudget = random() < 0.85;
  return {
    gender: pick(['Man', 'Woman', 'Non-binary', null]),
    pets: pick(['have_pets', 'want_pets', 'no_pets', null]),
    preferences:
      random() < 0.05
        ? null
        : {
            cleanliness: slider(),
            sleepSchedule: slider(),
            noiseLevel: slider(),
            studyHabits: slider(),
            guestPolicy: slider(),
            smokingTolerance: maybe(pick(['no_smoking', 'outside_only', 'vaping_ok', 'smoking_ok', 'other'])),
            housingStatus: maybe(pick(['looking_for_roommates', 'looking_to_join', 'flexible'])),
            minBudget: withBudget ? min : null,
            maxBudget: withBudget ? min + 50 * Math.floor(random() * 16) : null,
            moveInDate: maybe(
              `2027-0${1 + Math.floor(random() * 9)}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
            ),
            genderPreference: random() < 0.6 ? [] : [pick(['Man', 'Woman', 'Open to all', 'Non-binary'])],
            dealbreakers:
              random() < 0.6
                ? []
                : [
                    pick([
                      'no smokers',
                      'messy people',
                      'loud parties',
                      'no pets',
                      'early birds',
                      'overnight guests',
                      'night owl',
                    ]),
                  ],
          },
  };
}

describe('the fast pair score of the day’s matching', () => {
  it('equals the D12 score of compatibility.ts on 20,000 random pairs', () => {
    const random = rng(12);
    const people = Array.from({ length: 400 }, () => randomPerson(random));
    const score = pairScorer(people);
    let dealbreakerPairs = 0;
    for (let k = 0; k < 20_000; k++) {
      const i = Math.floor(random() * people.length);
      const j = Math.floor(random() * people.length);
      const factors = compatibilityFactors(people[i] as MatchPerson, people[j] as MatchPerson);
      if (factors?.some((f) => f.key === 'dealbreakers')) dealbreakerPairs++;
      expect(score(i, j)).toBe(scoreOf(factors));
    }
    expect(dealbreakerPairs).toBeGreaterThan(500);
  });
});

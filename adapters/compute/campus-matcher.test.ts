/** Most Compatible today's matching on a worker thread (N137): the same result, and the event loop stays free. */
import type { MatchPerson } from '../../core/matching/compatibility';
import { type CampusMatchingInput, matchCampus } from '../../core/most-compatible/campus-matching';
import { seededRandom } from '../../core/shared/random';
import { workerCampusMatcher } from './campus-matcher';

function campus(n: number): CampusMatchingInput {
  const rnd = seededRandom(7);
  const slider = () => rnd.int(1, 5);
  const people: MatchPerson[] = Array.from({ length: n }, () => {
    const min = 500 + 50 * rnd.int(0, 20);
    return {
      gender: rnd.pick(['Female', 'Male']),
      pets: rnd.pick(['have_pets', 'no_pets', null]),
      preferences: {
        cleanliness: slider(),
        sleepSchedule: slider(),
        noiseLevel: slider(),
        studyHabits: slider(),
        guestPolicy: slider(),
        smokingTolerance: rnd.pick(['no_smoking', 'outside_only', 'smoking_ok']),
        housingStatus: rnd.pick(['looking_for_roommates', 'looking_to_join']),
        minBudget: min,
        maxBudget: min + 50 * rnd.int(2, 16),
        moveInDate: null,
        genderPreference: [],
        dealbreakers: [],
        dealbreakerRules: rnd.next() < 0.1 ? ['no_pets'] : [],
      },
    } as MatchPerson;
  });
  const ids = people.map((_, i) => `student-${String(i).padStart(5, '0')}`);
  const apart: [number, number][] = Array.from({ length: n / 10 }, (_, i) => [i, n - 1 - i]);
  return { day: '2026-11-27', campus: 'ucla', ids, people, apart };
}

describe('campus matching on a worker thread (N137)', () => {
  it('pairs a campus exactly as in process, dealbreakers and pairs kept apart included', async () => {
    const input = campus(400);
    const there = await workerCampusMatcher()(input);
    const here = matchCampus(input);
    expect(there.method).toBe(here.method);
    expect([...there.partner]).toEqual([...here.partner]);
    expect([...there.pairScore]).toEqual([...here.pairScore]);
    expect([...there.partner].filter((p) => p >= 0).length).toBeGreaterThan(300);
  });

  it('keeps the event loop free while a large campus is computed, and computes a campus once at a time', async () => {
    const matcher = workerCampusMatcher();
    const input = campus(2500);
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 20);
    try {
      const first = matcher(input);
      expect(matcher({ ...input })).toBe(first);
      const result = await first;
      expect(result.partner).toHaveLength(2500);
    } finally {
      clearInterval(timer);
    }
    // On the event loop the timer could not have fired until the matching was done.
    expect(ticks).toBeGreaterThan(5);
  }, 60_000);
});

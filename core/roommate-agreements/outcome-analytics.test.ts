import { describe, expect, it } from 'vitest';
import type { MatchPerson, MatchPreferences } from '../matching/compatibility';
import type { Campus } from '../matching/deck';
import { bandOf, type FactoredOutcome, outcomeAnalytics, scoreOutcome } from './evaluate';
import { scoredOutcomes } from './outcome-report';

const prefs = (over: Partial<MatchPreferences> = {}): MatchPreferences => ({
  cleanliness: 3,
  sleepSchedule: 3,
  noiseLevel: 3,
  studyHabits: 3,
  guestPolicy: 3,
  smokingTolerance: 'no_smoking',
  housingStatus: 'looking_to_join',
  minBudget: 800,
  maxBudget: 1200,
  moveInDate: '2026-08-15',
  genderPreference: [],
  dealbreakers: [],
  ...over,
});
const person = (over: Partial<MatchPreferences> = {}): MatchPerson => ({ gender: 'woman', preferences: prefs(over) });

const me = person({ housingStatus: 'looking_for_roommates' });
// Everything the same, one has a place and one is looking: 100.
const twin = person();
// Cleanliness two steps apart: 15 × 0.5 = 7.5 of 15, so 92.5, which rounds to 93.
const tidier = person({ cleanliness: 1 });

describe('outcomes by compatibility band and factor (N160)', () => {
  it('shares the band rule with the CLI report', () => {
    expect([0, 59, 60, 79, 79.5, 80, 100].map(bandOf)).toEqual([
      '0–59',
      '0–59',
      '60–79',
      '60–79',
      '60–79',
      '80–100',
      '80–100',
    ]);
  });

  it('scores an answer against the other parties: mean score, mean share per factor', () => {
    expect(scoreOutcome(me, [])).toBeNull();
    const pair = scoreOutcome(me, [tidier]);
    expect(pair?.score).toBe(93);
    expect(pair?.factors.find((f) => f.key === 'cleanliness')?.share).toBe(0.5);
    expect(pair?.factors.find((f) => f.key === 'housing')?.share).toBe(1);
    // A household of three: (100 + 93) / 2 = 96.5 → 97; cleanliness (1 + 0.5) / 2 = 0.75.
    const group = scoreOutcome(me, [twin, tidier]);
    expect(group?.score).toBe(97);
    expect(group?.factors.find((f) => f.key === 'cleanliness')?.share).toBe(0.75);
    expect(group?.factors).toHaveLength(10);
  });

  it('leaves weightless factors (dealbreaker penalties) out of the shares', () => {
    const smoker = person({ smokingTolerance: 'smoking_ok' });
    const strict = person({ dealbreakers: ['no smoking'] });
    expect(scoreOutcome(strict, [smoker])?.factors.map((f) => f.key)).not.toContain('dealbreakers');
  });

  it('counts, averages and shares per band; agreed vs differed per factor over those who moved in', () => {
    const f = (cleanliness: number, sleepSchedule?: number) => [
      { key: 'cleanliness', share: cleanliness },
      ...(sleepSchedule === undefined ? [] : [{ key: 'sleepSchedule', share: sleepSchedule }]),
    ];
    const rows: FactoredOutcome[] = [
      { score: 90, rating: 5, didNotMoveIn: false, factors: f(1, 0.5) },
      { score: 85, rating: 3, didNotMoveIn: false, factors: f(0.75, 1) },
      { score: 80, rating: 1, didNotMoveIn: true, factors: f(0, 0) },
      { score: 65, rating: 4, didNotMoveIn: false, factors: f(0.5, 0.75) },
      { score: 59, rating: 2, didNotMoveIn: false, factors: f(0.25) },
    ];
    const r = outcomeAnalytics(rows);
    expect(r.answers).toBe(5);
    expect(r.bands).toEqual([
      { band: '0–59', answers: 1, meanRating: 2, didNotMoveInShare: 0 },
      { band: '60–79', answers: 1, meanRating: 4, didNotMoveInShare: 0 },
      { band: '80–100', answers: 3, meanRating: 4, didNotMoveInShare: 1 / 3 },
    ]);
    expect(r.factors.map((x) => x.key)).toEqual([
      'cleanliness',
      'sleepSchedule',
      'noiseLevel',
      'studyHabits',
      'guestPolicy',
      'smoking',
      'budget',
      'moveIn',
      'housing',
      'gender',
    ]);
    expect(r.factors[0]).toEqual({
      key: 'cleanliness',
      agreed: { answers: 2, meanRating: 4 },
      differed: { answers: 2, meanRating: 3 },
    });
    expect(r.factors[1]).toEqual({
      key: 'sleepSchedule',
      agreed: { answers: 2, meanRating: 3.5 },
      differed: { answers: 1, meanRating: 5 },
    });
    expect(r.factors[2]).toEqual({
      key: 'noiseLevel',
      agreed: { answers: 0, meanRating: null },
      differed: { answers: 0, meanRating: null },
    });
  });

  it('is empty but complete with no answers', () => {
    const r = outcomeAnalytics([]);
    expect(r.answers).toBe(0);
    expect(r.bands.every((b) => b.answers === 0 && b.meanRating === null && b.didNotMoveInShare === null)).toBe(true);
    expect(r.factors).toHaveLength(10);
  });

  it('loads answers through the ports, skipping those without a profile', async () => {
    const answer = (userId: string, rating: number, didNotMoveIn: boolean, parties: string[]) => ({
      agreementId: parties.join('+'),
      userId,
      checkpointDays: 30,
      rating,
      didNotMoveIn,
      parties,
    });
    const people: Record<string, MatchPerson> = { a: me, b: tidier };
    const r = await scoredOutcomes({
      outcomes: {
        allOutcomes: async () => [
          answer('a', 4, false, ['a', 'b']),
          answer('b', 2, true, ['a', 'b']),
          answer('c', 5, false, ['c', 'a']),
          answer('a', 3, false, ['a', 'gone']),
        ],
      },
      people: {
        viewer: async (id) => {
          const p = people[id];
          return p ? { userId: id, campus: {} as Campus, person: p, complete: true } : null;
        },
      },
    });
    expect(r.unscored).toBe(2);
    expect(r.rows.map((x) => [x.score, x.rating, x.didNotMoveIn])).toEqual([
      [93, 4, false],
      [93, 2, true],
    ]);
  });
});

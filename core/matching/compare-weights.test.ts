import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../fixtures/random';
import { compareWeights, drawLifestyle, parseWeightSet, syntheticStudent, type WeightSet } from './compare-weights';
import { compatibility, compatibilityFactors, WEIGHTS } from './compatibility';

const set = (spec: string): WeightSet => {
  const parsed = parseWeightSet(spec);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

describe('compatibility with a weight set (N161)', () => {
  it('scores exactly as before with today’s weights passed explicitly', () => {
    const rnd = seededRandom(3);
    for (let k = 0; k < 200; k++) {
      const a = syntheticStudent(rnd);
      const b = syntheticStudent(rnd);
      expect(compatibility(a, b, WEIGHTS)).toEqual(compatibility(a, b));
    }
  });

  it('uses the given weights as each factor’s maximum', () => {
    const rnd = seededRandom(4);
    const a = syntheticStudent(rnd);
    const b = syntheticStudent(rnd);
    const factors = compatibilityFactors(a, b, set('clean=cleanliness:40').weights) ?? [];
    const total = factors.reduce((s, f) => s + f.max, 0);
    expect(total).toBeCloseTo(100, 9);
    expect(factors.find((f) => f.key === 'cleanliness')?.max).toBeCloseTo(4000 / 125, 9);
  });
});

describe('parseWeightSet', () => {
  it('merges a partial set over today’s weights and scales it to 100', () => {
    const { name, weights } = set('tidy=cleanliness:25, budget:3');
    expect(name).toBe('tidy');
    expect(Object.values(weights).reduce((s, w) => s + w, 0)).toBeCloseTo(100, 9);
    expect(weights.cleanliness / weights.smoking).toBeCloseTo(25 / WEIGHTS.smoking, 9);
    expect(weights.budget / weights.smoking).toBeCloseTo(3 / WEIGHTS.smoking, 9);
  });

  it('keeps a set that sums to 100 as written', () => {
    expect(set('same=cleanliness:15').weights).toEqual({ ...WEIGHTS });
  });

  it('names an unknown factor, a negative or non-numeric weight, and a malformed spec', () => {
    expect(parseWeightSet('x=tidiness:20')).toEqual({
      ok: false,
      error: expect.stringContaining('unknown factor "tidiness" in "x"; the D12 factors are cleanliness,'),
    });
    expect(parseWeightSet('x=smoking:-3')).toEqual({
      ok: false,
      error: 'the weight of smoking in "x" must be a number of 0 or more (got -3)',
    });
    expect(parseWeightSet('x=smoking:lots').ok).toBe(false);
    expect(parseWeightSet('cleanliness:20')).toEqual({ ok: false, error: expect.stringContaining('expected name=') });
    expect(parseWeightSet('x=cleanliness')).toEqual({ ok: false, error: expect.stringContaining('expected name=') });
    expect(parseWeightSet('today=cleanliness:20')).toEqual({ ok: false, error: expect.stringContaining('"today"') });
    const zero = Object.keys(WEIGHTS)
      .map((k) => `${k}:0`)
      .join(',');
    expect(parseWeightSet(`z=${zero}`)).toEqual({ ok: false, error: '"z" gives every factor a weight of 0' });
  });
});

describe('compareWeights', () => {
  const truthFirst = set(
    'truth=cleanliness:30,sleepSchedule:25,smoking:15,guestPolicy:15,noiseLevel:15,studyHabits:0,budget:0,moveIn:0,housing:0,gender:0',
  );
  const truthZeroed = set('blind=cleanliness:0,sleepSchedule:0,smoking:0,guestPolicy:0,noiseLevel:0');

  it('gives the same report for the same seed', () => {
    const one = compareWeights([truthFirst], { students: 60 }, seededRandom(11));
    const two = compareWeights([truthFirst], { students: 60 }, seededRandom(11));
    expect(one).toEqual(two);
    expect(one.students).toBe(60);
    expect(one.pairs).toBe(1770);
    expect(one.arms.map((a) => a.name)).toEqual(['today', 'truth']);
    expect(one.arms[0]?.households).toBe(30);
    expect(compareWeights([truthFirst], { students: 60 }, seededRandom(12))).not.toEqual(one);
  });

  it('finds that weighting the true model’s factors predicts better than zeroing them', () => {
    const report = compareWeights([truthFirst, truthZeroed], { students: 120 }, seededRandom(7));
    const [today, truth, blind] = report.arms;
    expect(truth!.spearman!).toBeGreaterThan(today!.spearman!);
    expect(truth!.spearman!).toBeGreaterThan(blind!.spearman! + 0.3);
    expect(truth!.meanHouseholdOutcome).toBeGreaterThan(blind!.meanHouseholdOutcome);
    expect(truth!.meanHouseholdOutcome).toBeGreaterThan(report.meanOutcomeAllPairs);
  });
});

describe('drawLifestyle', () => {
  it('draws what `nestmate simulate` always drew, in its order', () => {
    const a = seededRandom(9);
    const b = seededRandom(9);
    const SKEWED = [1, 2, 3, 3, 4, 4, 4, 5, 5];
    for (let k = 0; k < 50; k++) {
      const nightOwl = b.next() < 0.55;
      expect(drawLifestyle(a)).toEqual({
        cleanliness: b.pick(SKEWED),
        sleepSchedule: nightOwl ? b.int(3, 5) : b.int(1, 3),
        noiseLevel: b.pick([1, 2, 2, 3, 3, 3, 4, 5]),
        studyHabits: b.pick(SKEWED),
        guestPolicy: b.pick([1, 2, 2, 3, 3, 4]),
        smokingTolerance: b.next() < 0.85 ? 'no_smoking' : b.pick(['outside_only', 'vaping_ok', 'smoking_ok']),
      });
    }
  });
});

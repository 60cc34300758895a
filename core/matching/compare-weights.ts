/**
 * Comparing alternative D12 weights on a synthetic campus (issue 21's outcome loop, N161). Students
 * are drawn like `nestmate simulate`'s; a hidden, made-up "true" outcome model (a known mix of
 * factor mismatches plus noise, a model and not data) rates every pair; each weight set then
 * scores every pair with the real D12 arithmetic and is judged by Spearman's rank correlation with
 * those outcomes and by the mean outcome of the households a greedy best-first pairing forms.
 * Pure: randomness comes in as a parameter. It only measures; weights stay a reviewed code change.
 */

import { spearman } from '../roommate-agreements/evaluate';
import { err, ok, type Result } from '../shared/result';
import {
  compatibilityFactors,
  type MatchPerson,
  type MatchPreferences,
  scoreOf,
  WEIGHTS,
  type WeightKey,
  type Weights,
} from './compatibility';

/** A source of floats in [0, 1): fixtures/random's seededRandom in the CLI and tests. */
export type RandomSource = { next(): number };

export type WeightSet = { name: string; weights: Weights };

export const WEIGHT_KEYS = Object.keys(WEIGHTS) as WeightKey[];

const SKEWED = [1, 2, 3, 3, 4, 4, 4, 5, 5];
const pick = <T>(rnd: RandomSource, items: readonly T[]): T => items[Math.floor(rnd.next() * items.length)] as T;
const int = (rnd: RandomSource, min: number, max: number) => min + Math.floor(rnd.next() * (max - min + 1));

/**
 * The lifestyle answers `nestmate simulate` draws (most people tidy-ish, few smoke), in the order it
 * draws them, so cli/simulate.ts uses this too and its runs stay what they were.
 */
export function drawLifestyle(rnd: RandomSource) {
  const nightOwl = rnd.next() < 0.55;
  return {
    cleanliness: pick(rnd, SKEWED),
    sleepSchedule: nightOwl ? int(rnd, 3, 5) : int(rnd, 1, 3),
    noiseLevel: pick(rnd, [1, 2, 2, 3, 3, 3, 4, 5]),
    studyHabits: pick(rnd, SKEWED),
    guestPolicy: pick(rnd, [1, 2, 2, 3, 3, 4]),
    smokingTolerance: rnd.next() < 0.85 ? 'no_smoking' : pick(rnd, ['outside_only', 'vaping_ok', 'smoking_ok']),
  };
}

/** A synthetic student: simulate's lifestyle answers plus budget, move-in, housing and gender. */
export function syntheticStudent(rnd: RandomSource): MatchPerson {
  const lifestyle = drawLifestyle(rnd);
  const minBudget = pick(rnd, [500, 700, 800, 900, 1000, 1200, 1500]);
  const gender = pick(rnd, ['Female', 'Female', 'Male', 'Male', 'Non-binary']);
  const preferences: MatchPreferences = {
    ...lifestyle,
    housingStatus: pick(rnd, ['looking_for_roommates', 'looking_to_join', 'looking_to_join']),
    minBudget,
    maxBudget: minBudget + pick(rnd, [200, 400, 600]),
    moveInDate: pick(rnd, ['2027-06-01', '2027-07-15', '2027-08-01', '2027-08-15', '2027-09-01']),
    genderPreference: rnd.next() < 0.6 ? ['Open to all'] : [gender],
    dealbreakers: [],
  };
  return { gender, preferences };
}

/**
 * The hidden "true" outcome model: the share of a pair's living-together outcome each factor's
 * match drives. Deliberately not today's weights (budget, move-in, housing, study habits and gender
 * do not matter in it), so the comparison has something to find. Made up, not measured.
 */
export const TRUE_OUTCOME_MODEL: Partial<Record<WeightKey, number>> = {
  cleanliness: 0.3,
  sleepSchedule: 0.25,
  smoking: 0.15,
  guestPolicy: 0.15,
  noiseLevel: 0.15,
};
/** The outcome's noise (standard deviation, on the 1–5 scale). */
export const OUTCOME_NOISE = 0.6;

/** A standard normal draw (Box–Muller). */
function normal(rnd: RandomSource): number {
  const u = 1 - rnd.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd.next());
}

/** A pair's synthetic outcome on a 1–5 scale (not clamped): 1 + 4 × the model's factor match, plus noise. */
function trueOutcome(a: MatchPerson, b: MatchPerson, rnd: RandomSource): number {
  let fit = 0;
  for (const f of compatibilityFactors(a, b) ?? []) {
    const share = TRUE_OUTCOME_MODEL[f.key as WeightKey];
    if (share && f.max > 0) fit += share * (f.points / f.max);
  }
  return 1 + 4 * fit + OUTCOME_NOISE * normal(rnd);
}

/**
 * Reads `name=factor:weight,factor:weight`: the named factors' weights merged over today's, then
 * scaled so they sum to 100 as today's do (D12 scores are 0–100 and clamp there).
 */
export function parseWeightSet(spec: string): Result<WeightSet, string> {
  const eq = spec.indexOf('=');
  const name = eq < 0 ? '' : spec.slice(0, eq).trim();
  const usage = `"${spec}": expected name=factor:weight,… (e.g. tidy=cleanliness:25,budget:5)`;
  if (!/^[A-Za-z0-9_-]+$/.test(name)) return err(usage);
  if (name === 'today') return err('"today" is the name of the current weights; pick another name');
  const merged: Record<WeightKey, number> = { ...WEIGHTS };
  for (const part of spec.slice(eq + 1).split(',')) {
    const [key = '', value = '', extra] = part.split(':').map((s) => s.trim());
    if (extra !== undefined || !key || !value) return err(usage);
    if (!(WEIGHT_KEYS as string[]).includes(key)) {
      return err(`unknown factor "${key}" in "${name}"; the D12 factors are ${WEIGHT_KEYS.join(', ')}`);
    }
    const weight = Number(value);
    if (!Number.isFinite(weight) || weight < 0) {
      return err(`the weight of ${key} in "${name}" must be a number of 0 or more (got ${value})`);
    }
    merged[key as WeightKey] = weight;
  }
  const total = WEIGHT_KEYS.reduce((s, k) => s + merged[k], 0);
  if (total === 0) return err(`"${name}" gives every factor a weight of 0`);
  const weights = Object.fromEntries(WEIGHT_KEYS.map((k) => [k, (merged[k] * 100) / total])) as Weights;
  return ok({ name, weights });
}

export type WeightArm = {
  name: string;
  weights: Weights;
  /** Spearman's rank correlation of the arm's scores with the synthetic outcomes, over every pair. */
  spearman: number | null;
  /** Households formed by pairing the highest-scored free pair first. */
  households: number;
  meanHouseholdOutcome: number;
};

export type WeightComparison = {
  students: number;
  pairs: number;
  outcomeModel: { factors: Partial<Record<WeightKey, number>>; noise: number };
  /** The mean synthetic outcome over every pair: what pairing at random would give on average. */
  meanOutcomeAllPairs: number;
  arms: WeightArm[];
};

/** Greedy best-first pairing by score (ties by pair order) and the mean outcome of its households. */
function greedyHouseholds(n: number, scores: Float64Array, outcomes: Float64Array, pairs: Int32Array) {
  const order = Array.from({ length: scores.length }, (_, k) => k).sort(
    (x, y) => (scores[y] as number) - (scores[x] as number) || x - y,
  );
  const taken = new Uint8Array(n);
  let households = 0;
  let sum = 0;
  for (const k of order) {
    const i = pairs[2 * k] as number;
    const j = pairs[2 * k + 1] as number;
    if (taken[i] || taken[j]) continue;
    taken[i] = 1;
    taken[j] = 1;
    households++;
    sum += outcomes[k] as number;
  }
  return { households, meanHouseholdOutcome: households === 0 ? 0 : sum / households };
}

/** Today's weights first, then each alternative, on `students` synthetic students drawn from `rnd`. */
export function compareWeights(
  alternatives: readonly WeightSet[],
  options: { students: number },
  rnd: RandomSource,
): WeightComparison {
  const people = Array.from({ length: options.students }, () => syntheticStudent(rnd));
  const n = people.length;
  const count = (n * (n - 1)) / 2;
  const pairs = new Int32Array(2 * count);
  const outcomes = new Float64Array(count);
  let k = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++, k++) {
      pairs[2 * k] = i;
      pairs[2 * k + 1] = j;
      outcomes[k] = trueOutcome(people[i] as MatchPerson, people[j] as MatchPerson, rnd);
    }
  }
  const outcomeList = Array.from(outcomes);
  const arms = [{ name: 'today', weights: WEIGHTS as Weights }, ...alternatives].map(({ name, weights }) => {
    const scores = new Float64Array(count);
    for (let p = 0; p < count; p++) {
      const a = people[pairs[2 * p] as number] as MatchPerson;
      const b = people[pairs[2 * p + 1] as number] as MatchPerson;
      scores[p] = scoreOf(compatibilityFactors(a, b, weights));
    }
    return {
      name,
      weights,
      spearman: spearman(Array.from(scores), outcomeList),
      ...greedyHouseholds(n, scores, outcomes, pairs),
    };
  });
  return {
    students: n,
    pairs: count,
    outcomeModel: { factors: TRUE_OUTCOME_MODEL, noise: OUTCOME_NOISE },
    meanOutcomeAllPairs: count === 0 ? 0 : outcomeList.reduce((s, v) => s + v, 0) / count,
    arms,
  };
}

/**
 * The D12 score of every pair of a campus, fast: the day's matching scores n²/2 pairs (50 million at
 * 10,000 students), where `compatibilityFactors` builds ten factor objects and their reasons per
 * pair. Each student's answers are read once into numbers; a pair then costs arithmetic only.
 * The same expressions in the same order as core/matching/compatibility.ts, so the totals round
 * the same: pair-score.test.ts checks it equals `scoreOf(compatibilityFactors(a, b))`.
 */
import {
  DEALBREAKER_PENALTY,
  DEALBREAKER_RULES,
  DEFAULT_SCORE,
  type MatchPerson,
  NEUTRAL,
  SMOKING_RANK,
  WEIGHTS,
} from '../matching/compatibility';

const W = WEIGHTS;
/** Housing status as 0 (none), 1 (has a place), 2 (looking to join), 3 (anything else), and the D12 fit of two. */
const HOUSING_CODE: Record<string, number> = { looking_for_roommates: 1, looking_to_join: 2 };
const HOUSING_FIT = [
  [0, 0, 0, 0],
  [0, 0.4, 1, 0.8],
  [0, 1, 0.7, 0.8],
  [0, 0.8, 0.8, 0.8],
];

/** Returns score(i, j) for people[i] and people[j]. */
export function pairScorer(people: readonly MatchPerson[]): (i: number, j: number) => number {
  const n = people.length;
  const has = Uint8Array.from(people, (p) => (p.preferences ? 1 : 0));
  const num = (get: (p: NonNullable<MatchPerson['preferences']>) => number | null) =>
    Float64Array.from(people, (p) => {
      const v = p.preferences ? get(p.preferences) : null;
      return v === null || v === undefined ? Number.NaN : v;
    });
  const clean = num((p) => p.cleanliness);
  const sleep = num((p) => p.sleepSchedule);
  const noise = num((p) => p.noiseLevel);
  const study = num((p) => p.studyHabits);
  const guests = num((p) => p.guestPolicy);
  const slider = (max: number, v: Float64Array, i: number, j: number) => {
    const a = v[i] as number;
    const b = v[j] as number;
    return Number.isNaN(a) || Number.isNaN(b) ? max * NEUTRAL : max * (1 - Math.abs(a - b) / 4);
  };
  const smoking = num((p) => (p.smokingTolerance ? (SMOKING_RANK[p.smokingTolerance] ?? null) : null));
  const minB = num((p) => (p.maxBudget === null ? null : p.minBudget));
  const maxB = num((p) => (p.minBudget === null ? null : p.maxBudget));
  const moveIn = num((p) => (p.moveInDate === null ? null : Date.parse(p.moveInDate)));
  const housing = Uint8Array.from(people, (p) => {
    const h = p.preferences?.housingStatus;
    return h ? (HOUSING_CODE[h] ?? 3) : 0;
  });
  // Gender preference as bit masks: bit k is the k-th gender seen; a student without one is bit 0,
  // which only "no preference" and "Open to all" accept.
  const genderBit = new Map<string, number>();
  const bitOf = (g: string | null) => {
    if (g === null) return 1;
    let b = genderBit.get(g);
    if (b === undefined) {
      // Past 30 distinct genders (the profile offers a handful) the rest share the last bit.
      b = 2 ** Math.min(30, genderBit.size + 1);
      genderBit.set(g, b);
    }
    return b;
  };
  const gender = Int32Array.from(people, (p) => bitOf(p.gender));
  const accepted = Int32Array.from(people, (p) => {
    const prefs = p.preferences?.genderPreference ?? [];
    if (prefs.length === 0 || prefs.includes('Open to all')) return -1;
    return prefs.reduce((m, g) => m | bitOf(g), 0) & ~1;
  });
  // Which dealbreaker rules each student's text names, and which rules each student trips.
  const wants = Int32Array.from(people, (p) => {
    const text = (p.preferences?.dealbreakers ?? []).join(' ');
    return text ? DEALBREAKER_RULES.reduce((m, r, k) => (r.words.test(text) ? m | (1 << k) : m), 0) : 0;
  });
  const trips = Int32Array.from(people, (p) => DEALBREAKER_RULES.reduce((m, r, k) => (r.hit(p) ? m | (1 << k) : m), 0));
  const bits = (x: number) => {
    let c = 0;
    for (let v = x; v; v &= v - 1) c++;
    return c;
  };
  const genderOk = (i: number, j: number) =>
    ((accepted[i] as number) & (gender[j] as number)) !== 0 && ((accepted[j] as number) & (gender[i] as number)) !== 0;

  return (i: number, j: number) => {
    if (i < 0 || j < 0 || i >= n || j >= n || !has[i] || !has[j]) return DEFAULT_SCORE;
    // Summed in compatibilityFactors' order: floating-point sums round the same only in the same order.
    let total = 0;
    total += slider(W.cleanliness, clean, i, j);
    total += slider(W.sleepSchedule, sleep, i, j);
    total += slider(W.noiseLevel, noise, i, j);
    total += slider(W.studyHabits, study, i, j);
    total += slider(W.guestPolicy, guests, i, j);
    const sa = smoking[i] as number;
    const sb = smoking[j] as number;
    total += Number.isNaN(sa) || Number.isNaN(sb) ? W.smoking * NEUTRAL : W.smoking * (1 - Math.abs(sa - sb) / 3);
    const aMin = minB[i] as number;
    const aMax = maxB[i] as number;
    const bMin = minB[j] as number;
    const bMax = maxB[j] as number;
    if (Number.isNaN(aMin) || Number.isNaN(bMin)) total += W.budget * NEUTRAL;
    else {
      const lo = Math.max(aMin, bMin);
      const hi = Math.min(aMax, bMax);
      if (hi < lo) {
        const scale = Math.max(1, Math.min(aMax, bMax));
        total += W.budget * Math.max(0, 0.4 - (lo - hi) / scale);
      } else {
        const narrower = Math.max(1, Math.min(aMax - aMin, bMax - bMin));
        total += W.budget * Math.min(1, 0.6 + (0.4 * (hi - lo)) / narrower);
      }
    }
    const ma = moveIn[i] as number;
    const mb = moveIn[j] as number;
    if (Number.isNaN(ma) || Number.isNaN(mb)) total += W.moveIn * NEUTRAL;
    else {
      const days = Math.abs(ma - mb) / 86_400_000;
      total += W.moveIn * (days <= 30 ? 1 : Math.max(0, 1 - (days - 30) / 150));
    }
    const ha = housing[i] as number;
    const hb = housing[j] as number;
    total += ha === 0 || hb === 0 ? W.housing * NEUTRAL : W.housing * ((HOUSING_FIT[ha] as number[])[hb] as number);
    total += genderOk(i, j) ? W.gender : 0;
    const wi = wants[i] as number;
    const wj = wants[j] as number;
    if (wi !== 0 || wj !== 0) {
      const hits = bits(wi & (trips[j] as number)) + bits(wj & (trips[i] as number));
      if (hits > 0) total += -Math.min(2, hits) * DEALBREAKER_PENALTY;
    }
    return Math.max(0, Math.min(100, Math.round(total)));
  };
}

import type { DealbreakerRule } from './dealbreakers';

/**
 * Compatibility (D12): a pure, explainable 0–100 score from two students' roommate preferences.
 * Every factor compares the two sides the same way round, so score(a, b) = score(b, a).
 */
export type MatchPreferences = {
  cleanliness: number | null;
  sleepSchedule: number | null;
  noiseLevel: number | null;
  studyHabits: number | null;
  guestPolicy: number | null;
  smokingTolerance: string | null;
  housingStatus: string | null;
  minBudget: number | null;
  maxBudget: number | null;
  /** ISO date (yyyy-mm-dd) or null for flexible. */
  moveInDate: string | null;
  genderPreference: string[];
  dealbreakers: string[];
  /** Structured dealbreakers (issue 21, N150): they keep breakers out of the deck, not in the score. */
  dealbreakerRules?: readonly DealbreakerRule[];
};

export type MatchPerson = { gender: string | null; preferences: MatchPreferences | null; pets?: string | null };

export type Factor = { key: string; points: number; max: number; reason: string | null };

export type Compatibility = { score: number; factors: Factor[]; reasons: string[] };

/** 001 §7: a candidate without preferences shows 75. */
export const DEFAULT_SCORE = 75;
/** A factor either side left unanswered scores this share of its weight. */
export const NEUTRAL = 0.75;

export const WEIGHTS = {
  cleanliness: 15,
  sleepSchedule: 12,
  noiseLevel: 12,
  studyHabits: 8,
  guestPolicy: 8,
  smoking: 12,
  budget: 13,
  moveIn: 8,
  housing: 7,
  gender: 5,
} as const;

export type WeightKey = keyof typeof WEIGHTS;
/** A D12 weight set: today's is WEIGHTS; `nestmate simulate --compare-weights` scores with others (N161). */
export type Weights = Readonly<Record<WeightKey, number>>;

export const DEALBREAKER_PENALTY = 15;

function sliderFactor(
  key: WeightKey,
  a: number | null,
  b: number | null,
  reason: (a: number, b: number) => string | null,
  weights: Weights,
): Factor {
  const max = weights[key];
  if (a === null || b === null) return { key, points: max * NEUTRAL, max, reason: null };
  const ratio = 1 - Math.abs(a - b) / 4;
  return { key, points: max * ratio, max, reason: ratio >= 0.75 ? reason(a, b) : null };
}

export const SMOKING_RANK: Record<string, number> = { no_smoking: 0, outside_only: 1, vaping_ok: 2, smoking_ok: 3 };

function smokingFactor(a: string | null, b: string | null, weights: Weights): Factor {
  const max = weights.smoking;
  const ra = a ? SMOKING_RANK[a] : undefined;
  const rb = b ? SMOKING_RANK[b] : undefined;
  if (ra === undefined || rb === undefined) return { key: 'smoking', points: max * NEUTRAL, max, reason: null };
  const ratio = 1 - Math.abs(ra - rb) / 3;
  const reason = ra === 0 && rb === 0 ? 'Both non-smokers' : ratio === 1 ? 'Same take on smoking' : null;
  return { key: 'smoking', points: max * ratio, max, reason };
}

/**
 * Whole dollars as en-US writes them ("$1,200"; budgets are whole dollars, profiles/rules.ts), the one
 * dollar format of the deck, the comparison and the web's labels. No Intl: toLocaleString per call
 * dominated deck scoring, and the first Intl formatter of a cold browser costs ≈90 ms of a 4× slowed
 * CPU, which Discover's first card paid (issue 18).
 */
export const money = (n: number) =>
  `$${Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

function budgetFactor(a: MatchPreferences, b: MatchPreferences, weights: Weights): Factor {
  const max = weights.budget;
  if (a.minBudget === null || a.maxBudget === null || b.minBudget === null || b.maxBudget === null) {
    return { key: 'budget', points: max * NEUTRAL, max, reason: null };
  }
  const lo = Math.max(a.minBudget, b.minBudget);
  const hi = Math.min(a.maxBudget, b.maxBudget);
  if (hi < lo) {
    // No overlap: fall off with the gap relative to the budgets' size.
    const gap = lo - hi;
    const scale = Math.max(1, Math.min(a.maxBudget, b.maxBudget));
    return { key: 'budget', points: max * Math.max(0, 0.4 - gap / scale), max, reason: null };
  }
  const narrower = Math.max(1, Math.min(a.maxBudget - a.minBudget, b.maxBudget - b.minBudget));
  const ratio = Math.min(1, 0.6 + (0.4 * (hi - lo)) / narrower);
  return { key: 'budget', points: max * ratio, max, reason: `Budgets overlap ${money(lo)}–${money(hi)}` };
}

function moveInFactor(a: string | null, b: string | null, weights: Weights): Factor {
  const max = weights.moveIn;
  if (a === null || b === null) return { key: 'moveIn', points: max * NEUTRAL, max, reason: null };
  const days = Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;
  const ratio = days <= 30 ? 1 : Math.max(0, 1 - (days - 30) / 150);
  return { key: 'moveIn', points: max * ratio, max, reason: days <= 30 ? 'Moving in around the same time' : null };
}

const HOUSING_FIT: Record<string, [number, string | null]> = {
  'looking_for_roommates+looking_to_join': [1, 'One has a place, one is looking'],
  'looking_to_join+looking_to_join': [0.7, 'Both searching for a place'],
  'looking_for_roommates+looking_for_roommates': [0.4, null],
};

/** Someone with housing and someone looking for it fit best (D12). */
function housingFactor(a: string | null, b: string | null, weights: Weights): Factor {
  const max = weights.housing;
  if (!a || !b) return { key: 'housing', points: max * NEUTRAL, max, reason: null };
  const [ratio, reason] = HOUSING_FIT[a < b ? `${a}+${b}` : `${b}+${a}`] ?? [0.8, null];
  return { key: 'housing', points: max * ratio, max, reason };
}

export const accepts = (prefs: string[], gender: string | null) =>
  prefs.length === 0 || prefs.includes('Open to all') || (gender !== null && prefs.includes(gender));

function genderFactor(a: MatchPerson, b: MatchPerson, weights: Weights): Factor {
  const max = weights.gender;
  const both =
    accepts(a.preferences?.genderPreference ?? [], b.gender) &&
    accepts(b.preferences?.genderPreference ?? [], a.gender);
  return { key: 'gender', points: both ? max : 0, max, reason: null };
}

/** Words in a dealbreaker and the traits of the other person they rule out. */
export const DEALBREAKER_RULES: { words: RegExp; hit: (o: MatchPerson) => boolean }[] = [
  {
    words: /smok|vap|cigar|weed|420/i,
    hit: (o) => ['vaping_ok', 'smoking_ok'].includes(o.preferences?.smokingTolerance ?? ''),
  },
  { words: /mess|dirty|clutter|dishes/i, hit: (o) => (o.preferences?.cleanliness ?? 5) <= 2 },
  { words: /loud|nois|party|parties/i, hit: (o) => (o.preferences?.noiseLevel ?? 1) >= 4 },
  { words: /late|night owl|up all night/i, hit: (o) => (o.preferences?.sleepSchedule ?? 1) >= 4 },
  { words: /early|morning person/i, hit: (o) => (o.preferences?.sleepSchedule ?? 5) <= 2 },
  { words: /guest|visitor|overnight/i, hit: (o) => (o.preferences?.guestPolicy ?? 1) >= 4 },
  { words: /\bpets?\b|\bdogs?\b|\bcats?\b/i, hit: (o) => o.pets === 'have_pets' || o.pets === 'want_pets' },
];

function dealbreakerHits(from: MatchPerson, other: MatchPerson): number {
  const text = (from.preferences?.dealbreakers ?? []).join(' ');
  if (!text) return 0;
  return DEALBREAKER_RULES.filter((r) => r.words.test(text) && r.hit(other)).length;
}

/** The free-text dealbreakers of `from` that `other` runs into (the comparison names them, issue 21). */
export function textDealbreakersHit(from: MatchPerson, other: MatchPerson): string[] {
  return (from.preferences?.dealbreakers ?? []).filter((text) =>
    DEALBREAKER_RULES.some((r) => r.words.test(text) && r.hit(other)),
  );
}

export const sleepReason = (a: number, b: number) =>
  a <= 2 && b <= 2 ? 'Both early risers' : a >= 4 && b >= 4 ? 'Both night owls' : 'Similar sleep schedules';
export const cleanReason = (a: number, b: number) =>
  a >= 4 && b >= 4 ? 'Both keep things very clean' : 'Similar cleanliness';
export const noiseReason = (a: number, b: number) =>
  a <= 2 && b <= 2 ? 'Both like a quiet home' : a >= 4 && b >= 4 ? 'Both love a social home' : 'Same social energy';
export const studyReason = () => 'Similar study habits';
export const guestReason = () => 'Same comfort with guests';

/** The per-factor points of a pair, or null when either side has no preferences. */
export function compatibilityFactors(a: MatchPerson, b: MatchPerson, weights: Weights = WEIGHTS): Factor[] | null {
  const pa = a.preferences;
  const pb = b.preferences;
  if (!pa || !pb) return null;
  const factors: Factor[] = [
    sliderFactor('cleanliness', pa.cleanliness, pb.cleanliness, cleanReason, weights),
    sliderFactor('sleepSchedule', pa.sleepSchedule, pb.sleepSchedule, sleepReason, weights),
    sliderFactor('noiseLevel', pa.noiseLevel, pb.noiseLevel, noiseReason, weights),
    sliderFactor('studyHabits', pa.studyHabits, pb.studyHabits, studyReason, weights),
    sliderFactor('guestPolicy', pa.guestPolicy, pb.guestPolicy, guestReason, weights),
    smokingFactor(pa.smokingTolerance, pb.smokingTolerance, weights),
    budgetFactor(pa, pb, weights),
    moveInFactor(pa.moveInDate, pb.moveInDate, weights),
    housingFactor(pa.housingStatus, pb.housingStatus, weights),
    genderFactor(a, b, weights),
  ];
  const hits = dealbreakerHits(a, b) + dealbreakerHits(b, a);
  if (hits > 0) {
    factors.push({ key: 'dealbreakers', points: -Math.min(2, hits) * DEALBREAKER_PENALTY, max: 0, reason: null });
  }
  return factors;
}

export function scoreOf(factors: Factor[] | null): number {
  if (!factors) return DEFAULT_SCORE;
  const total = factors.reduce((sum, f) => sum + f.points, 0);
  return Math.max(0, Math.min(100, Math.round(total)));
}

/** The top three reasons, strongest first (the card and profile dialog show them). */
export function reasonsOf(factors: Factor[] | null): string[] {
  if (!factors) return [];
  return factors
    .filter((f) => f.reason !== null && f.max > 0)
    .sort((x, y) => y.points / y.max - x.points / x.max || y.max - x.max)
    .slice(0, 3)
    .map((f) => f.reason as string);
}

export function compatibility(a: MatchPerson, b: MatchPerson, weights: Weights = WEIGHTS): Compatibility {
  const factors = compatibilityFactors(a, b, weights);
  return { score: scoreOf(factors), factors: factors ?? [], reasons: reasonsOf(factors) };
}

/** Group mode (D13): the mean of the members' scores with the candidate. */
export function groupCompatibility(members: MatchPerson[], candidate: MatchPerson): Compatibility {
  if (members.length === 0) return { score: DEFAULT_SCORE, factors: [], reasons: [] };
  const each = members.map((m) => compatibility(m, candidate));
  const score = Math.round(each.reduce((s, c) => s + c.score, 0) / each.length);
  const reasons = [...new Set(each.flatMap((c) => c.reasons))].slice(0, 3);
  return { score, factors: [], reasons };
}

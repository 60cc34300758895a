/**
 * How well today's compatibility predicts living together (issue 21's outcome loop, N149): the
 * rank correlation between each answer's compatibility score (recomputed with today's weights) and
 * its 1–5 rating, and the mean rating per compatibility band; and for the admin analytics (N160)
 * the same answers by band and by D12 factor. Pure; `nestmate compatibility evaluate` and
 * `GET /api/admin/analytics/outcomes` feed it through outcome-report.ts.
 */
import { compatibility, compatibilityFactors, type MatchPerson, WEIGHTS } from '../matching/compatibility';

/** Ranks from 1, ties sharing their average rank. */
function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const out = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]?.v === order[start]?.v) end++;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) out[(order[k] as { i: number }).i] = rank;
    start = end + 1;
  }
  return out;
}

/** Spearman's rank correlation (Pearson's on tie-averaged ranks); null under 3 pairs or with no spread. */
export function spearman(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length !== ys.length || xs.length < 3) return null;
  const rx = ranks(xs);
  const ry = ranks(ys);
  const mean = (r: number[]) => r.reduce((s, v) => s + v, 0) / r.length;
  const mx = mean(rx);
  const my = mean(ry);
  let num = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < rx.length; i++) {
    const a = (rx[i] as number) - mx;
    const b = (ry[i] as number) - my;
    num += a * b;
    dx += a * a;
    dy += b * b;
  }
  return dx === 0 || dy === 0 ? null : num / Math.sqrt(dx * dy);
}

export const BANDS = [
  { band: '0–59', min: 0, max: 59 },
  { band: '60–79', min: 60, max: 79 },
  { band: '80–100', min: 80, max: 100 },
] as const;

/**
 * The band a 0–100 score falls in: the highest whose floor it reaches (the one rule the CLI report
 * and the admin analytics share).
 */
export function bandOf(score: number): (typeof BANDS)[number]['band'] {
  return ([...BANDS].reverse().find((b) => score >= b.min) ?? BANDS[0]).band;
}

export type ScoredOutcome = { score: number; rating: number; didNotMoveIn: boolean };

export type Evaluation = {
  answers: number;
  didNotMoveIn: number;
  /** Over the answers of people who moved in. */
  spearman: number | null;
  bands: { band: string; answers: number; meanRating: number | null }[];
};

export function evaluateOutcomes(rows: readonly ScoredOutcome[]): Evaluation {
  const lived = rows.filter((r) => !r.didNotMoveIn);
  return {
    answers: rows.length,
    didNotMoveIn: rows.length - lived.length,
    spearman: spearman(
      lived.map((r) => r.score),
      lived.map((r) => r.rating),
    ),
    bands: BANDS.map(({ band }) => {
      const inBand = lived.filter((r) => bandOf(r.score) === band);
      return {
        band,
        answers: inBand.length,
        meanRating: inBand.length === 0 ? null : inBand.reduce((s, r) => s + r.rating, 0) / inBand.length,
      };
    }),
  };
}

/** A factor counts as agreed on when it earned at least this share of its weight (N160). */
export const AGREED_SHARE = 0.75;

/** An answer with its score and, per D12 factor, the share of the factor's weight the pair earned. */
export type FactoredOutcome = ScoredOutcome & { factors: { key: string; share: number }[] };

/**
 * Scores one answer against the other parties of its agreement: the score is the mean of today's
 * pair scores (rounded, as `compatibility evaluate` does); each factor's share is the mean of
 * points / max over the others with preferences. Factors without weight (dealbreakers) are left
 * out. Null when there is no other party.
 */
export function scoreOutcome(
  me: MatchPerson,
  others: readonly MatchPerson[],
): Pick<FactoredOutcome, 'score' | 'factors'> | null {
  if (others.length === 0) return null;
  const score = Math.round(others.reduce((s, o) => s + compatibility(me, o).score, 0) / others.length);
  const sums = new Map<string, { total: number; n: number }>();
  for (const other of others) {
    for (const f of compatibilityFactors(me, other) ?? []) {
      if (f.max <= 0) continue;
      const s = sums.get(f.key) ?? { total: 0, n: 0 };
      s.total += f.points / f.max;
      s.n += 1;
      sums.set(f.key, s);
    }
  }
  return { score, factors: [...sums].map(([key, s]) => ({ key, share: s.total / s.n })) };
}

export type OutcomeAnalytics = {
  answers: number;
  bands: { band: string; answers: number; meanRating: number | null; didNotMoveInShare: number | null }[];
  /** Every D12 factor with weight, in WEIGHTS order; ratings only of answers from people who moved in. */
  factors: {
    key: string;
    agreed: { answers: number; meanRating: number | null };
    differed: { answers: number; meanRating: number | null };
  }[];
};

const meanRating = (rows: readonly { rating: number }[]) =>
  rows.length === 0 ? null : rows.reduce((s, r) => s + r.rating, 0) / rows.length;

/**
 * The admin dashboard's "Living together" section (N160): per compatibility band, the answers,
 * the mean rating of those who moved in and the share who didn't move in; per factor, the mean
 * rating when the parties agreed on it (share ≥ AGREED_SHARE) against when they differed.
 */
export function outcomeAnalytics(rows: readonly FactoredOutcome[]): OutcomeAnalytics {
  const lived = rows.filter((r) => !r.didNotMoveIn);
  return {
    answers: rows.length,
    bands: BANDS.map(({ band }) => {
      const inBand = rows.filter((r) => bandOf(r.score) === band);
      const moved = inBand.filter((r) => !r.didNotMoveIn);
      return {
        band,
        answers: inBand.length,
        meanRating: meanRating(moved),
        didNotMoveInShare: inBand.length === 0 ? null : (inBand.length - moved.length) / inBand.length,
      };
    }),
    factors: Object.keys(WEIGHTS).map((key) => {
      const agreed: FactoredOutcome[] = [];
      const differed: FactoredOutcome[] = [];
      for (const r of lived) {
        const f = r.factors.find((x) => x.key === key);
        if (f) (f.share >= AGREED_SHARE ? agreed : differed).push(r);
      }
      return {
        key,
        agreed: { answers: agreed.length, meanRating: meanRating(agreed) },
        differed: { answers: differed.length, meanRating: meanRating(differed) },
      };
    }),
  };
}

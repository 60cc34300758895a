/**
 * How well today's compatibility predicts living together (issue 21's outcome loop, N149): the
 * rank correlation between each answer's compatibility score (recomputed with today's weights) and
 * its 1–5 rating, and the mean rating per compatibility band. Pure; `nestmate compatibility
 * evaluate` feeds it.
 */

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
    bands: BANDS.map(({ band, min, max }) => {
      const inBand = lived.filter((r) => r.score >= min && r.score <= max);
      return {
        band,
        answers: inBand.length,
        meanRating: inBand.length === 0 ? null : inBand.reduce((s, r) => s + r.rating, 0) / inBand.length,
      };
    }),
  };
}

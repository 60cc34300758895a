/**
 * Precision and recall of a moderation verdict against labels (issue 15): overall on the flag,
 * and per category (a message counts for a category only when the category is right). Shared by
 * `nestmate moderation train|eval` and bench/moderation.ts, so they report the same figures.
 */
import { CATEGORIES, type Category } from './rules';

export type Labelled = { flag: boolean; category?: Category };
export type Predicted = { flag: boolean; category: Category; confidence: number };

export type PrecisionRecall = { precision: number; recall: number; support: number; predicted: number };

export type Evaluation = {
  messages: number;
  overall: PrecisionRecall & { truePositives: number; falsePositives: number; falseNegatives: number };
  perCategory: Partial<Record<Category, PrecisionRecall>>;
};

const ratio = (a: number, b: number) => (b === 0 ? 1 : Math.round((a / b) * 1000) / 1000);

export function evaluate(pairs: { truth: Labelled; predicted: Predicted }[]): Evaluation {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const { truth, predicted } of pairs) {
    if (predicted.flag && truth.flag) tp++;
    else if (predicted.flag) fp++;
    else if (truth.flag) fn++;
  }
  const perCategory: Evaluation['perCategory'] = {};
  const labelled = pairs.filter((p) => p.truth.category !== undefined);
  for (const c of CATEGORIES) {
    if (c === 'none' || labelled.length === 0) continue;
    const support = labelled.filter((p) => p.truth.category === c).length;
    const predicted = labelled.filter((p) => p.predicted.flag && p.predicted.category === c).length;
    const hits = labelled.filter((p) => p.truth.category === c && p.predicted.category === c).length;
    if (support === 0 && predicted === 0) continue;
    // Nothing predicted for a category is no precision at all (scikit-learn's zero_division=0).
    perCategory[c] = {
      precision: predicted === 0 ? 0 : ratio(hits, predicted),
      recall: ratio(hits, support),
      support,
      predicted,
    };
  }
  return {
    messages: pairs.length,
    overall: {
      precision: ratio(tp, tp + fp),
      recall: ratio(tp, tp + fn),
      support: tp + fn,
      predicted: tp + fp,
      truePositives: tp,
      falsePositives: fp,
      falseNegatives: fn,
    },
    perCategory,
  };
}

export type ReliabilityBin = { from: number; to: number; count: number; meanConfidence: number; accuracy: number };

/**
 * Confidence against how often the verdict (flag and category) was right, in bins: a calibrated
 * model's accuracy tracks its mean confidence in every bin. Expected calibration error beside it.
 */
export function reliability(
  pairs: { truth: Labelled; predicted: Predicted }[],
  edges = [0, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.0001],
): { bins: ReliabilityBin[]; expectedCalibrationError: number } {
  const bins: ReliabilityBin[] = [];
  let ece = 0;
  for (let i = 0; i + 1 < edges.length; i++) {
    const from = edges[i] as number;
    const to = edges[i + 1] as number;
    const inBin = pairs.filter((p) => p.predicted.confidence >= from && p.predicted.confidence < to);
    if (inBin.length === 0) continue;
    const right = inBin.filter(
      (p) => p.predicted.flag === p.truth.flag && (!p.predicted.flag || p.predicted.category === p.truth.category),
    ).length;
    const meanConfidence = inBin.reduce((s, p) => s + p.predicted.confidence, 0) / inBin.length;
    const accuracy = right / inBin.length;
    ece += (inBin.length / pairs.length) * Math.abs(accuracy - meanConfidence);
    bins.push({
      from,
      to: Math.min(1, to),
      count: inBin.length,
      meanConfidence: Math.round(meanConfidence * 1000) / 1000,
      accuracy: Math.round(accuracy * 1000) / 1000,
    });
  }
  return { bins, expectedCalibrationError: Math.round(ece * 1000) / 1000 };
}

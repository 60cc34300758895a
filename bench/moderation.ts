/**
 * The abuse classifier on the corpus's test split (issue 15): precision and recall overall and per
 * category beside the BASELINE (the old regular expressions of core/moderation/auto-flag.ts on the
 * same messages), the reliability of its confidence, and the time per message. Uses the committed
 * artefact through the same loader as the server and the CLI. Never a timed test.
 * `npx tsx bench/moderation.ts` runs it alone (bench/results/moderation-latest.json).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { MODERATION_CORPUS_PATH, readLabelled } from '../adapters/moderation/corpus';
import { createModerationClassifier } from '../adapters/moderation/engine';
import { baselineVerdict } from '../core/moderation/auto-flag';
import { evaluate, reliability } from '../core/moderation/evaluate';

export const MODERATION_TARGETS = { precision: 0.95, recall: 0.95, perCategory: 0.85, msPerMessage: 1 };

export function moderationBenchmark(corpus = MODERATION_CORPUS_PATH) {
  const test = readLabelled(corpus).filter((r) => r.split === 'test');
  const classifier = createModerationClassifier();
  const pairs = test.map((r) => ({ truth: r, predicted: classifier.classify(r.text) }));
  const model = evaluate(pairs);
  const baseline = evaluate(test.map((r) => ({ truth: r, predicted: baselineVerdict(r.text) })));
  // Timing: a warm-up pass, then enough passes over the split for about 20,000 classifications.
  for (const r of test) classifier.classify(r.text);
  const passes = Math.max(1, Math.ceil(20_000 / Math.max(1, test.length)));
  const times: number[] = [];
  for (let p = 0; p < passes; p++)
    for (const r of test) {
      const t0 = performance.now();
      classifier.classify(r.text);
      times.push(performance.now() - t0);
    }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0) * 1000) / 1000;
  const worstCategory = Math.min(...Object.values(model.perCategory).flatMap((m) => [m.precision, m.recall]));
  return {
    testMessages: test.length,
    targets: MODERATION_TARGETS,
    model,
    baseline,
    reliability: reliability(pairs),
    timePerMessageMs: {
      mean: Math.round((times.reduce((a, b) => a + b, 0) / times.length) * 1000) / 1000,
      p50: at(0.5),
      p99: at(0.99),
      classifications: times.length,
    },
    verdict: {
      precision: model.overall.precision >= MODERATION_TARGETS.precision ? 'met' : 'missed',
      recall: model.overall.recall >= MODERATION_TARGETS.recall ? 'met' : 'missed',
      perCategory: worstCategory >= MODERATION_TARGETS.perCategory ? 'met' : 'missed',
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = moderationBenchmark();
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/moderation-latest.json',
    `${JSON.stringify({ at: new Date().toISOString(), ...figures }, null, 2)}\n`,
  );
  console.log(JSON.stringify(figures, null, 2));
}

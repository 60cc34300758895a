/**
 * `nestmate moderation train | eval | classify` (issue 15): the abuse classifier from the command
 * line, with the same engine the server uses (adapters/moderation/engine.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { MODERATION_CORPUS_PATH, readLabelled } from '../adapters/moderation/corpus';
import { createModerationClassifier, MODERATION_MODEL_PATH, profanityMatcher } from '../adapters/moderation/engine';
import { baselineVerdict } from '../core/moderation/auto-flag';
import { createClassifier, toModelFile } from '../core/moderation/classifier';
import { type Evaluation, evaluate, reliability } from '../core/moderation/evaluate';
import { trainModerationModel } from '../core/moderation/train';

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

export function printEvaluation(title: string, e: Evaluation) {
  console.log(`${title}: ${e.messages} messages`);
  console.log(
    `  overall   precision ${pct(e.overall.precision)}  recall ${pct(e.overall.recall)}  (tp ${e.overall.truePositives}, fp ${e.overall.falsePositives}, fn ${e.overall.falseNegatives})`,
  );
  for (const [c, m] of Object.entries(e.perCategory))
    console.log(
      `  ${c.padEnd(13)} precision ${pct(m.precision)}  recall ${pct(m.recall)}  (${m.support} labelled, ${m.predicted} predicted)`,
    );
}

export function registerModerationModelCommands(moderation: Command) {
  moderation
    .command('train')
    .description(
      'train the abuse classifier on the corpus (split=train), write the model, print the test split figures',
    )
    .option('--corpus <file>', 'labelled JSON lines with split', MODERATION_CORPUS_PATH)
    .option('--out <file>', 'where the model goes', MODERATION_MODEL_PATH)
    .action((opts: { corpus: string; out: string }) => {
      const rows = readLabelled(opts.corpus);
      const train = rows.filter((r) => r.split === 'train');
      const test = rows.filter((r) => r.split === 'test');
      const t0 = performance.now();
      const unlabelled = train.find((r) => r.flag && !r.category);
      if (unlabelled) throw new Error(`A flagged training message has no category: ${unlabelled.text}`);
      const { model } = trainModerationModel(
        train.map((r) => ({ text: r.text, category: r.flag ? (r.category ?? 'none') : 'none' })),
        profanityMatcher(),
      );
      const file = toModelFile(model, {
        messages: train.length,
        corpusSha256: createHash('sha256').update(readFileSync(opts.corpus)).digest('hex'),
      });
      writeFileSync(opts.out, `${JSON.stringify(file)}\n`);
      console.log(
        `Trained on ${train.length} messages in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${model.weights.size} features kept, temperature ${file.temperature}; wrote ${opts.out}.`,
      );
      const classifier = createClassifier(model, profanityMatcher());
      const pairs = test.map((r) => ({ truth: r, predicted: classifier.classify(r.text) }));
      printEvaluation('Test split', evaluate(pairs));
      printEvaluation(
        'Baseline (the old regex rules) on the same split',
        evaluate(test.map((r) => ({ truth: r, predicted: baselineVerdict(r.text) }))),
      );
      const r = reliability(pairs);
      console.log(`Reliability on the test split (expected calibration error ${r.expectedCalibrationError}):`);
      for (const b of r.bins)
        console.log(
          `  confidence ${b.from.toFixed(2)}–${b.to.toFixed(2)}: ${String(b.count).padStart(4)} messages, mean ${b.meanConfidence.toFixed(3)}, right ${b.accuracy.toFixed(3)}`,
        );
    });
  moderation
    .command('eval')
    .argument('<file>', 'labelled JSON lines: {"text", "flag"} and optionally "category"')
    .description('precision and recall of the classifier, overall and per category')
    .option('--json', 'print as JSON')
    .action((path: string, opts: { json?: boolean }) => {
      const classifier = createModerationClassifier();
      const pairs = readLabelled(path).map((r) => ({ truth: r, predicted: classifier.classify(r.text) }));
      const result = evaluate(pairs);
      if (opts.json) console.log(JSON.stringify(result, null, 2));
      else printEvaluation(path, result);
    });
  moderation
    .command('classify')
    .description('read texts (one per line, or JSON lines with a "text" field) on stdin; print a verdict per line')
    .action(async () => {
      const classifier = createModerationClassifier();
      const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
      for await (const line of lines) {
        if (line.trim() === '') continue;
        let text = line;
        try {
          const parsed = JSON.parse(line) as { text?: unknown };
          if (parsed && typeof parsed.text === 'string') text = parsed.text;
        } catch {
          // a plain line of text
        }
        const v = classifier.classify(text);
        // `flagged` and `reason` as before (D22), and the classifier's verdict beside them.
        console.log(
          JSON.stringify({
            flagged: v.flag,
            reason: v.flag ? v.category : null,
            category: v.category,
            confidence: v.confidence,
            evidence: v.evidence,
          }),
        );
      }
    });
}

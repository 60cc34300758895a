/**
 * Out-of-fold figures of the abuse classifier on the corpus's `train` split only (issue 15, N191):
 * each train message scored by a model trained without it (the same folds, shifts and mix as
 * `nestmate moderation train`), so features, data and options are chosen without the test split.
 * Reads only `train` lines; never opens a `test` message.
 * `npx tsx bench/moderation-cv.ts [--corpus FILE] [--ids-from FILE] [--options JSON]`
 * `--ids-from` also prints the errors on the train messages whose ids are in FILE (an earlier
 * corpus), so a new batch is judged on the messages both versions share.
 * `--dump FILE` writes each train message's id, label and out-of-fold prediction (one JSON line
 * each), so two runs can be compared message by message (N217).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { profanityMatcher } from '../adapters/moderation/engine';
import { CATEGORIES } from '../core/moderation/rules';
import { type TrainOptions, trainModerationModel } from '../core/moderation/train';

type Row = { id: string; text: string; flag: boolean; category: string; split: string };

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const trainRows = (path: string): Row[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Row)
    .filter((r) => r.split === 'train');

const corpus = arg('--corpus') ?? 'fixtures/corpora/moderation/messages.jsonl';
const rows = trainRows(corpus);
const options = JSON.parse(arg('--options') ?? '{}') as Partial<TrainOptions>;
const t0 = performance.now();
const report = trainModerationModel(
  rows.map((r) => ({ text: r.text, category: r.flag ? (r.category as (typeof CATEGORIES)[number]) : 'none' })),
  profanityMatcher(),
  options,
);
const { logits, labels } = report.outOfFold;
const argmax = (xs: number[]) => xs.reduce((b, x, i) => (x > (xs[b] as number) ? i : b), 0);
const predicted = logits.map(argmax);
const figures = (keep: (i: number) => boolean) => {
  let errors = 0;
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const per = CATEGORIES.map(() => ({ tp: 0, fp: 0, fn: 0 }));
  predicted.forEach((p, i) => {
    if (!keep(i)) return;
    const y = labels[i] as number;
    if (p !== y) errors++;
    if (p !== 0 && y !== 0) tp++;
    else if (p !== 0) fp++;
    else if (y !== 0) fn++;
    const c = per[p] as { tp: number; fp: number; fn: number };
    if (p === y) c.tp++;
    else {
      c.fp++;
      (per[y] as { fn: number }).fn++;
    }
  });
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return {
    errors,
    falseFlags: fp,
    missed: fn,
    precision: r3(tp / Math.max(1, tp + fp)),
    recall: r3(tp / Math.max(1, tp + fn)),
    perCategory: Object.fromEntries(
      CATEGORIES.slice(1).map((c, k) => {
        const x = per[k + 1] as { tp: number; fp: number; fn: number };
        return [c, [r3(x.tp / Math.max(1, x.tp + x.fp)), r3(x.tp / Math.max(1, x.tp + x.fn))]];
      }),
    ),
  };
};
const out: Record<string, unknown> = {
  messages: rows.length,
  seconds: Math.round((performance.now() - t0) / 100) / 10,
  nbMix: report.nbMix,
  classShifts: report.classShifts,
  temperature: report.model.temperature,
  trainingLoss: report.trainingLoss.filter((_, e) => e % 5 === 4 || e === 0).map((x) => Math.round(x * 10000) / 10000),
  all: figures(() => true),
};
const idsFrom = arg('--ids-from');
if (idsFrom) {
  const earlier = new Set(trainRows(idsFrom).map((r) => r.id));
  out.earlier = { messages: earlier.size, ...figures((i) => earlier.has((rows[i] as Row).id)) };
}
const dump = arg('--dump');
if (dump)
  writeFileSync(
    dump,
    `${rows.map((r, i) => JSON.stringify({ id: r.id, y: labels[i], p: predicted[i] })).join('\n')}\n`,
  );
console.log(JSON.stringify(out));

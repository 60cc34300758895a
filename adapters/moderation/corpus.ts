/**
 * Labelled JSON-lines files for the abuse classifier (issue 15): the corpus
 * (fixtures/corpora/moderation/messages.jsonl, with a fixed train/test split) and any file given to
 * `nestmate moderation eval`. Parsed with zod; a bad line stops with its number.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { CATEGORIES } from '../../core/moderation/rules';

export const MODERATION_CORPUS_PATH = 'fixtures/corpora/moderation/messages.jsonl';

const labelledLine = z.object({
  text: z.string(),
  flag: z.boolean(),
  category: z.enum(CATEGORIES).optional(),
  split: z.enum(['train', 'test']).optional(),
});
export type LabelledLine = z.infer<typeof labelledLine>;

export function readLabelled(path: string): LabelledLine[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .flatMap((line, i) => {
      if (line.trim() === '') return [];
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw new Error(`${path}:${i + 1}: not JSON`);
      }
      const parsed = labelledLine.safeParse(json);
      if (!parsed.success)
        throw new Error(`${path}:${i + 1}: ${parsed.error.issues[0]?.message ?? 'not a labelled message'}`);
      return [parsed.data];
    });
}

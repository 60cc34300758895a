/**
 * The one place the moderation engine is built (issue 15): the committed model artefact, checked
 * with zod, and the obscenity matcher. api/app.ts and the CLI both call createModerationClassifier,
 * so the server and `nestmate moderation classify` give the same verdicts.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  createClassifier,
  fromModelFile,
  type MessageClassifier,
  type ModerationModel,
  type ModerationModelFile,
} from '../../core/moderation/classifier';
import { ObscenityProfanityMatcher } from './obscenity.profanity';

export const MODERATION_MODEL_PATH = fileURLToPath(new URL('../../fixtures/models/moderation.json', import.meta.url));

const modelFileSchema = z.object({
  format: z.literal('nestmate-moderation'),
  version: z.literal(1),
  buckets: z
    .number()
    .int()
    .positive()
    .refine((n) => (n & (n - 1)) === 0, 'a power of two'),
  classes: z.array(z.string()).min(2),
  temperature: z.number().positive(),
  bias: z.array(z.number()),
  weights: z.record(z.string().regex(/^\d+$/), z.array(z.number().int())),
  trainedOn: z.object({ messages: z.number().int(), corpusSha256: z.string().optional() }),
}) satisfies z.ZodType<ModerationModelFile>;

// One parse per file per process: the test suites build many apps.
const loaded = new Map<string, ModerationModel>();

export function loadModerationModel(path = MODERATION_MODEL_PATH): ModerationModel {
  let model = loaded.get(path);
  if (!model) {
    model = fromModelFile(modelFileSchema.parse(JSON.parse(readFileSync(path, 'utf8'))));
    loaded.set(path, model);
  }
  return model;
}

let profanity: ObscenityProfanityMatcher | undefined;

export function profanityMatcher(): ObscenityProfanityMatcher {
  profanity ??= new ObscenityProfanityMatcher();
  return profanity;
}

export function createModerationClassifier(path = MODERATION_MODEL_PATH): MessageClassifier {
  return createClassifier(loadModerationModel(path), profanityMatcher());
}

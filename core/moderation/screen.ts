/**
 * Screening text people publish about themselves (issue 15 "Everywhere"): profile bios, prompt
 * answers, group names and descriptions are classified on save. A hit at or above SURE_MIN_CONFIDENCE that
 * a rule of the same category confirms is refused as a field error and nothing is stored; any
 * other hit is saved and queued for an admin.
 */
import type { FieldError } from '../shared/errors';
import { type AutoFlag, autoFlagOf } from './auto-flag';
import type { MessageClassifier } from './classifier';
import { normalizeForModeration } from './normalize';
import { ruleHits } from './rules';
import { SURE_MIN_CONFIDENCE } from './warnings';

export const SCREEN_MESSAGES = {
  refused: 'This text breaks our Community Guidelines. Please rephrase it.',
} as const;

export type Screening = {
  /** One per refused field; any of them means nothing is saved. */
  errors: FieldError[];
  /** The strongest lower-confidence hit among the saved fields, for the admin queue; null when none. */
  flag: AutoFlag | null;
};

export function screenFields(
  classifier: MessageClassifier,
  fields: { path: string; text: string | null }[],
): Screening {
  const errors: FieldError[] = [];
  let flag: AutoFlag | null = null;
  for (const { path, text } of fields) {
    if (!text?.trim()) continue;
    const hit = autoFlagOf(classifier.classify(text));
    if (!hit) continue;
    // The model is calibrated on chat messages; on a short field it can be sure and wrong ("Answer
    // number 1" reads as harassment at 0.97), so a refusal also needs a rule's match.
    if (hit.confidence >= SURE_MIN_CONFIDENCE && confirmedByRule(text, hit.reason))
      errors.push({ path, message: SCREEN_MESSAGES.refused });
    else if (!flag || hit.confidence > flag.confidence) flag = hit;
  }
  return { errors, flag };
}

function confirmedByRule(text: string, category: string): boolean {
  return ruleHits(normalizeForModeration(text)).some((h) => h.category === category);
}

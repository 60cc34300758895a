/** Capabilities the abuse classifier needs (issue 15; style habit 3). */

/** What a profanity or slur hit suggests: the classifier weighs it beside everything else. */
export type ProfanityKind = 'slur' | 'sexual' | 'insult' | 'profanity';

export type ProfanityHit = { kind: ProfanityKind; term: string };

/**
 * Finds profanity and slurs however they are disguised (the `obscenity` package behind
 * adapters/moderation/). Given normalised text; returns each hit once.
 */
export interface ProfanityMatcher {
  find(text: string): ProfanityHit[];
}

/** A matcher that finds nothing: for tests and for a model trained without one. */
export const noProfanity: ProfanityMatcher = { find: () => [] };

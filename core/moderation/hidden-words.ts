/**
 * Hidden words (issue 15, "What people see"): each user keeps a list of words and emoji, and incoming
 * messages containing one are collapsed behind "Hidden by your filters — show". The rules here run on
 * the server (the saved list) and in the browser (collapsing), so both read the list the same way.
 */
import type { Clock } from '../shared/clock';
import { type DomainError, type FieldError, validationError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import { normalizeForModeration } from './normalize';

export const HIDDEN_WORDS_MAX = 100;
export const HIDDEN_WORD_MAX_LENGTH = 50;

export const HIDDEN_WORDS_MESSAGES = {
  tooMany: `You can hide at most ${HIDDEN_WORDS_MAX} words`,
  empty: 'Enter a word or emoji to hide',
  tooLong: `Hidden words can be at most ${HIDDEN_WORD_MAX_LENGTH} characters`,
} as const;

/** Characters, not UTF-16 units: an emoji with a skin tone is one entry of a few code points. */
const length = (s: string) => [...s].length;

/**
 * The list as it is saved: trimmed, empty and over-long entries refused, duplicates (ignoring case and
 * look-alike spellings) dropped keeping the first. A bad entry refuses the whole list (nothing half-saved).
 */
export function validateHiddenWords(raw: readonly string[]): Result<string[], DomainError> {
  if (raw.length > HIDDEN_WORDS_MAX)
    return err(validationError([{ path: 'words', message: HIDDEN_WORDS_MESSAGES.tooMany }]));
  const fields: FieldError[] = [];
  const seen = new Set<string>();
  const words: string[] = [];
  raw.forEach((entry, i) => {
    const word = entry.trim().replace(/\s+/g, ' ');
    if (word === '') fields.push({ path: `words.${i}`, message: HIDDEN_WORDS_MESSAGES.empty });
    else if (length(word) > HIDDEN_WORD_MAX_LENGTH)
      fields.push({ path: `words.${i}`, message: HIDDEN_WORDS_MESSAGES.tooLong });
    else {
      const key = hiddenWordKey(word);
      if (!seen.has(key)) {
        seen.add(key);
        words.push(word);
      }
    }
  });
  return fields.length > 0 ? err(validationError(fields)) : ok(words);
}

/** Two entries are the same when they read the same once normalised ("Stupid", "stupid", "ѕtupid"). */
function hiddenWordKey(word: string): string {
  return normalizeForModeration(word) || word.toLowerCase();
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const HAS_WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * The first hidden word the text contains, or null. Both sides are normalised for moderation, so
 * spaced-out, leetspeak and look-alike spellings are caught. A word (or phrase) matches whole words
 * only, so "ass" leaves "class" alone; an emoji or symbol matches anywhere.
 */
export function hiddenBy(words: readonly string[], text: string): string | null {
  return hiddenWordsMatcher(words)(text);
}

/**
 * `hiddenBy` with the list prepared once: the chat checks every incoming message on each render, so
 * the words are normalised and compiled when the list changes, not per message.
 */
export function hiddenWordsMatcher(words: readonly string[]): (text: string) => string | null {
  const tests = words.flatMap((word) => {
    const needle = normalizeForModeration(word).trim();
    if (needle === '') return [];
    if (HAS_WORD_CHARACTER.test(needle)) {
      const re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(needle)}(?![\\p{L}\\p{N}])`, 'u');
      return [{ word, test: (_raw: string, normalised: string) => re.test(normalised) }];
    }
    return [{ word, test: (raw: string, normalised: string) => normalised.includes(needle) || raw.includes(word) }];
  });
  return (text) => {
    if (tests.length === 0 || text === '') return null;
    const normalised = normalizeForModeration(text);
    return tests.find((t) => t.test(text, normalised))?.word ?? null;
  };
}

/** Where a user's list is kept (adapters/db: hidden_words). */
export interface HiddenWordRepository {
  list(userId: string): Promise<string[]>;
  /** Replaces the whole list in one transaction. */
  replace(userId: string, words: string[], at: Date): Promise<void>;
}

export function getHiddenWords(deps: { hiddenWords: HiddenWordRepository }, userId: string): Promise<string[]> {
  return deps.hiddenWords.list(userId);
}

export async function setHiddenWords(
  deps: { hiddenWords: HiddenWordRepository; clock: Clock },
  input: { userId: string; words: readonly string[] },
): Promise<Result<string[], DomainError>> {
  const valid = validateHiddenWords(input.words);
  if (!valid.ok) return valid;
  await deps.hiddenWords.replace(input.userId, valid.value, deps.clock.now());
  return ok(valid.value);
}

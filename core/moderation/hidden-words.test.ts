import { fixedClock } from '../shared/clock';
import {
  HIDDEN_WORDS_MESSAGES,
  type HiddenWordRepository,
  hiddenBy,
  hiddenWordsMatcher,
  setHiddenWords,
  validateHiddenWords,
} from './hidden-words';

describe('hidden words: the list (issue 15)', () => {
  it('trims entries and drops duplicates ignoring case and look-alike spellings, keeping the first', () => {
    const r = validateHiddenWords(['  Stupid ', 'stupid', 'ѕtupid', '🍑', '🍑', 'rent  paid']);
    expect(r).toEqual({ ok: true, value: ['Stupid', '🍑', 'rent paid'] });
  });

  it('refuses an empty entry and one over 50 characters, naming each', () => {
    const r = validateHiddenWords(['ok', '   ', 'x'.repeat(51)]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('VALIDATION');
    expect(r.error.fields).toEqual([
      { path: 'words.1', message: HIDDEN_WORDS_MESSAGES.empty },
      { path: 'words.2', message: HIDDEN_WORDS_MESSAGES.tooLong },
    ]);
  });

  it('counts characters, not code units: 50 emoji are allowed', () => {
    expect(validateHiddenWords(['😀'.repeat(50)]).ok).toBe(true);
    expect(validateHiddenWords(['😀'.repeat(51)]).ok).toBe(false);
  });

  it('allows 100 entries and refuses 101', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}`);
    expect(validateHiddenWords(words(100)).ok).toBe(true);
    const r = validateHiddenWords(words(101));
    expect(r.ok ? null : r.error.message).toBe(HIDDEN_WORDS_MESSAGES.tooMany);
  });
});

describe('hidden words: matching (issue 15)', () => {
  it('matches whole words, whatever the case', () => {
    expect(hiddenBy(['stupid'], 'You are STUPID.')).toBe('stupid');
    expect(hiddenBy(['ass'], 'See you after class')).toBeNull();
    expect(hiddenBy(['ass'], 'what an ass')).toBe('ass');
  });

  it('catches spaced-out, leetspeak and look-alike spellings', () => {
    expect(hiddenBy(['stupid'], 'you are s t u p i d')).toBe('stupid');
    expect(hiddenBy(['stupid'], 'so 5tup1d')).toBe('stupid');
    expect(hiddenBy(['stupid'], 'so ѕtuріd')).toBe('stupid');
    expect(hiddenBy(['deposit'], 'send the d3posit')).toBe('deposit');
  });

  it('matches phrases on word boundaries', () => {
    expect(hiddenBy(['cash app'], 'Pay me on Cash App now')).toBe('cash app');
    expect(hiddenBy(['cash app'], 'cash apply')).toBeNull();
  });

  it('matches emoji and symbols anywhere', () => {
    expect(hiddenBy(['🍑'], 'nice🍑')).toBe('🍑');
    expect(hiddenBy(['👍🏽'], 'sounds good 👍🏽👍🏽')).toBe('👍🏽');
    expect(hiddenBy(['🍆'], 'nice 🍑')).toBeNull();
  });

  it('hides nothing with an empty list or an empty message', () => {
    expect(hiddenBy([], 'anything')).toBeNull();
    expect(hiddenBy(['x'], '')).toBeNull();
  });
});

describe('setHiddenWords', () => {
  const repo = (): HiddenWordRepository & { saved: string[] | null } => ({
    saved: null,
    list: async () => [],
    async replace(_userId, words) {
      this.saved = words;
    },
  });

  it('saves the cleaned list', async () => {
    const hiddenWords = repo();
    const r = await setHiddenWords(
      { hiddenWords, clock: fixedClock('2026-01-01T00:00:00Z') },
      { userId: 'u', words: [' a ', 'A'] },
    );
    expect(r).toEqual({ ok: true, value: ['a'] });
    expect(hiddenWords.saved).toEqual(['a']);
  });

  it('saves nothing when an entry is bad', async () => {
    const hiddenWords = repo();
    const r = await setHiddenWords(
      { hiddenWords, clock: fixedClock('2026-01-01T00:00:00Z') },
      { userId: 'u', words: ['a', ''] },
    );
    expect(r.ok).toBe(false);
    expect(hiddenWords.saved).toBeNull();
  });
});

describe('hiddenWordsMatcher', () => {
  it('answers as hiddenBy does, with the list prepared once', () => {
    const match = hiddenWordsMatcher(['stupid', '🍑', '   ']);
    for (const text of ['you are s t u p i d', 'nice 🍑', 'see you in class', '']) {
      expect(match(text)).toBe(hiddenBy(['stupid', '🍑'], text));
    }
    expect(match('so 5tup1d')).toBe('stupid');
  });
});

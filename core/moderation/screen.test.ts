import type { MessageClassifier, Verdict } from './classifier';
import type { Category } from './rules';
import { SCREEN_MESSAGES, screenFields } from './screen';
import { SURE_MIN_CONFIDENCE } from './warnings';

/** A classifier that answers from a table, so each threshold is tested exactly. */
const stub = (table: Record<string, [Category, number]>): MessageClassifier => ({
  classify: (text): Verdict => {
    const [category, confidence] = table[text] ?? ['none', 0.99];
    return { flag: category !== 'none', category, confidence, evidence: [] };
  },
});

describe('screening published text (issue 15)', () => {
  const WIRE = 'Wire the deposit today and I will mail you the keys';

  it('refuses a hit at SURE_MIN_CONFIDENCE that a rule of the same category confirms', () => {
    const s = screenFields(stub({ [WIRE]: ['rental_scam', SURE_MIN_CONFIDENCE] }), [
      { path: 'basics.bio', text: WIRE },
    ]);
    expect(s).toEqual({ errors: [{ path: 'basics.bio', message: SCREEN_MESSAGES.refused }], flag: null });
  });

  it('queues a hit just under SURE_MIN_CONFIDENCE instead of refusing it', () => {
    const s = screenFields(stub({ [WIRE]: ['rental_scam', SURE_MIN_CONFIDENCE - 0.001] }), [
      { path: 'bio', text: WIRE },
    ]);
    expect(s.errors).toEqual([]);
    expect(s.flag).toMatchObject({ reason: 'rental_scam', confidence: SURE_MIN_CONFIDENCE - 0.001 });
  });

  it('queues, never refuses, a confident verdict no rule confirms (short fields fool the model)', () => {
    const s = screenFields(stub({ 'Answer number 1': ['harassment', 0.97] }), [
      { path: 'prompts.0.response', text: 'Answer number 1' },
    ]);
    expect(s.errors).toEqual([]);
    expect(s.flag).toMatchObject({ reason: 'harassment', confidence: 0.97 });
  });

  it('keeps the strongest lower hit, skips empty fields and passes harmless text', () => {
    const classifier = stub({ a: ['off_platform', 0.6], b: ['investment', 0.8] });
    const s = screenFields(classifier, [
      { path: 'a', text: 'a' },
      { path: 'b', text: 'b' },
      { path: 'c', text: null },
      { path: 'd', text: '   ' },
      { path: 'e', text: 'Quiet on weeknights' },
    ]);
    expect(s).toEqual({ errors: [], flag: expect.objectContaining({ reason: 'investment', confidence: 0.8 }) });
  });
});

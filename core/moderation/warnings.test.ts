import {
  isHeldBack,
  NUDGE_CATEGORIES,
  needsConfirmation,
  RECIPIENT_WARNINGS,
  SHOWN_MIN_CONFIDENCE,
  SURE_MIN_CONFIDENCE,
  warningFor,
} from './warnings';

describe('the recipient warning (issue 15)', () => {
  const flagged = (reason: string | null, confidence = 0.95) => ({
    senderId: 'sender',
    flag: reason === null ? null : { reason, confidence },
  });

  it('warns the recipient of a rental scam in the issue’s words, and never the sender', () => {
    expect(warningFor(flagged('rental_scam'), 'recipient')).toEqual({
      category: 'rental_scam',
      text: "Be careful: this message asks you to pay before you've seen the place. Never pay a deposit before a viewing and a signed lease.",
    });
    expect(warningFor(flagged('rental_scam'), 'sender')).toBeNull();
  });

  it('has its own warning for off-platform, phishing and investment messages', () => {
    for (const category of ['off_platform', 'phishing', 'investment'] as const) {
      const warning = warningFor(flagged(category), 'recipient');
      expect(warning).toEqual({ category, text: RECIPIENT_WARNINGS[category] });
      expect(warning?.text).toMatch(/^Be careful: this message asks/);
    }
    expect(new Set(Object.values(RECIPIENT_WARNINGS)).size).toBe(4);
  });

  it('reads the old rules’ off-platform reason as off-platform', () => {
    expect(warningFor(flagged('off_platform_payment'), 'recipient')?.category).toBe('off_platform');
  });

  it('shows nothing for unflagged messages, nudged categories, unknown reasons or an unsure flag', () => {
    for (const reason of [null, 'harassment', 'hate', 'sexual', 'explicit', 'toString', 'constructor']) {
      expect(warningFor(flagged(reason), 'recipient')).toBeNull();
    }
    expect(warningFor(flagged('rental_scam', SHOWN_MIN_CONFIDENCE - 0.01), 'recipient')).toBeNull();
    expect(warningFor(flagged('rental_scam', SHOWN_MIN_CONFIDENCE), 'recipient')).not.toBeNull();
  });
});

describe('the sender nudge (issue 15)', () => {
  it('asks before confident harassment, hate and sexual content, until the sender confirms', () => {
    expect(NUDGE_CATEGORIES).toEqual(['harassment', 'hate', 'sexual']);
    for (const category of NUDGE_CATEGORIES) {
      expect(needsConfirmation({ flag: true, category, confidence: 0.97 }, false)).toBe(true);
      expect(needsConfirmation({ flag: true, category, confidence: 0.97 }, true)).toBe(false);
    }
  });

  it('lets scams (warned to the recipient instead), harmless text and unsure verdicts through', () => {
    for (const category of ['rental_scam', 'off_platform', 'phishing', 'investment'] as const) {
      expect(needsConfirmation({ flag: true, category, confidence: 0.99 }, false)).toBe(false);
    }
    expect(needsConfirmation({ flag: false, category: 'none', confidence: 0.99 }, false)).toBe(false);
    expect(needsConfirmation({ flag: false, category: 'harassment', confidence: 0.99 }, false)).toBe(false);
    // "live hello" once read as harassment at 0.48: too unsure to interrupt anyone.
    expect(needsConfirmation({ flag: true, category: 'harassment', confidence: 0.48 }, false)).toBe(false);
  });
});

describe('holding messages back (issue 15)', () => {
  const verdict = (category: Parameters<typeof isHeldBack>[0]['category'], confidence: number, flag = true) => ({
    flag,
    category,
    confidence,
  });

  it('holds confident harassment, hate, sexual and phishing messages for an admin', () => {
    for (const category of ['harassment', 'hate', 'sexual', 'phishing'] as const) {
      expect(isHeldBack(verdict(category, SURE_MIN_CONFIDENCE))).toBe(true);
      expect(isHeldBack(verdict(category, 0.99))).toBe(true);
    }
  });

  it('delivers below the calibrated threshold, scams and unflagged verdicts', () => {
    expect(SURE_MIN_CONFIDENCE).toBe(0.95);
    expect(isHeldBack(verdict('harassment', SURE_MIN_CONFIDENCE - 0.001))).toBe(false);
    for (const category of ['rental_scam', 'off_platform', 'investment'] as const) {
      expect(isHeldBack(verdict(category, 0.99))).toBe(false);
    }
    expect(isHeldBack(verdict('none', 0.99, false))).toBe(false);
    expect(isHeldBack(verdict('sexual', 0.99, false))).toBe(false);
  });
});

/**
 * Automatic flags (D22): each rule names a reason and a confidence 0–1. A flagged message is still
 * delivered; an admin approves or removes it later (issue 9).
 */
import type { Verdict } from './classifier';
import type { AbuseCategory, Category } from './rules';

export type FlagReason = 'rental_scam' | 'off_platform_payment' | 'harassment' | 'explicit';

/** A stored automatic flag: the classifier's category (issue 15), or one of the old rules' reasons. */
export type AutoFlag = { reason: FlagReason | AbuseCategory; confidence: number; matched: string[] };

type Rule = { reason: FlagReason; confidence: number; patterns: RegExp[] };

const RULES: Rule[] = [
  {
    reason: 'rental_scam',
    confidence: 0.85,
    patterns: [
      /\b(deposit|first month'?s? rent|holding fee)\b[^.?!]{0,60}\b(before|without|prior to)\b[^.?!]{0,30}\b(view|viewing|see(ing)? the|tour|visit)/i,
      /\bwire (transfer|the money|me)\b|\bwestern union\b|\bmoneygram\b/i,
      /\bgift ?cards?\b/i,
      /\bcashier'?s? che(ck|que)s?\b/i,
      /\b(i'?m|i am|currently) (out of|outside) (the )?(country|state|town)\b/i,
      /\b(send|mail) (you )?the keys\b/i,
    ],
  },
  {
    reason: 'off_platform_payment',
    confidence: 0.6,
    patterns: [
      /\b(venmo|zelle|cash ?app|paypal|crypto|bitcoin|usdt)\b[^.?!]{0,40}\b(deposit|rent|fee|pay|payment|send)\b/i,
      /\b(pay|send)\b[^.?!]{0,30}\b(venmo|zelle|cash ?app|paypal|bitcoin)\b/i,
    ],
  },
  {
    reason: 'harassment',
    confidence: 0.75,
    patterns: [
      /\b(kill|hurt|beat) (yourself|you)\b/i,
      /\bkys\b/i,
      /\b(stupid|ugly|worthless|fat) (bitch|whore|slut|loser)\b/i,
      /\b(f+u+c+k+|screw) (you|off)\b/i,
      /\bi know where you live\b/i,
    ],
  },
  {
    reason: 'explicit',
    confidence: 0.7,
    patterns: [/\b(nudes?|sexting|send (me )?pics)\b/i, /\b(porn|onlyfans)\b/i],
  },
];

/** Every rule the text trips, strongest first; [] for harmless text. */
export function autoFlags(text: string): (AutoFlag & { reason: FlagReason })[] {
  const flags: (AutoFlag & { reason: FlagReason })[] = [];
  for (const rule of RULES) {
    const matched = rule.patterns.flatMap((p) => {
      const m = p.exec(text);
      return m ? [m[0]] : [];
    });
    if (matched.length === 0) continue;
    // Each extra matching pattern makes the rule more certain, up to 0.99.
    const confidence = Math.min(0.99, rule.confidence + 0.1 * (matched.length - 1));
    flags.push({ reason: rule.reason, confidence: Math.round(confidence * 100) / 100, matched });
  }
  return flags.sort((a, b) => b.confidence - a.confidence);
}

const AS_CATEGORY: Record<FlagReason, AbuseCategory> = {
  rental_scam: 'rental_scam',
  off_platform_payment: 'off_platform',
  harassment: 'harassment',
  explicit: 'sexual',
};

/** These rules' verdict in the classifier's terms: the baseline the bench measures it against (issue 15). */
export function baselineVerdict(text: string): { flag: boolean; category: Category; confidence: number } {
  const top = autoFlags(text)[0];
  return top
    ? { flag: true, category: AS_CATEGORY[top.reason], confidence: top.confidence }
    : { flag: false, category: 'none', confidence: 1 };
}

/** The classifier's verdict as a flag for the queue (D22: flagged and still delivered), or null. */
export function autoFlagOf(verdict: Verdict): AutoFlag | null {
  if (!verdict.flag || verdict.category === 'none') return null;
  return { reason: verdict.category, confidence: verdict.confidence, matched: verdict.evidence };
}

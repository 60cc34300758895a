/**
 * What people see of a flag (issue 15, "What people see"). The recipient of a scam, phishing or
 * off-platform message reads a warning under it; the sender of harassment, hate or sexual content
 * is asked "Are you sure?" first. Neither is shown to the other side: the sender never learns a
 * message was flagged, and the recipient never sees the nudge.
 */
import type { AbuseCategory, Category } from './rules';

export type WarningCategory = Extract<AbuseCategory, 'rental_scam' | 'off_platform' | 'phishing' | 'investment'>;

/** One voice for all four: what the message asks for, then the one safe rule. rental_scam is the text verbatim. */
export const RECIPIENT_WARNINGS: Record<WarningCategory, string> = {
  rental_scam:
    "Be careful: this message asks you to pay before you've seen the place. Never pay a deposit before a viewing and a signed lease.",
  off_platform:
    'Be careful: this message asks you to move the conversation or a payment off Nestmate. Keep chatting and paying where you can report problems.',
  phishing:
    'Be careful: this message asks for a password, a code or personal details. Never share your logins, verification codes or ID numbers with anyone.',
  investment:
    'Be careful: this message asks you to invest or join a money-making scheme. Never send money or crypto to someone you met here for a deal.',
};

export type MessageWarning = { category: WarningCategory; text: string };

/**
 * How sure a verdict must be before anyone sees it. The classifier flags for the admin queue at any
 * confidence (D22), and its confidence is calibrated (train.ts): below 0.8 a verdict is wrong often
 * enough ("Over the socket" read as sexual at 0.39) that a warning or a nudge would teach people to
 * ignore both. Above it, at least four in five are right.
 */
export const SHOWN_MIN_CONFIDENCE = 0.8;

/** The old rules' reasons (auto-flag.ts) still stored on earlier flags, in the classifier's terms. */
const LEGACY_REASONS: Record<string, string> = { off_platform_payment: 'off_platform', explicit: 'sexual' };

const isWarningCategory = (c: string): c is WarningCategory => Object.hasOwn(RECIPIENT_WARNINGS, c);

/**
 * The warning `viewerId` sees under a message: only the recipient, and only for a confident pending
 * automatic flag (`flag` is null when there is none or an admin already approved the message).
 */
export function warningFor(
  message: { senderId: string; flag: { reason: string; confidence: number } | null },
  viewerId: string,
): MessageWarning | null {
  if (message.senderId === viewerId || message.flag === null) return null;
  if (message.flag.confidence < SHOWN_MIN_CONFIDENCE) return null;
  const reason = message.flag.reason;
  const category = Object.hasOwn(LEGACY_REASONS, reason) ? (LEGACY_REASONS[reason] as string) : reason;
  return isWarningCategory(category) ? { category, text: RECIPIENT_WARNINGS[category] } : null;
}

/** Categories the sender is asked about before the message goes (Tinder's "Are You Sure?"). */
export const NUDGE_CATEGORIES: readonly AbuseCategory[] = ['harassment', 'hate', 'sexual'];

/** The dialog's headline is the issue's; the detail says why without naming the category. */
export const NUDGE_MESSAGES = {
  title: 'Are you sure?',
  detail: 'This message may hurt or upset the other person. Edit it, or send it anyway.',
} as const;

/** Whether a verdict needs the sender's confirmation before the message is sent. */
export function needsConfirmation(
  verdict: { flag: boolean; category: Category; confidence: number },
  confirmed: boolean,
): boolean {
  if (confirmed || !verdict.flag || verdict.category === 'none') return false;
  return NUDGE_CATEGORIES.includes(verdict.category) && verdict.confidence >= SHOWN_MIN_CONFIDENCE;
}

/** Categories held back from the recipient until an admin approves them (issue 15, "Held back"). */
export const HELD_CATEGORIES: readonly AbuseCategory[] = ['harassment', 'hate', 'sexual', 'phishing'];

/**
 * How sure a verdict must be before it acts without a person: holding a message back here, refusing
 * a profile or group text in screen.ts. Either delays or blocks a real person, so only the top
 * calibration bucket qualifies: at 0.95 and above a verdict was right 98.4 times in 100 on the test
 * split (bench/README.md, 2026-11-27, eighth batch); between 0.90 and 0.95 only 90.
 */
export const SURE_MIN_CONFIDENCE = 0.95;

/** Whether a message with this verdict waits for an admin before its recipient sees it. */
export function isHeldBack(verdict: { flag: boolean; category: Category; confidence: number }): boolean {
  if (!verdict.flag || verdict.category === 'none') return false;
  return HELD_CATEGORIES.includes(verdict.category) && verdict.confidence >= SURE_MIN_CONFIDENCE;
}

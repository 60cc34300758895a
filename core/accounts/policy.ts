/** Lifetimes and brute-force limits for accounts (D6, D9). */
import { DAY, HOUR, MINUTE } from '../shared/clock';
import type { RateRule } from '../shared/rate-limit';

export type { RateRule } from '../shared/rate-limit';

export const ACCESS_TOKEN_TTL_MS = 15 * MINUTE;
export const REFRESH_TOKEN_TTL_MS = 30 * DAY;
export const TOKEN_TTL_MS = {
  confirm_email: 24 * HOUR,
  reset_password: HOUR,
  change_email: 24 * HOUR,
  // Short: long enough to open the e-mail, short enough that a forgotten tab is not a key (N67).
  pending_sign_in: HOUR,
} as const;

/** N5; every bucket is reserved before the work (issue 14), sign-in's released again on success. */
export const RATE_LIMITS = {
  signInFailuresPerEmail: { limit: 10, windowMs: 15 * MINUTE },
  signInFailuresPerIp: { limit: 50, windowMs: 15 * MINUTE },
  /** Every sign-in runs argon2 and stores a session, right password or not (issue 14 item 7); kept on success. */
  signInAttemptsPerIp: { limit: 100, windowMs: 15 * MINUTE },
  /**
   * Each rotation stores a refresh-token row. A client refreshes about every 15 minutes per device
   * (the access token's life), so 60 an hour is a dozen devices; per address, some 250 students.
   */
  refreshesPerUser: { limit: 60, windowMs: HOUR },
  refreshesPerIp: { limit: 1000, windowMs: HOUR },
  signUpPerIp: { limit: 10, windowMs: HOUR },
  resendPerEmail: { limit: 5, windowMs: HOUR },
  resetPerEmail: { limit: 5, windowMs: HOUR },
  /** Each request checks a password (argon2) and sends two mails (issue 16): like a resend, per account. */
  emailChangePerUser: { limit: 5, windowMs: HOUR },
  mailPerIp: { limit: 30, windowMs: HOUR },
} as const satisfies Record<string, RateRule>;

export function isTokenUsable(token: { expiresAt: Date; usedAt: Date | null }, now: Date): boolean {
  return token.usedAt === null && token.expiresAt.getTime() > now.getTime();
}

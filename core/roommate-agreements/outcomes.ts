/**
 * The outcome loop (issue 21): 30 and 90 days after an agreement is first accepted, each party is
 * asked "How's living together?" (1–5, what works, what doesn't, optional "we didn't move in").
 * The answers are what later tells how well compatibility predicts living together (N148).
 */
import { DAY } from '../shared/clock';
import type { FieldError } from '../shared/errors';
import { cleanText } from '../shared/sanitize';
import type { Agreement } from './model';

export const CHECK_IN_DAYS = [30, 90] as const;
export type CheckInDays = (typeof CHECK_IN_DAYS)[number];

export const CHECK_IN_QUESTION = "How's living together?";
export const CHECK_IN_TEXT_MAX = 500;

export type OutcomeAnswer = {
  checkpointDays: CheckInDays;
  rating: number;
  whatWorks: string;
  whatDoesnt: string;
  didNotMoveIn: boolean;
};

export type StoredOutcome = OutcomeAnswer & { agreementId: string; userId: string; createdAt: Date };

/** When the household first had a version everyone accepted: the last acceptance of the earliest such version. */
export function firstAcceptedAt(agreement: Agreement): Date | null {
  let first: number | null = null;
  for (const v of agreement.versions) {
    const complete = v.parties.every((p) => v.acceptances.some((a) => a.userId === p));
    if (!complete || v.acceptances.length === 0) continue;
    const at = Math.max(
      ...v.acceptances.filter((a) => v.parties.includes(a.userId)).map((a) => a.acceptedAt.getTime()),
    );
    if (first === null || at < first) first = at;
  }
  return first === null ? null : new Date(first);
}

/**
 * The check-in open now: the latest checkpoint reached and not yet answered. A 30-day check-in
 * not answered by day 90 is not asked any more (the 90-day one replaces it).
 */
export function openCheckIn(acceptedAt: Date | null, now: Date, answered: readonly number[]): CheckInDays | null {
  if (!acceptedAt) return null;
  const days = (now.getTime() - acceptedAt.getTime()) / DAY;
  const reached = CHECK_IN_DAYS.filter((d) => days >= d);
  const latest = reached.at(-1);
  if (latest === undefined || answered.includes(latest)) return null;
  return latest;
}

/** Checks and cleans an answer: a whole rating from 1 to 5, optional texts (001 §5). */
export function checkOutcome(
  input: OutcomeAnswer,
): { ok: true; value: OutcomeAnswer } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5)
    errors.push({ path: 'rating', message: 'Choose a rating from 1 to 5.' });
  const text = (path: string, value: string) => {
    const r = cleanText(value, { max: CHECK_IN_TEXT_MAX });
    if (!r.ok) errors.push({ path, message: r.message });
    return r.ok ? r.value : '';
  };
  const value = {
    checkpointDays: input.checkpointDays,
    rating: input.rating,
    whatWorks: text('whatWorks', input.whatWorks),
    whatDoesnt: text('whatDoesnt', input.whatDoesnt),
    didNotMoveIn: input.didNotMoveIn,
  };
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}

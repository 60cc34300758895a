/**
 * Messaging rules (001 §4, §5, §8, §9; D19): sanitising, the hourly cap, time formats, day
 * groups and icebreakers. Pure, so the browser previews with the same functions.
 */

import { NUDGE_MESSAGES } from '../moderation/warnings';
import { DomainError } from '../shared/errors';
import { MESSAGE_MAX, sanitizeText } from '../shared/sanitize';

export const MESSAGES_PER_HOUR = 200; // D19
export const MESSAGE_WINDOW_MS = 60 * 60 * 1000;
export const ICEBREAKERS_SHOWN = 3;
export const POLL_INTERVAL_MS = 3000; // 001 §9

export const MESSAGE_MESSAGES = {
  invalid: 'Invalid message - Message contains invalid content',
  rateTitle: 'Rate limit exceeded',
  rate: "You've reached your hourly message limit. Please try again later.",
  sendFailed: 'Failed to send message',
  notFound: 'Conversation not found.',
  blocked: 'You can no longer message this person.',
  notMatched: 'You can only message your matches.',
  tooLong: 'Messages can be at most 10,000 characters.',
  alreadyVerified: 'They already have a Photo verified badge.',
  /** Issue 16's "Ask to verify": the polite request the other student receives. */
  verificationRequest:
    "Could you verify your photo? It's a quick live selfie that an admin checks, and the Photo verified badge helps us both know we're talking to the real person.",
} as const;

export const messageErrors = {
  invalid: () => new DomainError('MESSAGES.INVALID', MESSAGE_MESSAGES.invalid),
  /** D19's cap: the spec's text, and when the oldest message in the hour leaves it (`Retry-After`). */
  rateLimited: (retryAfterSeconds: number) =>
    Object.assign(
      new DomainError('MESSAGES.RATE_LIMITED', MESSAGE_MESSAGES.rate, undefined, MESSAGE_MESSAGES.rateTitle),
      { retryAfterSeconds },
    ),
  notFound: () => new DomainError('MESSAGES.CONVERSATION_NOT_FOUND', MESSAGE_MESSAGES.notFound),
  closed: () => new DomainError('MESSAGES.CLOSED', MESSAGE_MESSAGES.blocked),
  notMatched: () => new DomainError('MESSAGES.NOT_MATCHED', MESSAGE_MESSAGES.notMatched),
  tooLong: () => new DomainError('MESSAGES.TOO_LONG', MESSAGE_MESSAGES.tooLong),
  alreadyVerified: () => new DomainError('MESSAGES.ALREADY_VERIFIED', MESSAGE_MESSAGES.alreadyVerified),
  /** Issue 15's nudge: resend with `confirmed: true` ("Send anyway"); nothing was stored. */
  confirmNeeded: () =>
    new DomainError('MESSAGES.CONFIRM_NEEDED', NUDGE_MESSAGES.detail, undefined, NUDGE_MESSAGES.title),
};

/** 001 §5: trimmed non-empty, sanitised, capped at 10,000; null when nothing remains. */
export function cleanMessage(raw: string): string | null {
  if (raw.trim().length === 0) return null;
  const cleaned = sanitizeText(raw, MESSAGE_MAX);
  return cleaned.length === 0 ? null : cleaned;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Conversation-list time (001 §9): the time if under 24 hours old, the weekday if under 168
 * hours, else month and day. `offsetMinutes` is the viewer's UTC offset (local time).
 */
export function conversationTime(at: Date, now: Date, offsetMinutes = 0): string {
  const hours = (now.getTime() - at.getTime()) / 3_600_000;
  const local = new Date(at.getTime() + offsetMinutes * 60_000);
  if (hours < 24) {
    const h = local.getUTCHours();
    return `${h % 12 === 0 ? 12 : h % 12}:${pad(local.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
  }
  if (hours < 168) return WEEKDAYS[local.getUTCDay()] as string;
  return `${MONTHS[local.getUTCMonth()]} ${local.getUTCDate()}`;
}

/** The chat's day headers: Today, Yesterday, then the date (001 §2). */
export function dayLabel(at: Date, now: Date, offsetMinutes = 0): string {
  const day = (d: Date) => Math.floor((d.getTime() + offsetMinutes * 60_000) / 86_400_000);
  const diff = day(now) - day(at);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Yesterday';
  const local = new Date(at.getTime() + offsetMinutes * 60_000);
  return `${MONTHS[local.getUTCMonth()]} ${local.getUTCDate()}, ${local.getUTCFullYear()}`;
}

export function groupByDay<T extends { createdAt: Date }>(messages: T[], now: Date, offsetMinutes = 0) {
  const groups: { label: string; messages: T[] }[] = [];
  for (const m of messages) {
    const label = dayLabel(m.createdAt, now, offsetMinutes);
    const last = groups[groups.length - 1];
    if (last?.label === label) last.messages.push(m);
    else groups.push({ label, messages: [m] });
  }
  return groups;
}

/** 001 §7: used when icebreakers cannot be fetched. */
export const DEFAULT_ICEBREAKERS = [
  "Hey! What's your ideal living situation?",
  'Hi! What are you looking for in a roommate?',
  "Hey there! What's your typical weekday schedule like?",
  'Hi! Are you more of a night owl or an early bird?',
  'Hey! What neighborhoods are you considering?',
] as const;

/** Up to 3 openers built from the other person's profile and prompt answers. */
export function icebreakers(other: {
  name: string;
  major: string;
  university: string;
  prompts: { promptText: string; response: string }[];
  hobbies: string[];
}): string[] {
  const first = other.name.split(' ')[0] || 'there';
  const out: string[] = [];
  for (const p of other.prompts) {
    const prompt = p.promptText.replace(/[….]+$/, '').trim();
    const answer = p.response.length > 60 ? `${p.response.slice(0, 57).trim()}…` : p.response;
    out.push(`Hi ${first}! You answered "${prompt}" with "${answer}" — tell me more?`);
  }
  if (other.hobbies[0]) out.push(`Hey ${first}, I saw you're into ${other.hobbies[0]}. How did you get into it?`);
  if (other.major) out.push(`Hi ${first}! How are you finding ${other.major} at ${other.university}?`);
  return (out.length > 0 ? out : [...DEFAULT_ICEBREAKERS]).slice(0, ICEBREAKERS_SHOWN);
}

/**
 * The e-mail digest for the away (issue 19): a student with unread messages or new matches who has
 * not been in the app for 6 hours ('6h') or a day ('daily') gets one e-mail, at most one per 24
 * hours, with a signed one-click unsubscribe (RFC 8058) and a link to the settings (N104).
 */
import type { Mailer, OutgoingMail } from '../accounts/ports';
import { DAY, HOUR } from '../shared/clock';
import type { NotificationPreferences } from './model';
import type { NotificationPreferenceRepository } from './ports';

export const DIGEST_EVERY_MS = DAY;
export const AWAY_MS: Record<Exclude<NotificationPreferences['digest'], 'off'>, number> = {
  '6h': 6 * HOUR,
  daily: DAY,
};
/** Students handled per run; the next run takes the rest. */
export const DIGEST_BATCH = 200;

export type DigestCandidate = {
  userId: string;
  email: string;
  digest: Exclude<NotificationPreferences['digest'], 'off'>;
  lastActiveAt: Date | null;
  lastDigestAt: Date | null;
};

/** What the digest tells: unread, live message and match items since the last digest. */
export type DigestItem = { kind: 'message' | 'match'; actorName: string | null; count: number };

export interface DigestRepository {
  /** The student used the app now (the bell loads on every signed-in screen). */
  touch(userId: string, at: Date): Promise<void>;
  /** Students with unread live messages or matches newer than their last digest, digest not off, active accounts. */
  candidates(limit: number): Promise<DigestCandidate[]>;
  /**
   * Takes the student's digest for `at` unless one was sent after `notBefore`: atomic on both
   * engines, so processes running the job at once never send two (N104). True when this caller won.
   */
  claim(userId: string, at: Date, notBefore: Date): Promise<boolean>;
  /** The unread live message and match items created after `since`. */
  unreadSince(userId: string, since: Date | null): Promise<DigestItem[]>;
}

/** Signed links for the digest's one-click unsubscribe (no session: the link is the proof). */
export interface UnsubscribeLinks {
  url(userId: string): string;
  verify(token: string): string | null;
}

export type DigestDeps = {
  clock: { now(): Date };
  digests: DigestRepository;
  mailer: Mailer;
  links: UnsubscribeLinks;
  appUrl: string;
  log(line: string): void;
};

/**
 * The digest's one-click unsubscribe (RFC 8058, N104): the signed token names the student, whose
 * digest goes off (nothing else changes). Null for a token that does not verify.
 */
export async function unsubscribeFromDigest(
  deps: { links: UnsubscribeLinks; preferences: NotificationPreferenceRepository; clock: { now(): Date } },
  token: string,
): Promise<string | null> {
  const userId = deps.links.verify(token);
  if (!userId) return null;
  const current = await deps.preferences.get(userId);
  if (current.digest !== 'off') await deps.preferences.save(userId, { ...current, digest: 'off' }, deps.clock.now());
  return userId;
}

/** Whether the candidate is due now: away long enough and no digest in the last 24 hours. */
export function isDue(c: DigestCandidate, now: Date): boolean {
  const away = !c.lastActiveAt || now.getTime() - c.lastActiveAt.getTime() >= AWAY_MS[c.digest];
  const rested = !c.lastDigestAt || now.getTime() - c.lastDigestAt.getTime() >= DIGEST_EVERY_MS;
  return away && rested;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function digestMail(to: string, items: DigestItem[], appUrl: string, unsubscribeUrl: string): OutgoingMail {
  const messages = items.filter((i) => i.kind === 'message');
  const matches = items.filter((i) => i.kind === 'match');
  const messageCount = messages.reduce((n, i) => n + i.count, 0);
  const lines: string[] = [];
  if (messageCount > 0) {
    const who = [...new Set(messages.map((m) => m.actorName ?? 'a match'))];
    lines.push(`- ${plural(messageCount, 'new message', 'new messages')} from ${who.join(', ')}`);
  }
  if (matches.length > 0) {
    const who = matches.map((m) => m.actorName ?? 'someone');
    lines.push(`- ${plural(matches.length, 'new match', 'new matches')}: ${who.join(', ')}`);
  }
  const subject =
    messageCount > 0
      ? `You have ${plural(messageCount, 'unread message', 'unread messages')} on Nestmate`
      : `You have ${plural(matches.length, 'new match', 'new matches')} on Nestmate`;
  return {
    to,
    subject,
    text: [
      'While you were away:',
      '',
      ...lines,
      '',
      `Open Nestmate: ${appUrl}/?tab=matches`,
      '',
      'A quick reply makes a meeting far likelier. We send at most one of these a day.',
      `Change how often in Settings: ${appUrl}/settings`,
      `Unsubscribe from these e-mails: ${unsubscribeUrl}`,
    ].join('\n'),
    // RFC 8058: mail clients offer "Unsubscribe" and POST to the URL without opening it.
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** One run of the job: every due student gets one digest; safe when several processes run it. */
export async function runDigests(deps: DigestDeps): Promise<{ sent: number }> {
  const now = deps.clock.now();
  let sent = 0;
  for (const c of await deps.digests.candidates(DIGEST_BATCH)) {
    if (!isDue(c, now)) continue;
    const items = await deps.digests.unreadSince(c.userId, c.lastDigestAt);
    if (items.length === 0) continue;
    if (!(await deps.digests.claim(c.userId, now, new Date(now.getTime() - DIGEST_EVERY_MS)))) continue;
    try {
      await deps.mailer.send(digestMail(c.email, items, deps.appUrl, deps.links.url(c.userId)));
      sent++;
    } catch (e) {
      // Claimed and not sent: tomorrow's run tries again rather than risk a second one today.
      deps.log(`[digest] sending to ${c.userId} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return { sent };
}

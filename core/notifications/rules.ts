/** Pure rules of the notification centre (issue 19): text, links, quiet hours, preferences. */
import type { NotificationDto, NotificationKind, NotificationPreferences, StoredNotification } from './model';

export const NOTIFICATION_PAGE = { default: 20, max: 50 } as const;

const SOMEONE = 'Someone';

/**
 * Title and body, never message text: a push or the bell says who and what, and the chat shows
 * the words (issue 19: "New message from {name}" by default). A free user's like never names the
 * liker (D15).
 */
export function present(n: StoredNotification, viewerIsGold: boolean): NotificationDto {
  const hideActor = n.kind === 'like' && !viewerIsGold;
  const name = hideActor ? null : n.actorName;
  const who = name ?? SOMEONE;
  const group = n.detail ?? 'your group';
  const text: Record<NotificationKind, [string, string]> = {
    match: ["It's a match!", `You and ${who} liked each other. Say hello.`],
    message: [`New message from ${who}`, n.count > 1 ? `${n.count} new messages` : 'Open the chat to read it.'],
    like: hideActor
      ? ['Someone liked you', 'Upgrade to Gold to see who.']
      : [`${who} liked you`, 'Like them back to match.'],
    'group.joined': [`${who} joined ${group}`, 'Your group has a new member.'],
    'group.left': [`${who} left ${group}`, 'Your group has one member fewer.'],
    'group.code': [`New invite code for ${group}`, 'An admin made a new invite code.'],
    'verification.approved': ['You are photo verified', 'Your badge now shows on your profile.'],
    'verification.rejected': ['Photo verification not approved', 'See why and try again.'],
    'moderation.released': ['Your message was delivered', `A moderator approved your message to ${who}.`],
    'subscription.renewed': ['Gold renewed', 'Thanks for staying with Gold.'],
    'subscription.ending': ['Gold ends in 3 days', 'Renew to keep your Gold features.'],
    'subscription.payment_failed': ['Payment failed', 'Update your payment details to keep Gold.'],
  };
  const [title, body] = text[n.kind];
  return {
    id: n.id,
    kind: n.kind,
    title,
    body,
    link: linkOf(n),
    createdAt: n.createdAt.toISOString(),
    read: n.readAt !== null,
    actor: name && n.actorId ? { id: n.actorId, name } : null,
  };
}

/** Where the item leads in the web app. */
export function linkOf(n: Pick<StoredNotification, 'kind' | 'subjectId'>): string {
  switch (n.kind) {
    case 'match':
    case 'message':
    case 'moderation.released':
      return n.subjectId ? `/?tab=matches&conversation=${encodeURIComponent(n.subjectId)}` : '/?tab=matches';
    case 'like':
      return '/?tab=liked-you';
    case 'group.joined':
    case 'group.left':
    case 'group.code':
      return '/?tab=discover';
    case 'verification.approved':
    case 'verification.rejected':
      return '/?tab=profile';
    default:
      return '/manage-subscription';
  }
}

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one, and
 * every notification with push on asks for the recipient's local time (issue 18). Only valid zones
 * are kept, so the map is bounded by the IANA list.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local time of day in minutes, in `timeZone` (an unknown zone reads as UTC). */
export function localMinutes(at: Date, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatterFor(timeZone).formatToParts(at);
  } catch {
    return at.getUTCHours() * 60 + at.getUTCMinutes();
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (get('hour') % 24) * 60 + get('minute');
}

/** Whether `at` falls in the student's quiet hours (default 23:00–08:00 local, across midnight). */
export function inQuietHours(prefs: Pick<NotificationPreferences, 'quietStart' | 'quietEnd' | 'timeZone'>, at: Date) {
  const { quietStart: start, quietEnd: end } = prefs;
  if (start === end) return false;
  const now = localMinutes(at, prefs.timeZone);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** Opaque page cursor: the last item's time and id. */
export const encodeCursor = (n: { createdAt: Date; id: string }) => `${n.createdAt.getTime()}_${n.id}`;

export function decodeCursor(cursor: string): { at: number; id: string } | null {
  const m = /^(\d{1,15})_([\w-]{1,100})$/.exec(cursor);
  return m ? { at: Number(m[1]), id: m[2] as string } : null;
}

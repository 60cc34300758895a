/** The notification centre's API of api/routes/notifications (issue 19), backed by the in-memory db. */
import { HttpResponse, http } from 'msw';
import { DEFAULT_PREFERENCES, type NotificationKind } from '../../../core/notifications/model';
import { db } from './db';

const signedIn = () => db.session.getAll().length > 0;
const unauthenticated = () =>
  HttpResponse.json(
    {
      type: 'https://nestmate.app/problems/auth.unauthenticated',
      title: 'Unauthorized',
      status: 401,
      detail: 'User not authenticated',
      code: 'AUTH.UNAUTHENTICATED',
    },
    { status: 401, headers: { 'Content-Type': 'application/problem+json' } },
  );

const all = () =>
  db.notification
    .getAll()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((n) => ({ ...n, kind: n.kind as NotificationKind, actor: null }));
const unread = () => all().filter((n) => !n.read).length;

export function seedNotification(n: {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  read?: boolean;
}) {
  return db.notification.create({ read: false, createdAt: new Date().toISOString(), ...n });
}

let preferences = structuredClone(DEFAULT_PREFERENCES);

/** What the last save stored, and a fresh start for a test that changes it. */
export const savedNotificationPreferences = () => preferences;
export const resetNotificationPreferences = () => {
  preferences = structuredClone(DEFAULT_PREFERENCES);
};

export const notificationsHandlers = [
  http.get('/api/notifications', () =>
    signedIn() ? HttpResponse.json({ items: all(), nextCursor: null, unread: unread() }) : unauthenticated(),
  ),
  http.get('/api/notifications/unread-count', () =>
    signedIn() ? HttpResponse.json({ unread: unread() }) : unauthenticated(),
  ),
  http.post('/api/notifications/read', async ({ request }) => {
    if (!signedIn()) return unauthenticated();
    const { ids } = (await request.json()) as { ids: string[] };
    for (const id of ids) db.notification.update({ where: { id: { equals: id } }, data: { read: true } });
    return HttpResponse.json({ unread: unread() });
  }),
  http.post('/api/notifications/read-all', () => {
    if (!signedIn()) return unauthenticated();
    db.notification.updateMany({ where: { read: { equals: false } }, data: { read: true } });
    return HttpResponse.json({ unread: 0 });
  }),
  http.get('/api/notifications/preferences', () =>
    signedIn() ? HttpResponse.json({ preferences, vapidPublicKey: null }) : unauthenticated(),
  ),
  http.put('/api/notifications/preferences', async ({ request }) => {
    if (!signedIn()) return unauthenticated();
    preferences = (await request.json()) as typeof preferences;
    return HttpResponse.json({ preferences, vapidPublicKey: null });
  }),
];

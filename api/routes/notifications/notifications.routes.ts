/** Contracts of the notification centre, its settings and web push subscriptions (issue 19). */
import { createRoute, z } from '@hono/zod-openapi';
import { NOTIFICATION_KINDS, PUSH_CATEGORIES } from '../../../core/notifications/model';
import { NOTIFICATION_PAGE } from '../../../core/notifications/rules';
import { jsonBody, jsonResponse, problems, SESSION_SECURITY } from '../../openapi';

const tags = ['Notifications'];

export const NotificationSchema = z
  .object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string().openapi({ example: 'New message from Maya' }),
    body: z.string(),
    link: z.string().openapi({ example: '/?tab=matches&conversation=abc' }),
    createdAt: z.string(),
    read: z.boolean(),
    actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  })
  .openapi('Notification');

const Unread = z.object({ unread: z.number().int() }).openapi('NotificationUnread');

const Page = z
  .object({ items: z.array(NotificationSchema), nextCursor: z.string().nullable(), unread: z.number().int() })
  .openapi('NotificationPage');

const Preferences = z
  .strictObject({
    push: z.strictObject(
      Object.fromEntries(PUSH_CATEGORIES.map((c) => [c, z.boolean()])) as Record<
        (typeof PUSH_CATEGORIES)[number],
        z.ZodBoolean
      >,
    ),
    quietStart: z
      .number()
      .int()
      .openapi({ description: 'Minutes after local midnight (quarter hours)', example: 1380 }),
    quietEnd: z.number().int().openapi({ example: 480 }),
    timeZone: z.string().max(64).openapi({ example: 'America/Los_Angeles' }),
    digest: z.enum(['off', '6h', 'daily']),
  })
  .openapi('NotificationPreferences');

const PreferencesView = z
  .object({
    preferences: Preferences,
    /** The VAPID public key to subscribe with; null when this server sends no push. */
    vapidPublicKey: z.string().nullable(),
  })
  .openapi('NotificationSettings');

export const listNotificationsRoute = createRoute({
  method: 'get',
  path: '/api/notifications',
  tags,
  summary: 'Your notifications, newest first (live ones only), a page at a time',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: {
    query: z.object({
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE.max).optional(),
    }),
  },
  responses: { 200: jsonResponse(Page, 'A page'), ...problems([400, 401]) },
});

export const unreadCountRoute = createRoute({
  method: 'get',
  path: '/api/notifications/unread-count',
  tags,
  summary: "The bell's number",
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: { 200: jsonResponse(Unread, 'Unread notifications'), ...problems([401]) },
});

export const markReadRoute = createRoute({
  method: 'post',
  path: '/api/notifications/read',
  tags,
  summary: 'Mark these notifications read (ids that are not yours are ignored)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: { body: jsonBody(z.strictObject({ ids: z.array(z.string().max(100)).min(1).max(100) })) },
  responses: { 200: jsonResponse(Unread, 'Unread left'), ...problems([401], { body: true, mutating: true }) },
});

export const markAllReadRoute = createRoute({
  method: 'post',
  path: '/api/notifications/read-all',
  tags,
  summary: 'Mark every notification read',
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: { 200: jsonResponse(Unread, 'Unread left (0)'), ...problems([401], { mutating: true }) },
});

export const getPreferencesRoute = createRoute({
  method: 'get',
  path: '/api/notifications/preferences',
  tags,
  summary: 'Push switches, quiet hours, digest setting, and the key to subscribe with',
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: { 200: jsonResponse(PreferencesView, 'Your settings'), ...problems([401]) },
});

export const putPreferencesRoute = createRoute({
  method: 'put',
  path: '/api/notifications/preferences',
  tags,
  summary: 'Save push switches, quiet hours (default 23:00–08:00 in your time zone) and the digest setting',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: { body: jsonBody(Preferences) },
  responses: {
    200: jsonResponse(PreferencesView, 'Saved'),
    ...problems([401, 429], { body: true, mutating: true }),
  },
});

// Loose caps that only bound the work; core checks the key sizes (RFC 8291: P-256 point, 16-byte secret).
const PushKeys = z.strictObject({
  p256dh: z
    .string()
    .max(200)
    .openapi({ example: 'BMAMe1ogWjdWdvShYNhTYQ_EdaHiPpACO8Ans_d5XCM4j9bGhbFBUy4ty20WlhKg5SHapJ-WWesEnhUFGZ2WP9k' }),
  auth: z.string().max(100).openapi({ example: 'Jx9mjvTE1VnM5uPxpU20ww' }),
});
const Endpoint = z.url().max(1000).openapi({ example: 'https://fcm.googleapis.com/fcm/send/c1Kq9' });

export const subscribePushRoute = createRoute({
  method: 'post',
  path: '/api/notifications/push-subscriptions',
  tags,
  summary: "Register this browser's PushManager subscription",
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: {
    body: jsonBody(
      z.strictObject({
        endpoint: Endpoint,
        expirationTime: z.number().nullable().optional(),
        keys: PushKeys,
      }),
    ),
  },
  responses: {
    201: jsonResponse(z.object({ subscribed: z.literal(true) }), 'Subscribed'),
    ...problems([401, 409, 429], { body: true, mutating: true }),
  },
});

export const unsubscribePushRoute = createRoute({
  method: 'post',
  path: '/api/notifications/push-subscriptions/remove',
  tags,
  summary: "Forget this browser's subscription (after PushSubscription.unsubscribe)",
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: { body: jsonBody(z.strictObject({ endpoint: Endpoint })) },
  responses: {
    200: jsonResponse(z.object({ removed: z.literal(true) }), 'Removed'),
    ...problems([401, 429], { body: true, mutating: true }),
  },
});

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';
const UnsubscribeQuery = z.object({
  token: z.string().max(300).openapi({ example: 'dXNlci0x.c2lnbmF0dXJl' }),
});
const Unsubscribed = z.object({ unsubscribed: z.literal(true) }).openapi('DigestUnsubscribed');

export const unsubscribePageRoute = createRoute({
  method: 'get',
  path: UNSUBSCRIBE_PATH,
  tags,
  summary: "The digest e-mail's unsubscribe link opened in a browser: a page with one button (no session)",
  'x-access': 'anonymous',
  request: { query: UnsubscribeQuery },
  responses: {
    200: { description: 'The confirmation page', content: { 'text/html': { schema: z.string() } } },
    ...problems([400, 404]),
  },
});

export const unsubscribeRoute = createRoute({
  method: 'post',
  path: UNSUBSCRIBE_PATH,
  tags,
  summary:
    'One-click unsubscribe from the digest (RFC 8058: `List-Unsubscribe=One-Click` form body, or none); the signed token is the only proof',
  'x-access': 'anonymous',
  request: { query: UnsubscribeQuery },
  responses: {
    200: {
      description: 'The digest is off (a page for a browser form, JSON otherwise)',
      content: { 'application/json': { schema: Unsubscribed }, 'text/html': { schema: z.string() } },
    },
    ...problems([400, 404, 429], { mutating: true }),
  },
});

import { OpenAPIHono } from '@hono/zod-openapi';
import { type UnsubscribeLinks, unsubscribeFromDigest } from '../../../core/notifications/digest';
import {
  listNotifications,
  markNotificationsRead,
  savePreferences,
  subscribePush,
} from '../../../core/notifications/notifications';
import type { NotificationDeps } from '../../../core/notifications/ports';
import { DomainError } from '../../../core/shared/errors';
import { ipKey, WRITE_LIMITS } from '../../../core/shared/rate-limit';
import type { AppEnv } from '../../context';
import { DomainFailure, unwrap } from '../../errors';
import { type LimitDeps, spendOrRefuse, spendPerActor } from '../../middleware/rate-limit';
import { requireUser } from '../../middleware/session';
import { validationHook } from '../../validation';
import * as routes from './notifications.routes';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} — Nestmate</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

export function notificationsRouter(
  deps: NotificationDeps & LimitDeps & { links: UnsubscribeLinks; touch(userId: string): Promise<void> },
) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const spend = (c: Parameters<typeof spendPerActor>[1]) => () =>
    spendPerActor(
      deps,
      c,
      'notification-settings',
      WRITE_LIMITS.notificationWritesPerUser,
      WRITE_LIMITS.notificationWritesPerIp,
    );
  const settings = async (userId: string) => ({
    preferences: await deps.preferences.get(userId),
    vapidPublicKey: deps.push.enabled ? deps.push.publicKey : null,
  });

  app.openapi(routes.listNotificationsRoute, async (c) => {
    const user = requireUser(c);
    const page = unwrap(await listNotifications(deps, user.id, c.req.valid('query')));
    return c.json({ ...page, unread: await deps.notifications.unreadCount(user.id) }, 200);
  });

  app.openapi(routes.unreadCountRoute, async (c) => {
    const user = requireUser(c);
    // The bell loads on every signed-in screen: the digest's "not active for 6 hours" (N104).
    await deps.touch(user.id);
    return c.json({ unread: await deps.notifications.unreadCount(user.id) }, 200);
  });

  app.openapi(routes.markReadRoute, async (c) => {
    const user = requireUser(c);
    return c.json(await markNotificationsRead(deps, user.id, c.req.valid('json').ids), 200);
  });

  app.openapi(routes.markAllReadRoute, async (c) => {
    const user = requireUser(c);
    return c.json(await markNotificationsRead(deps, user.id, null), 200);
  });

  app.openapi(routes.getPreferencesRoute, async (c) => {
    const user = requireUser(c);
    return c.json(await settings(user.id), 200);
  });

  app.openapi(routes.putPreferencesRoute, async (c) => {
    const user = requireUser(c);
    unwrap(await savePreferences(deps, user.id, c.req.valid('json'), spend(c)));
    return c.json(await settings(user.id), 200);
  });

  app.openapi(routes.subscribePushRoute, async (c) => {
    const user = requireUser(c);
    const { endpoint, keys } = c.req.valid('json');
    return c.json(unwrap(await subscribePush(deps, user.id, { endpoint, ...keys }, spend(c))), 201);
  });

  app.openapi(routes.unsubscribePushRoute, async (c) => {
    const user = requireUser(c);
    await spend(c)();
    await deps.pushSubscriptions.remove(user.id, c.req.valid('json').endpoint);
    return c.json({ removed: true as const }, 200);
  });

  // The digest's unsubscribe link (N104): no session, the signed token is the proof.
  const invalidLink = () => new DomainFailure(new DomainError('HTTP.NOT_FOUND', 'This unsubscribe link is not valid.'));

  app.openapi(routes.unsubscribePageRoute, async (c) => {
    const { token } = c.req.valid('query');
    if (!deps.links.verify(token)) throw invalidLink();
    const action = `${routes.UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
    return c.html(
      page(
        'Unsubscribe from digest e-mails',
        `<p>Stop the e-mails that sum up unread messages and new matches while you are away.</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form><p><a href="/settings">Notification settings</a></p>`,
      ),
      200,
    );
  });

  app.openapi(routes.unsubscribeRoute, async (c) => {
    const { token } = c.req.valid('query');
    await spendOrRefuse(deps, c, [[`digest-unsubscribe:ip:${ipKey(c.get('ip'))}`, WRITE_LIMITS.anonymousPerIp]]);
    if (!(await unsubscribeFromDigest(deps, token))) throw invalidLink();
    if ((c.req.header('accept') ?? '').includes('text/html'))
      return c.html(
        page(
          'You are unsubscribed',
          '<p>No more digest e-mails.</p><p><a href="/settings">Notification settings</a></p>',
        ),
        200,
      );
    return c.json({ unsubscribed: true as const }, 200);
  });

  return app;
}

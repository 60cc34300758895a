/**
 * The notification journey in a real browser (issue 19). Maya and Jordan match; Maya (phone) has
 * granted notifications (context.grantPermissions) and her browser is subscribed against the
 * server's local push endpoint (Chromium cannot reach a real push service here, N102). Jordan
 * sends a message: Maya's bell goes from 1 to 2 live over the WebSocket; the server's encrypted
 * push is in the local push twin (/dev/push), the test decrypts it with the subscription's keys
 * as the browser would, and delivers it to Maya's service worker as a real push event (CDP
 * ServiceWorker.deliverPushMessage); the worker shows "New message from Jordan". Maya opens the
 * bell, follows the item to the chat, and the bell clears. Screens at 390x844 and 1280x800.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserSubscription } from '../support/push';
import {
  browserMissing,
  DESKTOP,
  expectAccessible,
  isHydrated,
  launchBrowser,
  PHONE,
  shootBoth,
} from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { MAYA as A, JORDAN as B, completeStudent, type Student, signedInUserId, student } from './support/students';

type RecordedPush = { endpoint: string; headers: Record<string, string>; body: string };

describe.skipIf(browserMissing)('notifications journey (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openAs(s: Student, viewport = PHONE): Promise<{ context: BrowserContext; page: Page; id: string }> {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    await completeStudent(context.request, server.url, s);
    const id = await signedInUserId(context.request, server.url);
    const page = await context.newPage();
    return { context, page, id };
  }

  const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

  it('updates the bell live, shows the pushed message from the service worker, and leads to the chat', async () => {
    const a = await openAs(A);
    const b = await openAs(B, DESKTOP);
    await a.context.grantPermissions(['notifications'], { origin: server.url });

    // Maya likes first; Jordan's like makes the match, so Maya is the one told.
    for (const [x, target] of [
      [a, b.id],
      [b, a.id],
    ] as const) {
      const swipe = await x.context.request.post(`${server.url}/api/swipes`, {
        data: { targetUserId: target, action: 'like' },
      });
      expect(swipe.status(), await swipe.text()).toBeLessThan(300);
    }
    const conversationId = [a.id, b.id].sort().join('_');

    // Maya's browser subscribes against the local push endpoint (the keys are the test's).
    const subscription = browserSubscription(`${server.url}/dev/push/maya-phone`);
    const subscribed = await a.context.request.post(`${server.url}/api/notifications/push-subscriptions`, {
      data: { endpoint: subscription.endpoint, keys: subscription.keys },
    });
    expect(subscribed.status(), await subscribed.text()).toBe(201);
    // The server runs on the real clock: without quiet hours (23:00–08:00 New York by default), the
    // push goes out whatever the hour the suite runs at.
    const settings = `${server.url}/api/notifications/preferences`;
    const { preferences } = await (await a.context.request.get(settings)).json();
    const awake = await a.context.request.put(settings, { data: { ...preferences, quietStart: 0, quietEnd: 0 } });
    expect(awake.status(), await awake.text()).toBe(200);

    await a.page.goto(`${server.url}/?tab=discover`);
    const accept = a.page.getByRole('button', { name: 'Accept All' });
    if (await accept.isVisible().catch(() => false)) await accept.click();
    await bell(a.page)
      .and(a.page.getByRole('button', { name: 'Notifications, 1 unread' }))
      .waitFor();
    const worker = await a.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(worker).toBe(`${server.url}/sw.js`);
    await shootBoth(a.page, 'notifications-bell', { viewport: PHONE });

    // Jordan writes; Maya's bell counts it without a reload.
    const sent = await b.context.request.post(`${server.url}/api/conversations/${conversationId}/messages`, {
      data: { content: 'Hi Maya! Want to see the place on Gayley this weekend?' },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    await a.page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();

    // The server's push reached the local endpoint, encrypted for Maya's browser only.
    const pushes = (await (await fetch(`${server.url}/dev/push`)).json()) as RecordedPush[];
    const push = pushes.find((p) => p.endpoint === subscription.endpoint);
    expect(push?.headers['Content-Encoding']).toBe('aes128gcm');
    const plaintext = subscription.decrypt(Buffer.from(push?.body ?? '', 'base64url'));
    expect(JSON.parse(plaintext)).toMatchObject({ title: `New message from ${B.name}`, kind: 'message' });
    expect(plaintext).not.toContain('Gayley');

    // Delivered to the service worker as a push event, it shows the notification.
    const cdp = await a.context.newCDPSession(a.page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.length).toBeGreaterThan(0);
    const registration = registrations.find((r) => r.scopeURL === `${server.url}/`);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: registration?.registrationId ?? '',
      data: plaintext,
    });
    await expect
      .poll(() =>
        a.page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body, n.tag]),
        ),
      )
      .toEqual([[`New message from ${B.name}`, 'Open the chat to read it.', `chat-${conversationId}`]]);

    // The bell's panel lists both; the message leads to the chat, which reads it.
    await bell(a.page).click();
    const panel = a.page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('button', { name: new RegExp(`New message from ${B.name}`) }).waitFor();
    await panel.getByRole('button', { name: /It's a match!/ }).waitFor();
    await expectAccessible(a.page, 'notification panel');
    await shootBoth(a.page, 'notifications-panel', { viewport: PHONE });
    await panel.getByRole('button', { name: new RegExp(`New message from ${B.name}`) }).click();
    await a.page.getByRole('log').getByText('Want to see the place on Gayley').waitFor();
    // Reading the chat reads its message and match items: the bell clears.
    await a.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    // On a desktop, the same bell for Jordan, with nothing to tell.
    await b.page.goto(`${server.url}/?tab=matches`);
    const acceptB = b.page.getByRole('button', { name: 'Accept All' });
    if (await acceptB.isVisible().catch(() => false)) await acceptB.click();
    await bell(b.page).click();
    await b.page.getByRole('dialog', { name: 'Notifications' }).getByText('No notifications yet').waitFor();
    await shootBoth(b.page, 'notifications-empty', { viewport: DESKTOP });

    // Installable app (N103): the manifest is linked, and a reload without a network shows the
    // service worker's offline page instead of the browser's error.
    const manifest = await a.page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href;
      return href ? ((await (await fetch(href)).json()) as { display: string; icons: { sizes: string }[] }) : null;
    });
    expect(manifest?.display).toBe('standalone');
    expect(manifest?.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    // Chromium's own installability check, the one Lighthouse's installable-manifest audit read.
    const install = await a.context.newCDPSession(a.page);
    const { installabilityErrors } = (await install.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito-like, which Chromium reports on its own; nothing else may fail.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    await install.detach();
    await a.context.setOffline(true);
    await a.page.reload();
    await a.page.getByRole('heading', { name: "You're offline" }).waitFor();
    await expectAccessible(a.page, 'offline page');
    await shootBoth(a.page, 'notifications-offline', { viewport: PHONE });
    await a.context.setOffline(false);
  });

  it("holds a tap on the bell made before the page's JavaScript ran and opens the panel once hydrated (N253)", async () => {
    // No service worker: it would answer the second page's scripts from its cache, past page.route.
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce', serviceWorkers: 'block' });
    await completeStudent(context.request, server.url, student('riley.park@ucla.edu', 'Riley Park'));
    const page = await context.newPage();
    for (const path of ['/?tab=discover', '/?tab=matches']) {
      // The page's scripts wait until the tap is made: the server's markup is on screen, not yet hydrated.
      let release = () => {};
      const gate = new Promise<void>((done) => {
        release = done;
      });
      const scripts = '**/assets/*.js';
      await page.route(scripts, async (route) => {
        await gate;
        await route.continue();
      });
      await page.goto(`${server.url}${path}`);
      const tapped = bell(page);
      expect(await isHydrated(tapped), path).toBe(false);
      await tapped.click();
      release();
      await page.getByRole('dialog', { name: 'Notifications' }).waitFor({ timeout: 15_000 });
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Notifications' }).waitFor({ state: 'hidden' });
      await page.unroute(scripts);
    }
    await context.close();
  });
});

/**
 * Photo verification in a real browser (issue 16 §2): a student opens the trust card on the own
 * profile, takes a live selfie with Chromium's fake camera in the pose the server drew, and sends
 * it; an admin (granted with the CLI) sees it beside the pose and the profile photos and approves;
 * the student's card then says "Photo verified", and another student sees the badge on the deck card
 * and, once matched, in the chat. Screenshots of each new screen at phone and desktop.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { browserMissing, DESKTOP, expectAccessible, launchBrowser, PHONE, shootBoth } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { completeStudent, JORDAN, MAYA, signedInUserId, signUp } from './support/students';

const ROOT = resolve(import.meta.dirname, '../..');
const ADMIN_EMAIL = 'verify.admin@ucla.edu';

describe.skipIf(browserMissing)('photo verification journey (Chromium, fake camera)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ fakeMedia: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shoot = (page: Page, name: string, viewport = PHONE, fullPage = false) =>
    shootBoth(page, `verification-${name}`, { viewport, fullPage });

  /** The trust card in view at both widths (it sits below the profile header, out of the first screen). */
  async function shootCard(page: Page, name: string) {
    for (const [label, size] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(size);
      await page.getByRole('heading', { name: 'Trust & verification' }).evaluate((h) => {
        h.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -96);
      });
      await page.waitForTimeout(150);
      await page.screenshot({ path: `test-results/verification-${name}-${label}.png` });
    }
    await page.setViewportSize(PHONE);
  }

  async function dismissCookies(page: Page) {
    const accept = page.getByRole('button', { name: 'Accept All' });
    if (await accept.isVisible().catch(() => false)) await accept.click();
  }

  it('verifies a student with the camera and an admin’s approval', async () => {
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    await context.grantPermissions(['camera'], { origin: server.url });
    await completeStudent(context.request, server.url, MAYA);
    const page = await context.newPage();
    await page.goto(`${server.url}/?tab=profile`);
    await dismissCookies(page);

    await page.getByRole('heading', { name: 'Trust & verification' }).waitFor();
    await page.getByText('E-mail confirmed').waitFor();
    await page.getByText('Photo not verified').waitFor();
    await page.getByText('Next step: get the "Photo verified" badge (3 tries left today).').waitFor();
    await expectAccessible(page, 'trust card');
    await shootCard(page, 'trust-card');

    await page.getByRole('button', { name: 'Get verified' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get verified' });
    await dialog.getByText('Copy this pose').waitFor();
    const pose = (await dialog.getByTestId('pose').textContent())?.trim() ?? '';
    expect(pose.length).toBeGreaterThan(10);
    // The fake camera is live: the video has frames.
    await page.waitForFunction(() => {
      const v = document.querySelector('video');
      return !!v && v.videoWidth > 0 && v.readyState >= 2;
    });
    await expectAccessible(page, 'selfie camera');
    await shoot(page, 'camera');
    await dialog.getByRole('button', { name: 'Take selfie' }).click();
    await dialog.getByRole('img', { name: 'Your selfie' }).waitFor();
    await shoot(page, 'captured');
    await dialog.getByRole('button', { name: 'Send for review' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Photo: selfie under review').waitFor();
    await page.getByText('Selfie sent').waitFor();
    await shootCard(page, 'pending');

    // The admin: granted with the CLI (D27), reviewing in the dashboard's new tab.
    const adminContext = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    await signUp(adminContext.request, server.url, ADMIN_EMAIL);
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', '--database', `file:${server.dir}/nestmate.db`, 'admin', 'grant', ADMIN_EMAIL],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const admin = await adminContext.newPage();
    await admin.goto(`${server.url}/admin`);
    await dismissCookies(admin);
    await admin.getByRole('tab', { name: 'Photo Verification' }).click();
    const item = admin.getByRole('article', { name: `Selfie from ${MAYA.name}` });
    await item.getByText(pose).waitFor();
    const selfie = item.getByRole('img', { name: `Verification selfie of ${MAYA.name}` });
    await selfie.waitFor();
    await admin.waitForFunction((alt) => {
      const img = document.querySelector(`img[alt="${alt}"]`) as HTMLImageElement | null;
      return !!img && img.complete && img.naturalWidth > 0;
    }, `Verification selfie of ${MAYA.name}`);
    // The selfie is for admins only: the student's own session cannot load it.
    const src = (await selfie.getAttribute('src')) ?? '';
    expect((await context.request.get(`${server.url}${src}`)).status()).toBe(403);
    await expectAccessible(admin, 'Photo Verification tab');
    await shoot(admin, 'admin-queue', DESKTOP, true);
    await item.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('No selfies waiting for review.').waitFor();

    await page.reload();
    const trust = await context.request.get(`${server.url}/api/verification`);
    expect(((await trust.json()) as { trust: { photo: { state: string } } }).trust.photo.state).toBe('verified');
    await page.getByText('A moderator matched your selfie to your main photo.').waitFor();
    await shootCard(page, 'verified');

    // Others now see it (issue 16 §3): on Jordan's deck card, and to Jordan as a match in the chat.
    const jordanContext = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    await completeStudent(jordanContext.request, server.url, JORDAN);
    const jordan = await jordanContext.newPage();
    await jordan.goto(server.url);
    await dismissCookies(jordan);
    const card = jordan.getByRole('article').filter({ hasText: MAYA.name });
    await card.getByText('Photo verified', { exact: true }).waitFor();
    await shoot(jordan, 'badge-deck');
    const mayaId = await signedInUserId(context.request, server.url);
    const jordanId = await signedInUserId(jordanContext.request, server.url);
    for (const [request, target] of [
      [context.request, jordanId],
      [jordanContext.request, mayaId],
    ] as const) {
      const swipe = await request.post(`${server.url}/api/swipes`, { data: { targetUserId: target, action: 'like' } });
      expect(swipe.status(), await swipe.text()).toBeLessThan(300);
    }
    const started = await jordanContext.request.post(`${server.url}/api/conversations`, {
      data: { withUserId: mayaId },
    });
    const { id: conversationId } = (await started.json()) as { id: string };
    await jordan.goto(`${server.url}/?tab=matches&conversation=${conversationId}`);
    const header = jordan.locator('header').filter({ has: jordan.getByRole('heading', { name: MAYA.name }) });
    // Compact in the header: the label is for screen readers, the icon for the eye.
    await header.getByText('Photo verified', { exact: true }).waitFor({ state: 'attached' });
    // Verified: no "Ask to verify" offer.
    expect(await jordan.getByRole('button', { name: /to verify their photo/ }).count()).toBe(0);
    await shoot(jordan, 'badge-chat');
    await jordanContext.close();
    await adminContext.close();
    await context.close();
  });
});

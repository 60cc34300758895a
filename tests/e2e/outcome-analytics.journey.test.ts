/**
 * "Living together" on the admin dashboard (issue 21's outcome loop, N160) in a real browser: two
 * households accept their agreements, the server's clock moves a month on, everyone answers
 * "How's living together?", and an admin (granted with the CLI) reads the answers by compatibility
 * band and by factor on the Analytics tab. Nothing may be wider than a phone; screenshots go to
 * test-results/.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { browserMissing, DESKTOP, expectAccessible, launchBrowser, PHONE, shootBoth } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import {
  MAYA as A,
  JORDAN as B,
  CASEY as C,
  completeStudent,
  E2E_PASSWORD,
  type Student,
  signedInUserId,
  signUp,
  student,
} from './support/students';

const ROOT = resolve(import.meta.dirname, '../..');
const ADMIN_EMAIL = 'outcomes.admin@ucla.edu';
// Casey's opposite: a night owl who smokes and has guests over, on another budget.
const D: Student = {
  ...student('drew.park@ucla.edu', 'Drew Park'),
  preferences: { cleanliness: 1, noiseLevel: 5, sleepSchedule: 5, studyHabits: 1 },
  budget: [1500, 2200],
  morePreferences: { smokingTolerance: 'smoking_ok', guestPolicy: 5 },
};

describe.skipIf(browserMissing)('outcome analytics journey (Chromium)', () => {
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

  async function as(s: Student) {
    const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    await completeStudent(context.request, server.url, s);
    return { s, request: context.request, id: await signedInUserId(context.request, server.url) };
  }
  type Person = Awaited<ReturnType<typeof as>>;

  const ok = async (res: Promise<import('playwright-core').APIResponse>) => {
    const r = await res;
    expect(r.status(), await r.text()).toBeLessThan(300);
    return r;
  };

  async function household(x: Person, y: Person): Promise<string> {
    await ok(x.request.post(`${server.url}/api/swipes`, { data: { targetUserId: y.id, action: 'like' } }));
    const matched = await ok(
      y.request.post(`${server.url}/api/swipes`, { data: { targetUserId: x.id, action: 'like' } }),
    );
    const chat = ((await matched.json()) as { conversationId: string }).conversationId;
    const path = `${server.url}/api/conversations/${chat}/roommate-agreement`;
    await ok(x.request.post(path));
    await ok(x.request.post(`${path}/accept`, { data: { version: 1 } }));
    await ok(y.request.post(`${path}/accept`, { data: { version: 1 } }));
    return chat;
  }

  const signIn = (request: APIRequestContext, email: string) =>
    ok(
      request.post(`${server.url}/api/auth/sign-in`, {
        data: { email, password: E2E_PASSWORD },
        headers: { origin: server.url },
      }),
    );

  async function answer(p: Person, chat: string, rating: number, didNotMoveIn = false) {
    await ok(
      p.request.post(`${server.url}/api/conversations/${chat}/roommate-agreement/check-in`, {
        data: { checkpointDays: 30, rating, didNotMoveIn },
      }),
    );
  }

  async function noWiderThanScreen(page: Page, where: string) {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(100);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${where} is wider than ${size.width}px`).toBeLessThanOrEqual(0);
    }
  }

  it('shows the check-ins by compatibility band and by factor, empty until someone answers', async () => {
    const [a, b, c, d] = [await as(A), await as(B), await as(C), await as(D)];
    const close = await household(a, b);
    const apart = await household(c, d);

    const adminContext = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    await signUp(adminContext.request, server.url, ADMIN_EMAIL);
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', '--database', `file:${server.dir}/nestmate.db`, 'admin', 'grant', ADMIN_EMAIL],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const page = await adminContext.newPage();
    const openAnalytics = async () => {
      await page.goto(`${server.url}/admin`);
      const accept = page.getByRole('button', { name: 'Accept All' });
      if (await accept.isVisible().catch(() => false)) await accept.click();
      await page.getByRole('tab', { name: /Analytics/ }).click();
      return page.getByRole('region', { name: 'Living together' });
    };
    const empty = await openAnalytics();
    await empty.getByText(/No check-in answers yet/).waitFor();
    await shootBoth(page, 'admin-living-together-empty', { fullPage: true });

    // A month on, everyone is asked; Drew never moved in.
    await ok(a.request.post(`${server.url}/dev/clock`, { data: { advanceMs: 31 * 86_400_000 } }));
    for (const p of [a, b, c, d]) await signIn(p.request, p.s.email);
    await signIn(adminContext.request, ADMIN_EMAIL);
    await answer(a, close, 5);
    await answer(b, close, 4);
    await answer(c, apart, 2);
    await answer(d, apart, 1, true);

    const section = await openAnalytics();
    const bands = section.getByRole('table', { name: 'Check-ins by compatibility band' });
    await bands.waitFor();
    const row = (name: RegExp) => bands.getByRole('row', { name });
    expect(
      await row(/^80–100/)
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['2', '4.5', '0%']);
    expect(await row(/^0–59/).getByRole('cell').allTextContents()).toEqual(['2', '2.0', '50%']);
    const factors = section.getByRole('table', { name: /Mean rating by factor/ });
    expect(
      await factors
        .getByRole('row', { name: /^Smoking/ })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['4.5 (2)', '2.0 (1)']);
    await expectAccessible(page, 'Analytics tab with Living together');
    await noWiderThanScreen(page, 'Analytics tab');
    await shootBoth(page, 'admin-living-together', { fullPage: true });
    await page.setViewportSize(PHONE);
    await section.screenshot({ path: 'test-results/admin-living-together-section-phone.png' });
    await adminContext.close();
  });
});

/**
 * The admin journey in a real browser (issue 6; 001 §2, §4; D22, D27). Two UCLA students match
 * through the API; one sends the other a rental-scam message, which core's rules flag. An admin
 * (granted with the CLI) sees it in the moderation queue and removes it: it disappears from the
 * recipient's chat, over the API and in the UI. A student who is not an admin is refused at the UI
 * (toast + redirect to /) and at the API (403). axe checks every tab; screenshots go to test-results/.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserMissing, DESKTOP, expectAccessible, launchBrowser, PHONE, shootBoth } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { completeStudent, type Student, signedInUserId, signUp } from './support/students';

const ROOT = resolve(import.meta.dirname, '../..');
const SCAM = "I'm out of the country, please wire transfer the deposit before viewing";
const ADMIN_EMAIL = 'ops.lead@ucla.edu';

const A: Student = {
  email: 'casey.morgan@ucla.edu',
  name: 'Casey Morgan',
  major: 'Economics',
  gender: 'Male',
  colour: ['#8f2c15', '#ffa07d'],
  bio: 'Econ junior with a lease near Westwood and one room to fill.',
  answers: ['Coffee, then the library.', 'Quiet after 11pm.', 'Pickup basketball.'],
  preferences: { cleanliness: 4, noiseLevel: 2, sleepSchedule: 2, studyHabits: 4 },
  budget: [900, 1300],
};
const B: Student = {
  email: 'riley.nguyen@ucla.edu',
  name: 'Riley Nguyen',
  major: 'Biology',
  gender: 'Female',
  colour: ['#1b7a73', '#77cfc4'],
  bio: 'Pre-med, tidy, early riser. Looking for a room for fall.',
  answers: ['Farmers market and a run.', 'Lights out by 11.', 'Baking bread.'],
  preferences: { cleanliness: 5, noiseLevel: 2, sleepSchedule: 1, studyHabits: 5 },
  budget: [850, 1250],
};

describe.skipIf(browserMissing)('admin journey (Chromium)', () => {
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

  const shoot = (page: Page, name: string, viewport = DESKTOP) =>
    shootBoth(page, `admin-${name}`, { viewport, fullPage: true });

  async function openAs(s: Student, viewport = PHONE): Promise<{ context: BrowserContext; page: Page; id: string }> {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    await completeStudent(context.request, server.url, s);
    const id = await signedInUserId(context.request, server.url);
    return { context, page: await context.newPage(), id };
  }

  async function dismissCookies(page: Page) {
    const accept = page.getByRole('button', { name: 'Accept All' });
    if (await accept.isVisible().catch(() => false)) await accept.click();
  }

  it('removes a scam message from the queue and the chat; refuses a non-admin at the UI and the API', async () => {
    const a = await openAs(A, DESKTOP);
    const b = await openAs(B, DESKTOP);
    for (const [x, target] of [
      [a, b.id],
      [b, a.id],
    ] as const) {
      const swipe = await x.context.request.post(`${server.url}/api/swipes`, {
        data: { targetUserId: target, action: 'like' },
      });
      expect(swipe.status(), await swipe.text()).toBeLessThan(300);
    }

    // A opens a chat with B and sends the scam message; core's rules flag it (D22).
    const started = await a.context.request.post(`${server.url}/api/conversations`, { data: { withUserId: b.id } });
    expect(started.status(), await started.text()).toBeLessThan(300);
    const conversation = (await started.json()) as { id: string };
    const sent = await a.context.request.post(`${server.url}/api/conversations/${conversation.id}/messages`, {
      data: { content: SCAM },
    });
    expect(sent.status(), await sent.text()).toBeLessThan(300);
    await a.context.request.post(`${server.url}/api/conversations/${conversation.id}/messages`, {
      data: { content: 'The room is still free from September.' },
    });

    // B sees it in the chat for now (pending flags stay visible until reviewed).
    const recipientMessages = async () => {
      const res = await b.context.request.get(`${server.url}/api/conversations/${conversation.id}/messages`);
      expect(res.status()).toBe(200);
      return ((await res.json()) as { messages: { content: string }[] }).messages.map((m) => m.content);
    };
    expect(await recipientMessages()).toContain(SCAM);
    await b.page.goto(`${server.url}/?tab=matches`);
    await dismissCookies(b.page);
    await b.page.getByRole('link', { name: new RegExp(`^${A.name}`) }).click();
    const bLog = b.page.getByRole('log');
    await bLog.getByText('The room is still free from September.').waitFor();
    expect(await bLog.getByText(SCAM).count()).toBe(1);

    // A non-admin (B) is refused: 403 at the API, toast + redirect at the UI.
    const refused = await b.context.request.get(`${server.url}/api/admin/stats`);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('AUTH.FORBIDDEN');
    await b.page.goto(`${server.url}/admin`);
    await b.page.getByText("You don't have admin privileges.").waitFor();
    await b.page.getByText('Access Denied', { exact: true }).waitFor();
    await b.page.waitForURL(`${server.url}/`);
    await b.page.screenshot({ path: 'test-results/admin-denied-desktop.png' });

    // The admin: an account granted with the CLI (D27).
    const adminContext = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    await signUp(adminContext.request, server.url, ADMIN_EMAIL);
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', '--database', `file:${server.dir}/nestmate.db`, 'admin', 'grant', ADMIN_EMAIL],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(out).toContain('is now an admin');
    const stats = await adminContext.request.get(`${server.url}/api/admin/stats`);
    expect(stats.status()).toBe(200);
    expect(((await stats.json()) as { pendingFlags: number }).pendingFlags).toBeGreaterThanOrEqual(1);

    const page = await adminContext.newPage();
    await page.goto(`${server.url}/admin`);
    await dismissCookies(page);
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'User Reports' }).waitFor();
    await page.getByRole('heading', { name: 'Recent reports' }).waitFor();
    await expectAccessible(page, 'User Reports tab');
    await shoot(page, 'reports');

    // The scam message is in the moderation queue, pending by default.
    await page.getByRole('tab', { name: 'Content Moderation' }).click();
    const queue = page.getByRole('list', { name: 'Pending content flags' });
    const item = queue.getByRole('article').filter({ hasText: SCAM });
    await item.waitFor();
    await item.getByText('Auto-flagged').waitFor();
    await expectAccessible(page, 'Content Moderation tab');
    await shoot(page, 'moderation');

    await item.getByRole('button', { name: /Review/ }).click();
    const panel = page.getByRole('dialog', { name: 'Review flagged content' });
    await panel.getByLabel('Note (optional)').fill('Deposit-before-viewing scam; removing.');
    await expectAccessible(page, 'review panel');
    await shoot(page, 'review-panel');
    await panel.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Content has been removed.').waitFor();
    await page.getByText('Review Complete').waitFor();
    await item.waitFor({ state: 'detached' });

    // Removed: hidden from the recipient, over the API and in the chat.
    const after = await recipientMessages();
    expect(after).not.toContain(SCAM);
    expect(after).toContain('The room is still free from September.');
    await b.page.goto(`${server.url}/?tab=matches`);
    await b.page.getByRole('link', { name: new RegExp(`^${A.name}`) }).click();
    await bLog.getByText('The room is still free from September.').waitFor();
    expect(await bLog.getByText(SCAM).count()).toBe(0);

    // The removed filter shows it, with no review action left, only the author's history (issue 15).
    await page.getByLabel('Show').selectOption('removed');
    const removed = page.getByRole('list', { name: 'Removed content flags' }).getByRole('article').filter({
      hasText: SCAM,
    });
    await removed.waitFor();
    expect(await removed.getByRole('button').allInnerTexts()).toEqual([expect.stringMatching(/History/)]);

    await page.getByRole('tab', { name: 'User Management' }).click();
    await page.getByRole('searchbox', { name: 'Search users' }).fill('riley');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(B.email).waitFor();
    await expectAccessible(page, 'User Management tab');
    await shoot(page, 'users');

    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByRole('img', { name: /^Sign-ups/ }).waitFor();
    // The removal fed back: of one reviewed auto-flag, one upheld (issue 15).
    const precision = page.getByRole('table', { name: 'Auto-flag precision' });
    await precision
      .getByRole('row', { name: /All categories/ })
      .getByText('100% (1/1)')
      .last()
      .waitFor();
    await expectAccessible(page, 'Analytics tab');
    await shoot(page, 'analytics');

    for (const x of [a.context, b.context, adminContext]) await x.close();
  });
});

/**
 * The roommate agreement journey in two real browsers (issue 21): Maya and Jordan match; Maya
 * compares every factor with Jordan from their chat, then opens the agreement from it, starts it (pre-filled from both preferences), proposes a
 * room-size rent split; both accept; Jordan adds groceries to the ledger; Maya settles up. The
 * printed agreement is checked with the print stylesheet; screenshots at phone and desktop widths
 * go to test-results/.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserMissing, DESKTOP, expectAccessible, launchBrowser, PHONE, shootBoth } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import {
  MAYA as A,
  JORDAN as B,
  completeStudent,
  E2E_PASSWORD,
  type Student,
  signedInUserId,
} from './support/students';

describe.skipIf(browserMissing)('roommate agreement journey (Chromium)', () => {
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

  /** Full-page shots at both widths; at each, nothing may be wider than the screen (N58's rule). */
  async function shoot(page: Page, name: string, options: { viewport?: typeof PHONE } = {}) {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(100);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} is wider than ${size.width}px`).toBeLessThanOrEqual(0);
    }
    await shootBoth(page, `roommate-agreement-${name}`, { viewport: options.viewport ?? PHONE, fullPage: true });
  }

  async function openAs(s: Student, viewport = PHONE): Promise<{ context: BrowserContext; page: Page; id: string }> {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    await completeStudent(context.request, server.url, s);
    const id = await signedInUserId(context.request, server.url);
    const page = await context.newPage();
    return { context, page, id };
  }

  async function dismissCookies(page: Page) {
    const accept = page.getByRole('button', { name: 'Accept All' });
    if (await accept.isVisible().catch(() => false)) await accept.click();
  }

  it('two matched students draft an agreement, both accept, split a bill and settle up', async () => {
    const a = await openAs(A);
    const b = await openAs(B, DESKTOP);
    for (const [x, target] of [
      [a, b.id],
      [b, a.id],
    ] as const) {
      const swipe = await x.context.request.post(`${server.url}/api/swipes`, {
        data: { targetUserId: target, action: 'like' },
        headers: { origin: server.url },
      });
      expect(swipe.status(), await swipe.text()).toBeLessThan(300);
    }
    const chat = [a.id, b.id].sort().join('_');

    // Maya opens the chat and first compares: every D12 factor, both answers side by side.
    await a.page.goto(`${server.url}/?tab=matches&conversation=${chat}`);
    await dismissCookies(a.page);
    await a.page.getByRole('button', { name: `View ${B.name}'s profile` }).click();
    const profile = a.page.getByRole('dialog', { name: B.name });
    await profile.getByRole('tab', { name: 'Compatibility' }).click();
    await profile.getByRole('heading', { name: /^Where you agree/ }).waitFor();
    expect(await profile.getByText('You', { exact: true }).count()).toBeGreaterThan(0);
    await shoot(a.page, 'compare');
    await a.page.keyboard.press('Escape');
    await profile.waitFor({ state: 'detached' });

    // Then, from the chat's header, the agreement.
    await a.page.getByRole('link', { name: 'Roommate agreement' }).click();
    await a.page.getByRole('heading', { name: 'Roommate agreement', level: 1 }).waitFor();
    await a.page.getByRole('heading', { name: 'Put your house rules in writing' }).waitFor();
    await shoot(a.page, 'start');
    await a.page.getByRole('button', { name: 'Start an agreement' }).click();

    // Version 1 is pre-filled from both profiles: Maya is the early bird, so quiet hours start at 22:00.
    const doc = a.page.getByRole('article', { name: 'Roommate agreement' });
    await doc.getByText('22:00–07:00').waitFor();
    await doc.getByText('Nestmate · Version 1').waitFor();
    await expectAccessible(a.page, 'agreement, version 1');

    // She proposes a rent split by room size.
    await a.page.getByRole('button', { name: 'Propose changes' }).click();
    await a.page.getByRole('heading', { name: 'Propose changes' }).waitFor();
    await a.page.getByLabel('Rent per month ($)').fill('2400');
    await a.page.getByLabel('Rent split').selectOption('room_size');
    await a.page.getByLabel('Your room (sq ft)').fill('150');
    await a.page.getByLabel("Jordan's room (sq ft)").fill('100');
    // A bad amount is caught before anything is sent.
    await a.page.getByLabel('Deposit ($)').fill('a lot');
    await a.page.getByRole('button', { name: 'Propose this version' }).click();
    await a.page.getByText('Enter an amount from $0 to $100,000.').waitFor();
    await shoot(a.page, 'editor');
    await a.page.getByLabel('Deposit ($)').fill('2400');
    await a.page.getByRole('button', { name: 'Propose this version' }).click();
    await a.page.getByRole('button', { name: 'Accept version 2' }).click();
    await a.page.getByText('Waiting for Jordan.').waitFor();

    // Jordan accepts from his own browser; the agreement is locked.
    await b.page.goto(`${server.url}/roommate-agreement/${chat}`);
    await dismissCookies(b.page);
    await b.page.getByText(/Version 2, proposed by Maya/).waitFor();
    await b.page.getByRole('button', { name: 'Accept version 2' }).click();
    await b.page.getByText('Version 2 is accepted by everyone').waitFor();
    await b.page.getByText('Accepted by everyone', { exact: false }).first().waitFor();

    // Split with roommates: Maya's 150 sq ft of 250 is 60% of $2,400.
    const shares = b.page.getByTestId('share');
    await shares.first().waitFor();
    const mayaShare = shares.filter({ hasText: 'Maya' });
    await mayaShare.getByText('$1,440.00 / month').waitFor();
    await mayaShare.getByText('$17,280.00 a year').waitFor();
    await shares.filter({ hasText: 'You' }).getByText('$960.00 / month').waitFor();

    // Jordan paid for groceries for both.
    await b.page.getByLabel('What you paid for').fill('Groceries');
    await b.page.getByLabel('Amount ($)').fill('84.50');
    await b.page.getByRole('button', { name: 'Add expense' }).click();
    await b.page.getByText('Maya pays you $42.25').waitFor();
    await expectAccessible(b.page, 'shared costs');
    await shoot(b.page, 'costs', { viewport: DESKTOP });

    // Maya settles up.
    await a.page.reload();
    await a.page.getByText('You pay Jordan $42.25').waitFor();
    await a.page.getByRole('button', { name: 'I paid Jordan' }).click();
    await a.page.getByTestId('settled').waitFor();
    await a.page.getByText('You paid Jordan back').waitFor();
    await shoot(a.page, 'accepted');

    // The printed agreement: only the document, with both acceptances.
    await a.page.emulateMedia({ media: 'print' });
    const printed = a.page.getByRole('article', { name: 'Roommate agreement' });
    await printed.getByText('Accepted by everyone', { exact: false }).waitFor();
    expect(await a.page.getByRole('button', { name: 'Propose changes' }).isVisible()).toBe(false);
    expect(await a.page.getByRole('heading', { name: 'Split with roommates' }).isVisible()).toBe(false);
    expect(await printed.getByText('Accepted on Nestmate', { exact: false }).count()).toBe(2);
    await shoot(a.page, 'printed');
    await a.page.emulateMedia({ media: 'screen' });

    // 30 days later Maya is asked "How's living together?" (the outcome loop, N148).
    const moved = await a.context.request.post(`${server.url}/dev/clock`, { data: { advanceMs: 31 * 86_400_000 } });
    expect(moved.status()).toBe(200);
    const again = await a.context.request.post(`${server.url}/api/auth/sign-in`, {
      data: { email: A.email, password: E2E_PASSWORD },
      headers: { origin: server.url },
    });
    expect(again.status(), await again.text()).toBe(200);
    await a.page.reload();
    await a.page.getByRole('heading', { name: "How's living together?" }).waitFor();
    await shoot(a.page, 'check-in');
    // Chosen from the keyboard: the rating is a radio group (a click on its label stalled once
    // waiting for the card to hold still on a loaded machine).
    const good = a.page.getByRole('radio', { name: /\bGood\b/ });
    await good.focus();
    await a.page.keyboard.press('Space');
    expect(await good.isChecked()).toBe(true);
    await a.page.getByLabel('What works').fill('The cleaning rota');
    await a.page.getByRole('button', { name: 'Send answer' }).click();
    await a.page.getByText('Your answer helps Nestmate suggest better roommates.').waitFor();

    await a.context.close();
    await b.context.close();
  });
});

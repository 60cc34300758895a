/**
 * axe-core over every route of the route table (issue 11 §6), signed out and signed in, at phone
 * width: zero serious or critical WCAG 2.1 AA violations.
 */
import type { Browser, Page } from 'playwright-core';
import { routePaths } from '../../web/src/app/routes';
import { browserMissing, launchBrowser, PHONE, seriousA11yViolations } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { completeStudent, student } from './support/students';

describe.skipIf(browserMissing)('accessibility of every route (axe, WCAG 2.1 AA)', () => {
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

  async function audit(page: Page) {
    const failures: string[] = [];
    for (const path of routePaths) {
      await page.goto(`${server.url}${path}`);
      await page.locator('h1').first().waitFor({ timeout: 15_000 });
      // Let lazy data settle (the realtime socket never goes idle, so no 'networkidle' here).
      await page.waitForTimeout(400);
      const violations = await seriousA11yViolations(page);
      if (violations.length > 0) failures.push(`${path}: ${violations.join('; ')}`);
    }
    return failures;
  }

  // The two audits are independent (a context each) and run side by side, one page per core.
  it.concurrent('has no serious or critical violations signed out', async ({ expect }) => {
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Accept All' }).click();
    expect(await audit(page)).toEqual([]);
    await context.close();
  });

  it.concurrent('has no serious or critical violations signed in with a complete profile', async ({ expect }) => {
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    await completeStudent(context.request, server.url, student('a11y.student@ucla.edu', 'Avery'));
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Accept All' }).click();
    expect(await audit(page)).toEqual([]);
    await context.close();
  });
});

/**
 * The static legal, safety and resource pages in a real browser (001 §2): every route signed out
 * at phone and desktop width, axe on each (serious or critical WCAG 2.1 AA violations fail),
 * a screenshot of each into test-results/, then the calculator, the checklist, the table of
 * contents and the incident form driven by hand.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserMissing, DESKTOP, launchBrowser, PHONE, seriousA11yViolations } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const PAGES = [
  { path: '/safety-tips', title: 'Safety Tips', back: '/' },
  { path: '/accessibility-statement', title: 'Accessibility Statement', back: '/' },
  { path: '/community-guidelines', title: 'Community Guidelines', back: '/' },
  { path: '/terms-of-service', title: 'Terms of Service', back: '/' },
  { path: '/privacy-policy', title: 'Privacy Policy', back: '/' },
  { path: '/acceptable-use-policy', title: 'Acceptable Use Policy', back: '/' },
  { path: '/security-center', title: 'Security Center', back: '/' },
  { path: '/resources', title: 'Resource Hub', back: '/' },
  { path: '/resources/renters-rights-ca', title: 'Renter’s Rights in California', back: '/resources' },
  { path: '/resources/rental-scams', title: 'Rental Scams', back: '/resources' },
  { path: '/resources/roommate-questions', title: 'Roommate Questions', back: '/resources' },
  { path: '/resources/viewing-checklist', title: 'Apartment Viewing Checklist', back: '/resources' },
  { path: '/resources/lease-checklist', title: 'Lease Agreement Checklist', back: '/resources' },
  { path: '/resources/cost-calculator', title: 'Cost of Living Calculator', back: '/resources' },
];

const shotName = (path: string) => path.slice(1).replaceAll('/', '-');

describe.skipIf(browserMissing)('static pages (Chromium)', () => {
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

  /** A signed-out visitor who has already answered the cookie banner. */
  async function visitor(viewport: { width: number; height: number }): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    await context.addInitScript(() => {
      localStorage.setItem('cookie-consent-given', 'true');
      localStorage.setItem('cookie-preferences', JSON.stringify({ essential: true }));
    });
    return context;
  }

  async function open(page: Page, path: string, title: string) {
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    // Let fade-ins finish, or axe measures the contrast of half-transparent text.
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  }

  // The two widths are independent (a context each) and run side by side, one page per core.
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it.concurrent(`every page is accessible and goes back to the right place (${name}, ${viewport.width} px)`, async ({
      expect,
    }) => {
      const context = await visitor(viewport);
      const page = await context.newPage();
      for (const { path, title, back } of PAGES) {
        await open(page, path, title);
        expect(await page.getByRole('heading', { level: 1 }).count(), path).toBe(1);
        const backLink = page.getByRole('banner').getByRole('link').first();
        expect(await backLink.getAttribute('href'), path).toBe(back);
        expect(await seriousA11yViolations(page), path).toEqual([]);
        // Nothing may force sideways scrolling on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} horizontal overflow`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `test-results/static-${shotName(path)}-${name}.png`, fullPage: true });
      }
      await context.close();
    });
  }

  it('the cost calculator adds up, shows shares and clears', async () => {
    const context = await visitor(PHONE);
    const page = await context.newPage();
    await open(page, '/resources/cost-calculator', 'Cost of Living Calculator');
    await page.getByRole('textbox', { name: 'Rent' }).fill('900');
    await page.getByRole('textbox', { name: 'Utilities' }).fill('75');
    await page.getByRole('textbox', { name: 'Internet' }).fill('25');
    await page.getByRole('textbox', { name: 'Groceries' }).fill('300');
    await page.getByRole('textbox', { name: 'Laundry' }).fill('lots');

    expect(await page.getByTestId('monthly-total').textContent()).toBe('$1,300.00');
    expect(await page.getByTestId('annual-total').textContent()).toBe('$15,600.00');
    const table = page.getByRole('table', { name: 'Where your money goes' });
    expect(await table.locator('tbody tr').allTextContents()).toEqual([
      'Rent$900.0069.2%',
      'Utilities$75.005.8%',
      'Internet$25.001.9%',
      'Groceries$300.0023.1%',
    ]);
    await page.getByText('Not a number, so it counts as $0.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/static-cost-calculator-filled-phone.png', fullPage: true });

    await page.getByRole('button', { name: 'Clear All' }).click();
    expect(await page.getByTestId('monthly-total').textContent()).toBe('$0.00');
    expect(await page.getByRole('textbox', { name: 'Rent' }).inputValue()).toBe('');
    expect(await table.count()).toBe(0);
    await context.close();
  });

  it('the viewing checklist tracks progress and resets', async () => {
    const context = await visitor(DESKTOP);
    const page = await context.newPage();
    await open(page, '/resources/viewing-checklist', 'Apartment Viewing Checklist');
    const total = await page.getByRole('checkbox').count();
    expect(total).toBe(40);
    await page.getByRole('checkbox', { name: /working deadbolts/ }).click();
    await page.getByText(/Water pressure is good/).click(); // the label ticks its box too
    await page.getByRole('checkbox', { name: /signs of pests/ }).press('Space');
    const bar = page.getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuenow')).toBe('3');
    await page.getByText('3 of 40 checked').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/static-viewing-checklist-ticked-desktop.png' });

    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await bar.getAttribute('aria-valuenow')).toBe('0');
    expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(0);

    // Ticks live only in page memory: a reload starts again.
    await page.getByRole('checkbox', { name: /working deadbolts/ }).click();
    await page.reload();
    await page.getByText('0 of 40 checked').waitFor();

    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: 'test-results/static-viewing-checklist-print.png', fullPage: true });
    await context.close();
  });

  it('the privacy policy contents jump to their sections', async () => {
    const context = await visitor(PHONE);
    const page = await context.newPage();
    await open(page, '/privacy-policy', 'Privacy Policy');
    await page
      .getByRole('navigation', { name: 'On this page' })
      .getByRole('link', { name: /How long we keep it/ })
      .click();
    await page.waitForURL(/#retention$/);
    const heading = page.getByRole('heading', { level: 2, name: /How long we keep it/ });
    await expect
      .poll(() => heading.evaluate((el) => el.getBoundingClientRect().top), { timeout: 5000 })
      .toBeLessThan(200);
    await context.close();
  });

  it('the security center scrolls to the form, validates it and submits it', async () => {
    const context = await visitor(PHONE);
    const page = await context.newPage();
    const bodies: unknown[] = [];
    // The endpoint's behaviour belongs to the API tests; here only what the page sends matters.
    await page.route('**/api/security-incidents', async (route) => {
      bodies.push(route.request().postDataJSON());
      await route.fulfill({
        status: 201,
        contentType: 'application/json',
        body: JSON.stringify({ id: 'x', status: 'reported', priority: 'normal', acknowledgeBy: '', respondBy: '' }),
      });
    });
    await open(page, '/security-center', 'Security Center');
    await page.getByRole('button', { name: 'Report an Incident' }).click();
    const form = page.getByRole('form', { name: 'Report a security incident' });
    const formHeading = page.getByRole('heading', { name: 'Report a security incident' });
    await expect
      .poll(() => formHeading.evaluate((el) => el.getBoundingClientRect().top), { timeout: 5000 })
      .toBeLessThan(200);
    // The button moves focus with the view, so keyboard users continue from the form.
    expect(await formHeading.evaluate((el) => el === document.activeElement)).toBe(true);

    await form.getByRole('button', { name: 'Submit Security Report' }).click();
    await form.getByText('Please choose an incident type.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.screenshot({ path: 'test-results/static-security-form-errors-phone.png' });

    await form.getByRole('combobox', { name: 'Incident type' }).selectOption('account_compromise');
    await form.getByRole('combobox', { name: 'Severity' }).selectOption('critical');
    await form.getByText('We acknowledge within 15 minutes and respond within 1 hour.').waitFor();
    await form.getByRole('textbox', { name: 'Subject' }).fill('Someone signed in to my account');
    await form
      .getByRole('textbox', { name: 'Description' })
      .fill('I got a sign-in alert from a city I have never visited.');
    await form.getByRole('textbox', { name: 'Contact e-mail' }).fill('riley.park@ucla.edu');
    await form.getByRole('button', { name: 'Submit Security Report' }).click();
    await page.getByText('Security report submitted').waitFor();
    expect(bodies).toEqual([
      {
        incident_type: 'account_compromise',
        severity_level: 'critical',
        subject: 'Someone signed in to my account',
        description: 'I got a sign-in alert from a city I have never visited.',
        contact_email: 'riley.park@ucla.edu',
        affected_users_count: null,
        time_discovered: null,
        steps_taken: null,
      },
    ]);
    expect(await form.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('');
    await context.close();
  });
});

/**
 * Chromium from Debian's package, driven by playwright-core (Playwright cannot download its own
 * browser here). Without a browser the journeys are reported as skipped; under CI=true a missing
 * browser is a failure.
 */
import { existsSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';

export const CHROME_PATH = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => !!p && existsSync(p),
);

export const browserMissing = !CHROME_PATH;

if (browserMissing) {
  const message = 'No Chromium found (set CHROME_PATH or apt-get install chromium): browser journeys SKIPPED.';
  if (process.env.CI === 'true') throw new Error(`${message} Under CI=true this is a failure.`);
  console.warn(`\n⚠️  ${message}\n`);
}

/** `fakeMedia`: a fake camera and microphone, granted without a prompt (calls, live selfies). */
export function launchBrowser(options: { fakeMedia?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...(options.fakeMedia ? ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] : []),
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Serious or critical axe violations (WCAG 2.1 AA) on the page as it is now. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Fails with the violations, named by `where`, when the page has serious or critical ones. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  expect(await seriousA11yViolations(page), where).toEqual([]);
}

/**
 * Screenshots at phone and desktop widths (test-results/<name>-phone.png and -desktop.png), for
 * looking at what a journey built; the page is left at `viewport` (its current size by default).
 */
export async function shootBoth(
  page: Page,
  name: string,
  options: { viewport?: { width: number; height: number }; fullPage?: boolean } = {},
): Promise<void> {
  const viewport = options.viewport ?? page.viewportSize() ?? PHONE;
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `test-results/${name}-${label}.png`, fullPage: options.fullPage });
  }
  await page.setViewportSize(viewport);
}

/** Whether React has hydrated the element: its props are on the DOM node. */
export async function isHydrated(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$')));
}

/**
 * Waits until React has hydrated the element. Before that a click on a server-rendered link is the
 * browser's: it loads the page anew (N247), which a journey that goes on to expect live events on the
 * page it is on (a call's ring) must not do.
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  await locator.waitFor();
  while (!(await isHydrated(locator))) await new Promise((done) => setTimeout(done, 20));
}

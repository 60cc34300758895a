/**
 * Layout of every screen (issue 17, Layout faults): every route of the route table and the main
 * app's tabs, in four states (signed out with the cookie banner still open, a free student, a Gold
 * student with a running boost, an admin), at 390×844 (mobile emulation, touch) and 1280×800.
 * A screen fails on sideways scroll (scrollWidth > the viewport's width), on a button or link that
 * another element covers even when scrolled to the middle of the screen (elementFromPoint at its
 * centre), on clipped button text (scrollWidth > clientWidth, on the button or on an ellipsed part
 * of it; a button cut off by a box that hides its overflow) and on an action flush with the screen's side. Each screen's screenshot is kept at test-results/screens/<state>/<screen>-<width>.png.
 */
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { builtRoutes } from '../../web/src/app/routes';
import { browserMissing, DESKTOP, launchBrowser, PHONE } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import {
  CASEY,
  completeStudent,
  E2E_PASSWORD,
  JORDAN,
  MAYA,
  type Student,
  signedInUserId,
  student,
} from './support/students';

const execFileAsync = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const SCREENS = resolve(ROOT, 'test-results/screens');

type State = 'signed-out' | 'free' | 'gold' | 'admin';
type Screen = {
  name: string;
  path: string;
  /** Brings the screen into the state to check, after the path loaded (a form with an error, a later step). */
  act?: (page: Page) => Promise<void>;
};
type Width = { label: 'phone' | 'desktop'; size: { width: number; height: number }; mobile: boolean };

const WIDTHS: Width[] = [
  { label: 'phone', size: PHONE, mobile: true },
  { label: 'desktop', size: DESKTOP, mobile: false },
];

const routeName = (path: string) => (path === '/' ? 'home' : path.slice(1).replaceAll('/', '-'));

/**
 * The route table's screens a state can open (guest pages send the signed-in on, session pages the
 * signed-out). Public pages differ only in their back link once signed in: the free student covers them.
 */
function routeScreens(state: State): Screen[] {
  const opens = (access: string) =>
    state === 'signed-out' ? access !== 'session' : state === 'free' ? access !== 'guest' : access === 'session';
  return builtRoutes
    .filter((r) => opens(r.access) || r.path === '/admin')
    .filter((r) => r.path !== '/')
    .map((r) => ({ name: routeName(r.path), path: r.path }));
}

let newStudents = 0;

/** The sign-up steps up to Create Account, then waits for `done`. */
async function signUpAs(page: Page, email: string, done: () => Promise<void>) {
  await page.getByRole('button', { name: "I'm 18 or older, continue" }).click();
  await page.getByLabel('University Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await done();
}

const signedOutExtras: Screen[] = [
  { name: 'home', path: '/' },
  {
    // The sign-up form made taller by an error alert: Create Account must stay clear of the banner.
    name: 'sign-up-error',
    path: '/sign-up',
    act: (page) => signUpAs(page, MAYA.email, () => page.getByText('This email is already registered.').waitFor()),
  },
  {
    name: 'sign-up-check-email',
    path: '/sign-up',
    act: (page) =>
      // A counter, not only the time: the phone and desktop runs sign up side by side, sometimes in the same millisecond.
      signUpAs(page, `new.${++newStudents}.${Date.now()}@ucla.edu`, () =>
        page.getByRole('button', { name: 'Use different email' }).waitFor(),
      ),
  },
  { name: 'agreement', path: '/?confirmed=1' },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'dev-mailbox', path: '/dev/mailbox' },
];

const appTabs = (conversation: string | null): Screen[] => [
  { name: 'discover', path: '/' },
  { name: 'likes', path: '/?tab=liked-you' },
  { name: 'messages', path: '/?tab=matches' },
  ...(conversation ? [{ name: 'chat', path: `/?tab=matches&conversation=${conversation}` }] : []),
  { name: 'profile', path: '/?tab=profile' },
];

/** What is wrong with the screen as it is: sideways scroll, covered actions, clipped button text, actions at the edge. */
async function layoutFaults(page: Page, width: number): Promise<string[]> {
  return page.evaluate((viewportWidth) => {
    const faults: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > viewportWidth || window.innerWidth > viewportWidth) {
      faults.push(`scrolls sideways: scrollWidth ${doc.scrollWidth}, innerWidth ${window.innerWidth}`);
    }
    const describe = (el: Element) => {
      const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}> "${label}"`;
    };
    const visible = (el: HTMLElement) => {
      const rect = el.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2) return false;
      if (el.closest('[aria-hidden="true"], [inert], .sr-only')) return false;
      for (let node: HTMLElement | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
      }
      return true;
    };
    /** Inside every clipping ancestor (a slide of a carousel that is off to the side is not on screen). */
    const unclipped = (el: HTMLElement, x: number, y: number) => {
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const r = node.getBoundingClientRect();
        if (x < r.left || x > r.right || y < r.top || y > r.bottom) return false;
      }
      return true;
    };
    const actions = [...document.querySelectorAll<HTMLElement>('button, a[href], [role="button"]')].filter(visible);
    for (const el of actions) {
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const rect = el.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) {
        if (getComputedStyle(el).position !== 'fixed') faults.push(`${describe(el)} cannot be scrolled into view`);
        continue;
      }
      if (!unclipped(el, x, y)) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && hit !== el && !el.contains(hit) && !hit.contains(el)) {
        faults.push(
          `${describe(el)} is covered by ${describe(hit.closest('section, nav, header, aside, div') ?? hit)}`,
        );
      }
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    /** The first ancestor that hides what runs out of it (not one that scrolls), and whether it cuts `r`. */
    const cutBy = (el: HTMLElement, r: DOMRect) => {
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        const hides = (v: string) => v === 'hidden' || v === 'clip';
        if (!hides(style.overflowX) && !hides(style.overflowY)) continue;
        const c = node.getBoundingClientRect();
        const inside = r.left >= c.left - 1 && r.right <= c.right + 1 && r.top >= c.top - 1 && r.bottom <= c.bottom + 1;
        const apart = r.right <= c.left || r.left >= c.right || r.bottom <= c.top || r.top >= c.bottom;
        if (!inside && !apart) return node;
      }
      return null;
    };
    const scrollsSideways = (el: HTMLElement) => {
      for (let node = el.parentElement; node; node = node.parentElement) {
        const x = getComputedStyle(node).overflowX;
        if ((x === 'auto' || x === 'scroll') && node.scrollWidth > node.clientWidth) return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href]')) {
      if (!visible(el)) continue;
      const rect = el.getBoundingClientRect();
      const cut = cutBy(el, rect);
      if (cut) faults.push(`${describe(el)} is cut off by ${describe(cut)}`);
      // An action flush with the screen's side looks broken (the page's gutter is 1.25rem).
      if ((rect.left < 4 || rect.right > viewportWidth - 4) && !scrollsSideways(el) && rect.width < viewportWidth - 8) {
        faults.push(
          `${describe(el)} touches the side of the screen (${Math.round(rect.left)}–${Math.round(rect.right)})`,
        );
      }
      const display = getComputedStyle(el).display;
      if (display !== 'inline' && el.scrollWidth > el.clientWidth + 1) {
        faults.push(`${describe(el)} clips its text (${el.scrollWidth} > ${el.clientWidth})`);
        continue;
      }
      // A one-line preview of longer text shown whole elsewhere (a chat's last message) may be cut: data-preview.
      for (const part of el.querySelectorAll<HTMLElement>('*:not([data-preview])')) {
        if (getComputedStyle(part).textOverflow === 'ellipsis' && part.scrollWidth > part.clientWidth + 1) {
          faults.push(`${describe(el)} cuts "${part.textContent?.trim()}" with an ellipsis`);
        }
      }
    }
    return faults.sort();
  }, width);
}

/** Loaded: a heading, no spinner, fonts in, a moment for queries that follow the first. */
async function settle(page: Page) {
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], .animate-spin'), undefined, { timeout: 5000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
}

describe.skipIf(browserMissing)('layout of every screen (Chromium, phone and desktop)', () => {
  let server: RunningServer;
  let browser: Browser;
  const ids: Record<string, string> = {};
  let conversation: string | null = null;

  const cli = (...args: string[]) =>
    execFileAsync(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', '--database', `file:${server.dir}/nestmate.db`, ...args],
      { cwd: ROOT, encoding: 'utf8' },
    );

  async function post(context: BrowserContext, path: string, data: unknown) {
    const res = await context.request.post(`${server.url}${path}`, { data });
    if (res.status() >= 300) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
    return res.json();
  }

  /** A request-only context signed in as `s` with a complete profile; its cookies seed the browsing contexts. */
  async function enrol(s: Student): Promise<BrowserContext> {
    const context = await browser.newContext();
    await completeStudent(context.request, server.url, s);
    ids[s.email] = await signedInUserId(context.request, server.url);
    return context;
  }

  const ADMIN = student('layout.admin@ucla.edu', 'Avery Admin');
  const RILEY = { ...student('riley.park@ucla.edu', 'Riley Park'), colour: ['#184f4c', '#ace4dc'] as [string, string] };
  const sessions = new Map<string, BrowserContext>();
  const session = (s: Student) => sessions.get(s.email) as BrowserContext;
  let checkout = '';

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // The five sign-ups are independent: side by side (the server hashes while the photos are made here).
    const cast = [MAYA, CASEY, JORDAN, RILEY, ADMIN];
    await Promise.all(cast.map(async (s) => sessions.set(s.email, await enrol(s))));
    const [maya, casey, jordan] = [session(MAYA), session(CASEY), session(JORDAN)];
    // Maya and Casey match and talk; Jordan likes both (a blurred like for Maya, Like Back for Casey).
    await post(maya, '/api/swipes', { targetUserId: ids[CASEY.email], action: 'like' });
    await post(casey, '/api/swipes', { targetUserId: ids[MAYA.email], action: 'like' });
    await post(jordan, '/api/swipes', { targetUserId: ids[CASEY.email], action: 'like' });
    await post(jordan, '/api/swipes', { targetUserId: ids[MAYA.email], action: 'like' });
    const started = (await post(maya, '/api/conversations', { withUserId: ids[CASEY.email] })) as { id: string };
    conversation = started.id;
    await post(maya, `/api/conversations/${conversation}/messages`, { content: 'Hi Casey! Still looking for fall?' });
    await post(casey, `/api/conversations/${conversation}/messages`, {
      content: 'Yes! Westwood, ideally under $1,100. Want to see the place on Saturday?',
    });
    // The built-in test checkout (server-rendered) for the free student.
    checkout = new URL(((await post(maya, '/api/payments/checkout', { priceType: 'monthly' })) as { url: string }).url)
      .pathname;
    // Two CLI processes at once: each spends most of its time starting.
    await Promise.all([
      cli('gold', 'grant', CASEY.email).then(() => post(casey, '/api/boost', {})),
      cli('admin', 'grant', ADMIN.email),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function check(state: State, who: Student | null, screens: Screen[]) {
    const storageState = who ? await session(who).storageState() : undefined;
    const faults: string[] = [];
    mkdirSync(resolve(SCREENS, state), { recursive: true });
    // Both widths at once: two pages of one browser, each in its own context.
    await Promise.all(
      WIDTHS.map(async (width) => {
        const context = await browser.newContext({
          viewport: width.size,
          isMobile: width.mobile,
          hasTouch: width.mobile,
          reducedMotion: 'reduce',
          storageState,
        });
        // Signed out, the banner stays open (a first visit); signed in, it was answered on the way.
        if (who) {
          await context.addInitScript(() => {
            localStorage.setItem('cookie-consent-given', 'true');
            localStorage.setItem(
              'cookie-preferences',
              JSON.stringify({ essential: true, analytics: false, functional: false, marketing: false }),
            );
          });
        }
        const page = await context.newPage();
        for (const screen of screens) {
          await page.goto(`${server.url}${screen.path}`);
          await settle(page);
          if (screen.act) {
            await screen.act(page);
            await settle(page);
          }
          await page.screenshot({ path: resolve(SCREENS, state, `${screen.name}-${width.size.width}.png`) });
          for (const fault of await layoutFaults(page, width.size.width)) {
            faults.push(`${screen.name} at ${width.size.width}px: ${fault}`);
          }
        }
        await context.close();
      }),
    );
    return faults.sort();
  }

  it('signed out (cookie banner open): every public and guest screen', async () => {
    expect(await check('signed-out', null, [...signedOutExtras, ...routeScreens('signed-out')])).toEqual([]);
  });

  it('a free student: the app tabs and every signed-in screen', async () => {
    expect(
      await check('free', MAYA, [
        ...appTabs(conversation),
        ...routeScreens('free'),
        { name: 'test-checkout', path: checkout },
      ]),
    ).toEqual([]);
  });

  it('a Gold student with a running boost: the app tabs and every signed-in screen', async () => {
    expect(await check('gold', CASEY, [...appTabs(conversation), ...routeScreens('gold')])).toEqual([]);
  });

  it('an admin: the dashboard, the app tabs and every signed-in screen', async () => {
    expect(await check('admin', ADMIN, [...appTabs(null), ...routeScreens('admin')])).toEqual([]);
  });
});

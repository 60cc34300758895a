/**
 * The discovery journey in a real browser (issue 4): three UCLA students complete profiles through
 * the API. A likes B on Discover ("Like sent"); B sees A's card and likes back: "It's a Match".
 * A finds B in Your Matches. C, a free user A liked, sees only a blurred placeholder (and no byte
 * of A's identity reaches the browser, D15); once Gold (granted with the CLI against the running
 * server's database), C sees A in Who Liked You and likes back. axe checks every screen.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { PROMPTS } from '../../fixtures/prompts';
import { browserMissing, DESKTOP, launchBrowser, PHONE, seriousA11yViolations } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const ROOT = resolve(import.meta.dirname, '../..');
const PASSWORD = 'Quiet-Study-Room-7';
const UCLA = 'University of California, Los Angeles';

type Student = {
  email: string;
  name: string;
  major: string;
  gender: string;
  colour: [string, string];
  bio: string;
  answers: [string, string, string];
  preferences: { cleanliness: number; noiseLevel: number; sleepSchedule: number; studyHabits: number };
  budget: [number, number];
};

const A: Student = {
  email: 'maya.lopez@ucla.edu',
  name: 'Maya Lopez',
  major: 'Psychology',
  gender: 'Female',
  colour: ['#1b7a73', '#77cfc4'],
  bio: 'Psych major, early riser, tidy kitchen. Looking for a calm place near campus.',
  answers: ['Pancakes, a long run and a clean kitchen.', 'Headphones on after 10pm.', 'Board game nights.'],
  preferences: { cleanliness: 4, noiseLevel: 2, sleepSchedule: 1, studyHabits: 4 },
  budget: [800, 1200],
};
const B: Student = {
  email: 'jordan.rivera@ucla.edu',
  name: 'Jordan Rivera',
  major: 'Computer Science',
  gender: 'Non-binary',
  colour: ['#d9431c', '#ffc7b0'],
  bio: 'Third-year CS student who cooks a lot and keeps shared spaces spotless.',
  answers: ['Farmers market, then a long run.', 'Quiet weeknights, fun weekends.', 'Cooking for friends.'],
  preferences: { cleanliness: 4, noiseLevel: 2, sleepSchedule: 2, studyHabits: 4 },
  budget: [900, 1300],
};
const C: Student = {
  email: 'casey.nguyen@ucla.edu',
  name: 'Casey Nguyen',
  major: 'Economics',
  gender: 'Female',
  colour: ['#b87806', '#fde68a'],
  bio: 'Econ major, night owl on weekends, always up for a hike.',
  answers: ['Sleeping in, then brunch.', 'Lights off by midnight.', 'Hiking Griffith Park.'],
  preferences: { cleanliness: 3, noiseLevel: 3, sleepSchedule: 3, studyHabits: 3 },
  budget: [700, 1100],
};

/** A portrait-like placeholder photo: a soft gradient with a head-and-shoulders silhouette. */
async function portrait(from: string, to: string, variant: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="750">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${to}"/><stop offset="1" stop-color="${from}"/></linearGradient></defs>
    <rect width="600" height="750" fill="url(#g)"/>
    <circle cx="${300 + variant * 20}" cy="300" r="110" fill="#ffffff" fill-opacity="0.55"/>
    <ellipse cx="${300 + variant * 20}" cy="700" rx="230" ry="210" fill="#ffffff" fill-opacity="0.45"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

describe.skipIf(browserMissing)('discovery journey (Chromium)', () => {
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

  async function expectAccessible(page: Page, where: string) {
    expect(await seriousA11yViolations(page), where).toEqual([]);
  }

  /** A screenshot at phone and desktop widths, back at `viewport` afterwards. */
  async function shoot(page: Page, name: string, viewport = PHONE) {
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `test-results/discovery-${name}-phone.png` });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: `test-results/discovery-${name}-desktop.png` });
    await page.setViewportSize(viewport);
  }

  /** Sign-up, confirmation link, agreement, sign-in, 3 photos and a completed profile, all through the API. */
  async function completeStudent(request: APIRequestContext, s: Student) {
    const signUp = await request.post(`${server.url}/api/auth/sign-up`, {
      data: { email: s.email, password: PASSWORD },
    });
    expect(signUp.status()).toBe(201);
    const mailbox = await request.get(`${server.url}/api/dev/mailbox`);
    const { messages } = (await mailbox.json()) as { messages: { to: string; link: string | null }[] };
    const link = messages.find((m) => m.to === s.email)?.link;
    if (!link) throw new Error(`no mail for ${s.email}`);
    await request.get(link, { maxRedirects: 0 });
    const signIn = await request.post(`${server.url}/api/auth/sign-in`, {
      data: { email: s.email, password: PASSWORD },
    });
    expect(signIn.status()).toBe(200);
    const agreement = await request.post(`${server.url}/api/agreements`, {
      data: {
        tos_accepted: true,
        privacy_accepted: true,
        marketing_accepted: false,
        accepted_at: new Date().toISOString(),
        user_agent: 'e2e',
      },
    });
    expect(agreement.status()).toBe(201);
    for (let i = 0; i < 3; i++) {
      const upload = await request.post(`${server.url}/api/profile/photos`, {
        multipart: {
          photo: { name: `photo-${i}.jpg`, mimeType: 'image/jpeg', buffer: await portrait(...s.colour, i) },
        },
      });
      expect(upload.status()).toBe(201);
    }
    const prompts = PROMPTS.filter((p) => p.isActive).slice(0, 3);
    const complete = await request.post(`${server.url}/api/profile/complete`, {
      data: {
        basics: {
          name: s.name,
          bio: s.bio,
          university: UCLA,
          major: s.major,
          graduationYear: 2027,
          gender: s.gender,
          genderSelfDescribe: null,
        },
        prompts: prompts.map((p, i) => ({ promptId: p.id, response: s.answers[i] })),
        preferences: {
          ...s.preferences,
          guestPolicy: 3,
          smokingTolerance: 'no_smoking',
          housingStatus: 'looking_to_join',
          financialStatus: 'part-time',
          needsCosigner: 'no',
          moveIn: 'flexible',
          minBudget: s.budget[0],
          maxBudget: s.budget[1],
          preferredNeighborhoods: ['Westwood'],
          dealbreakers: [],
          genderPreference: ['Open to all'],
        },
      },
    });
    expect(complete.status(), await complete.text()).toBe(200);
  }

  async function openAs(s: Student, viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
    // Reduced motion: the screens must work without it, and axe then never measures a toast mid-fade.
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    await completeStudent(context.request, s);
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Accept All' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    return { context, page };
  }

  const cardName = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 });

  async function likeCurrent(page: Page): Promise<string> {
    const name = (await cardName(page).textContent()) ?? '';
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    return name;
  }

  it('likes, matches, likes back as Gold, and keeps who liked a free user hidden', async () => {
    const a = await openAs(A);
    const b = await openAs(B);
    const c = await openAs(C);
    // A and B opened before everyone had a profile: fetch their decks again.
    await a.page.reload();
    await b.page.reload();

    // A: Discover shows one card at a time; like B and C ("Like sent" each time).
    await cardName(a.page).waitFor();
    await a.page.getByText('2 profiles left').waitFor();
    await a.page.getByText('Solo', { exact: true }).waitFor();
    await expectAccessible(a.page, 'discover (A)');
    await shoot(a.page, 'card');
    const liked: string[] = [];
    for (let i = 0; i < 2; i++) {
      liked.push(await likeCurrent(a.page));
      await a.page.getByText('Like sent', { exact: true }).first().waitFor();
    }
    expect(liked.sort()).toEqual([C.name, B.name].sort());
    await a.page.getByRole('heading', { name: 'No new profiles right now' }).waitFor();
    await a.page.getByText('Want to see more students?').waitFor();
    await expectAccessible(a.page, 'discover empty (A)');
    await shoot(a.page, 'empty');

    // B: A's card, with the compatibility and its reasons; like A → "It's a Match".
    await cardName(b.page).waitFor();
    while ((await cardName(b.page).textContent()) !== A.name) {
      await b.page.getByRole('button', { name: 'Pass', exact: true }).click();
      await b.page.getByText(/^Passed on/).waitFor({ state: 'attached' });
    }
    const card = b.page.getByRole('article');
    await card.getByText('Psychology · Class of 2027').waitFor();
    await card.getByText(UCLA).waitFor();
    await card.getByRole('region', { name: 'Why you match' }).waitFor();
    expect(await card.getByText(/%$/).first().textContent()).toMatch(/^\d{1,3}%$/);
    await b.page.getByRole('button', { name: 'View full profile' }).click();
    const profileDialog = b.page.getByRole('dialog', { name: A.name });
    await profileDialog.getByText(A.answers[2]).waitFor();
    await profileDialog.getByRole('button', { name: 'Close' }).click();
    await profileDialog.waitFor({ state: 'detached' });

    await b.page.getByRole('button', { name: 'Like', exact: true }).click();
    const matchPopup = b.page.getByRole('dialog', { name: "It's a Match" });
    await matchPopup.getByText(`You and ${A.name} liked each other`, { exact: false }).waitFor();
    await matchPopup.getByRole('button', { name: 'Keep Swiping' }).waitFor();
    await expectAccessible(b.page, 'match popup');
    await shoot(b.page, 'match');
    await matchPopup.getByRole('button', { name: 'Send Message' }).click();
    await b.page.waitForURL(
      (url) => url.searchParams.get('tab') === 'matches' && !!url.searchParams.get('conversation'),
    );

    // A reloads and finds B in Your Matches.
    await a.page.reload();
    await a.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Likes/ }).click();
    await a.page.getByRole('tab', { name: /Your Matches/ }).click();
    await a.page.getByRole('article', { name: new RegExp(B.name) }).waitFor();
    await a.page.getByText('1 match', { exact: true }).waitFor();
    await expectAccessible(a.page, 'your matches (A)');
    await shoot(a.page, 'matches');

    // B's Likes: nobody waiting (A is a match now), A in Your Matches.
    await b.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Likes/ }).click();
    await b.page.getByRole('heading', { name: 'See Who Liked You' }).waitFor();
    await b.page.getByRole('tab', { name: /Your Matches/ }).click();
    await b.page
      .getByRole('article', { name: new RegExp(A.name) })
      .getByRole('button', { name: 'Start Chat' })
      .waitFor();

    // C (free) was liked by A: one blurred placeholder, the upgrade banner, and nothing about A.
    const likesBodies: string[] = [];
    c.page.on('response', async (res) => {
      if (res.url().includes('/api/likes/received')) likesBodies.push(await res.text());
    });
    await c.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Likes/ }).click();
    await c.page.getByRole('heading', { name: '1 person liked you' }).waitFor();
    await c.page.getByRole('list', { name: '1 hidden like' }).waitFor();
    expect(await c.page.getByTestId('like-placeholder').count()).toBe(1);
    expect(await c.page.getByRole('button', { name: 'Like Back' }).count()).toBe(0);
    expect(await c.page.content()).not.toContain('Maya');
    await expect.poll(() => likesBodies.length).toBeGreaterThan(0);
    for (const body of likesBodies) {
      expect(body).not.toContain('Maya');
      expect(body).not.toContain('/media/');
    }
    await expectAccessible(c.page, 'who liked you (free)');
    await shoot(c.page, 'likes-free');
    await c.page.getByRole('tab', { name: /Your Matches/ }).click();
    await c.page.getByRole('heading', { name: 'No matches yet' }).waitFor();
    await expectAccessible(c.page, 'your matches empty (C)');

    // The filters dialog for a free user: advanced filters locked, radius up to 25.
    await c.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Discover' }).click();
    await c.page.getByRole('button', { name: /^Filters/ }).click();
    const freeFilters = c.page.getByRole('dialog', { name: /Advanced Filters/ });
    await freeFilters.getByText('Upgrade to Gold to use advanced filters').waitFor();
    expect(await freeFilters.getByRole('combobox', { name: 'University' }).isDisabled()).toBe(true);
    expect(await freeFilters.getByRole('slider', { name: 'Search radius' }).getAttribute('aria-valuemax')).toBe('25');
    await expectAccessible(c.page, 'filters dialog (free)');
    await shoot(c.page, 'filters-free');
    await c.page.keyboard.press('Escape');

    // Gold for C through the CLI, against the running server's database.
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', '--database', `file:${server.dir}/nestmate.db`, 'gold', 'grant', C.email],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(out).toContain('is Gold until');

    await c.page.reload();
    await c.page.getByRole('banner').getByText('Gold', { exact: true }).waitFor();
    await c.page.getByRole('banner').getByText('5 of 5 Super Likes left today').waitFor();
    await c.page.getByRole('button', { name: 'Boost (1 left)' }).waitFor();
    await c.page.getByRole('button', { name: /^Filters/ }).click();
    const goldFilters = c.page.getByRole('dialog', { name: /Advanced Filters/ });
    await goldFilters.getByRole('combobox', { name: 'Major' }).fill('Psychology');
    expect(await goldFilters.getByRole('slider', { name: 'Search radius' }).getAttribute('aria-valuemax')).toBe('50');
    await goldFilters.getByRole('heading', { name: /1 active/ }).waitFor();
    await expectAccessible(c.page, 'filters dialog (Gold)');
    await shoot(c.page, 'filters-gold');
    await goldFilters.getByRole('button', { name: 'Apply Filters' }).click();
    await goldFilters.waitFor({ state: 'detached' });
    await c.page
      .getByRole('button', { name: /^Filters/ })
      .getByText('1')
      .waitFor();

    await c.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Likes/ }).click();
    const maya = c.page.getByRole('article', { name: new RegExp(A.name) });
    await maya.waitFor();
    await expectAccessible(c.page, 'who liked you (Gold)');
    await shoot(c.page, 'likes-gold');
    await maya.getByRole('button', { name: 'Like Back' }).click();
    await c.page.getByText("It's a Match", { exact: true }).waitFor();
    await maya.waitFor({ state: 'detached' });
    await c.page.getByRole('tab', { name: /Your Matches/ }).click();
    await c.page.getByRole('article', { name: new RegExp(A.name) }).waitFor();
    await expectAccessible(c.page, 'your matches (C)');

    // And for A, C is a match too now.
    await a.page.reload();
    await a.page.getByRole('tab', { name: /Your Matches/ }).click();
    await a.page.getByText('2 matches', { exact: true }).waitFor();
    await shoot(a.page, 'matches-grid');

    for (const x of [a, b, c]) await x.context.close();
  });
});

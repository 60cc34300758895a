/**
 * The payments journey in a real browser (issue 6): Casey, a free student Maya liked, sees a
 * blurred like, upgrades to Gold monthly through the local test checkout in a new tab, lands on
 * /success, then sees Maya in Who Liked You and applies an advanced filter. Manage Subscription
 * shows the plan; the customer portal cancels it at the end of the period. A Profile Boost bought
 * at the Gold member price ($1.99) adds to the boost count. axe checks every payments screen.
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { PROMPTS } from '../../fixtures/prompts';
import { browserMissing, DESKTOP, launchBrowser, PHONE, seriousA11yViolations } from './support/browser';
import { type RunningServer, startServer } from './support/server';

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

const MAYA: Student = {
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
const CASEY: Student = {
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

describe.skipIf(browserMissing)('payments journey (Chromium)', () => {
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

  /** Screenshots at phone and desktop widths (full page), back at `viewport` afterwards. */
  async function shoot(page: Page, name: string, viewport = PHONE) {
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `test-results/payments-${name}-phone.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: `test-results/payments-${name}-desktop.png`, fullPage: true });
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

  /** Clicks `trigger`, which opens a payment page in a new tab (001 §7), and returns that tab once loaded. */
  async function newTab(context: BrowserContext, trigger: () => Promise<void>): Promise<Page> {
    const [tab] = await Promise.all([context.waitForEvent('page'), trigger()]);
    await tab.waitForLoadState();
    return tab;
  }

  const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

  it('upgrades to Gold through the checkout, sees who liked them, manages and cancels, buys a boost', async () => {
    const maya = await openAs(MAYA);
    const casey = await openAs(CASEY);

    // Maya likes Casey.
    await maya.page.reload();
    const card = maya.page.getByRole('article').getByRole('heading', { level: 2 });
    await card.waitFor();
    expect(await card.textContent()).toBe(CASEY.name);
    await maya.page.getByRole('button', { name: 'Like', exact: true }).click();
    await maya.page.getByText('Like sent', { exact: true }).first().waitFor();

    // Casey (free): one blurred like, and the way to Gold from Likes.
    const { context, page } = casey;
    await nav(page).getByRole('button', { name: /Likes/ }).click();
    await page.getByRole('heading', { name: '1 person liked you' }).waitFor();
    expect(await page.getByTestId('like-placeholder').count()).toBe(1);
    await page
      .getByRole('region', { name: '1 person liked you' })
      .getByRole('link', { name: 'Upgrade to Gold' })
      .click();
    await page.waitForURL(/\/upgrade$/);

    // /upgrade: both plans from the catalogue, the perks, the one-time list prices.
    const monthly = page.getByRole('radio', { name: /Gold Monthly/ });
    await monthly.waitFor({ state: 'attached' });
    expect(await monthly.isChecked()).toBe(true);
    await page.getByText('$14.99', { exact: true }).waitFor();
    await page.getByText('$89.99', { exact: true }).waitFor();
    await page.getByText('Save 50%', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Buy Profile Boost for $2.99' }).waitFor();
    await expectAccessible(page, '/upgrade (free)');
    await shoot(page, 'upgrade');

    // Yearly, then Cancel in the checkout: back on /upgrade with the gentle note.
    await page.getByText('Gold Yearly', { exact: true }).click();
    expect(await page.getByRole('radio', { name: /Gold Yearly/ }).isChecked()).toBe(true);
    const yearly = await newTab(context, () =>
      page.getByRole('button', { name: /Get Gold Yearly · \$89\.99/ }).click(),
    );
    await yearly.getByRole('button', { name: 'Pay $89.99' }).waitFor();
    await yearly.getByRole('button', { name: 'Cancel' }).click();
    await yearly.waitForURL(/\/upgrade\?canceled=1$/);
    await yearly.getByText('Checkout canceled').waitFor();
    await expectAccessible(yearly, '/upgrade?canceled=1');
    await shoot(yearly, 'upgrade-canceled');
    await yearly.close();

    // Monthly: the checkout opens in a new tab; Pay $14.99 lands on /success there.
    await page.getByText('Gold Monthly', { exact: true }).click();
    const checkout = await newTab(context, () =>
      page.getByRole('button', { name: /Get Gold Monthly · \$14\.99/ }).click(),
    );
    expect(checkout.url()).toContain('/api/payments/local/checkout/');
    await page.getByText('Checkout opened in a new tab').waitFor();
    await checkout.getByRole('button', { name: 'Pay $14.99' }).click();
    await checkout.waitForURL(/\/success\?session_id=/);
    await checkout.getByText('Confirming your payment…').waitFor();
    await checkout.getByRole('heading', { level: 1, name: 'Welcome to Gold!' }).waitFor({ timeout: 15_000 });
    await checkout.getByRole('heading', { name: "You're on Gold Monthly" }).waitFor();
    await checkout.getByRole('banner').waitFor();
    await expectAccessible(checkout, '/success');
    await shoot(checkout, 'success');

    // Gold now: Maya in Who Liked You, and an advanced filter applies on Discover.
    await checkout.getByRole('link', { name: 'See who liked you' }).click();
    await checkout.getByRole('article', { name: new RegExp(MAYA.name) }).waitFor();
    await checkout.getByRole('banner').getByText('Gold', { exact: true }).waitFor();
    expect(await checkout.getByRole('link', { name: 'Upgrade to Gold' }).count()).toBe(0);
    await nav(checkout).getByRole('button', { name: 'Discover' }).click();
    await checkout.getByRole('button', { name: 'Boost (1 left)' }).waitFor();
    await checkout.getByRole('button', { name: /^Filters/ }).click();
    const filters = checkout.getByRole('dialog', { name: /Advanced Filters/ });
    await filters.getByRole('combobox', { name: 'Major' }).fill('Psychology');
    expect(await filters.getByRole('slider', { name: 'Search radius' }).getAttribute('aria-valuemax')).toBe('50');
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await filters.waitFor({ state: 'detached' });
    await checkout
      .getByRole('button', { name: /^Filters/ })
      .getByText('1')
      .waitFor();

    // /manage-subscription: the active plan with its next billing date.
    await checkout.goto(`${server.url}/manage-subscription`);
    const plan = checkout.getByRole('region', { name: 'Gold Monthly' });
    await plan.getByText('Active', { exact: true }).waitFor();
    await plan.getByText('Next billing date').waitFor();
    await plan.getByText('$14.99 / month').waitFor();
    await checkout.getByRole('button', { name: 'Buy Profile Boost for $1.99' }).waitFor();
    await expectAccessible(checkout, '/manage-subscription (active)');
    await shoot(checkout, 'manage-active');

    // The customer portal in a new tab: cancel at the end of the period, back on Manage Subscription.
    const portal = await newTab(context, () =>
      plan.getByRole('button', { name: 'Manage billing / Cancel subscription' }).click(),
    );
    await portal.getByRole('button', { name: 'Cancel at the end of the period' }).click();
    await portal.waitForURL(/\/manage-subscription$/);
    const cancelled = portal.getByRole('region', { name: 'Gold Monthly' });
    await cancelled.getByText(/^Your Gold plan is cancelled and ends on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/).waitFor();
    await cancelled.getByText('Cancelled', { exact: true }).waitFor();
    await expectAccessible(portal, '/manage-subscription (cancelled)');
    await shoot(portal, 'manage-cancelled');

    // A Profile Boost at the Gold member price: 1 monthly + 1 bought.
    const boostCheckout = await newTab(context, () =>
      portal.getByRole('button', { name: 'Buy Profile Boost for $1.99' }).click(),
    );
    await boostCheckout.getByRole('button', { name: 'Pay $1.99' }).click();
    await boostCheckout.waitForURL(/\/success\?session_id=/);
    await boostCheckout.getByRole('heading', { name: 'Profile Boost added' }).waitFor({ timeout: 15_000 });
    await boostCheckout.getByText('You have 2 boosts ready to use.').waitFor();
    await expectAccessible(boostCheckout, '/success (boost)');
    await shoot(boostCheckout, 'success-boost');
    await boostCheckout.getByRole('link', { name: 'Back to Nestmate' }).click();
    await boostCheckout.getByRole('button', { name: 'Boost (2 left)' }).waitFor();

    // A free student's Manage Subscription: the free plan and the way to Gold.
    await maya.page.goto(`${server.url}/manage-subscription`);
    const free = maya.page.getByRole('region', { name: 'Free plan' });
    await free.getByRole('link', { name: 'Upgrade to Gold' }).waitFor();
    await expectAccessible(maya.page, '/manage-subscription (free)');
    await shoot(maya.page, 'manage-free');

    for (const x of [maya, casey]) await x.context.close();
  });
});

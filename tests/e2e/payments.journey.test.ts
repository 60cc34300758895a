/**
 * The payments journey in a real browser (issue 6): Casey, a free student Maya liked, sees a
 * blurred like, upgrades to Gold monthly through the local test checkout in a new tab, lands on
 * /success, then sees Maya in Who Liked You and applies an advanced filter. Manage Subscription
 * shows the plan; the customer portal cancels it at the end of the period. A Profile Boost bought
 * at the Gold member price ($1.99) adds to the boost count. axe checks every payments screen.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserMissing, expectAccessible, launchBrowser, PHONE, shootBoth } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { CASEY, completeStudent, MAYA, type Student } from './support/students';

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

  const shoot = (page: Page, name: string, viewport = PHONE) =>
    shootBoth(page, `payments-${name}`, { viewport, fullPage: true });

  async function openAs(s: Student, viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
    // Reduced motion: the screens must work without it, and axe then never measures a toast mid-fade.
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    await completeStudent(context.request, server.url, s);
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

/**
 * The foundation journey in a real browser (issue 2 §7): sign up → confirm from the mailbox →
 * agree → sign in → home → sign out, then the two-step password reset. axe-core checks every
 * screen on the way for serious or critical WCAG 2.1 AA violations.
 */
import type { Browser, Page } from 'playwright-core';
import { browserMissing, DESKTOP, expectAccessible, launchBrowser, PHONE } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const PASSWORD = 'Quiet-Study-Room-7';

describe.skipIf(browserMissing)('accounts journey (Chromium)', () => {
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

  async function latestLink(page: Page, to: string): Promise<string> {
    const res = await page.request.get(`${server.url}/api/dev/mailbox`);
    const { messages } = (await res.json()) as { messages: { to: string; link: string | null }[] };
    const link = messages.find((m) => m.to === to)?.link;
    if (!link) throw new Error(`no mail for ${to}`);
    return link;
  }

  it('signs up, confirms, agrees, signs in, lands on profile setup and signs out', async () => {
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const email = 'jordan.rivera@ucla.edu';

    await page.goto(server.url);
    await expect(page.getByRole('heading', { level: 1 })).toBeTruthy();
    await page.getByRole('button', { name: 'Accept All' }).click();
    await expectAccessible(page, 'landing');
    await page
      .getByRole('link', { name: /Get Started/ })
      .first()
      .click();

    await page.getByRole('button', { name: "I'm 18 or older, continue" }).click();
    await page.getByLabel('University Email').fill('jordan@gmail.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Please enter a valid .edu email address from your university.').waitFor();
    await expectAccessible(page, 'sign-up form with an error');

    await page.getByLabel('University Email').fill(email);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: /check your email/i }).waitFor();
    await expectAccessible(page, 'check your email');
    await page.screenshot({ path: 'test-results/journey-check-email.png' });

    // The link opened in the browser that signed up signs the student in: no password again (N67).
    await page.goto(await latestLink(page, email));
    expect(new URL(page.url()).search).toBe('?confirmed=1');
    await page.getByText('Your email is confirmed. Welcome to Nestmate!').waitFor();
    await page.getByRole('button', { name: 'Accept and Continue' }).click();
    await page.getByText('You must accept the Terms of Service and Privacy Policy to continue').waitFor();
    await page.getByRole('checkbox', { name: /Terms of Service/ }).click();
    await page.getByRole('checkbox', { name: /Privacy Policy/ }).click();
    await expectAccessible(page, 'agreement');
    await page.screenshot({ path: 'test-results/journey-confirmed-signed-in.png' });
    await page.getByRole('button', { name: 'Accept and Continue' }).click();

    await page.getByRole('heading', { name: "Let's set up your profile" }).waitFor();
    await expectAccessible(page, 'profile setup');
    await page.screenshot({ path: 'test-results/journey-home.png', fullPage: true });
    const me = await (await page.request.get(`${server.url}/api/me`)).json();
    expect(me.user).toMatchObject({ email, hasAgreement: true, hasProfile: false });

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page
      .getByRole('link', { name: /Get Started/ })
      .first()
      .waitFor();
    // Signed out is an answer, not an error (N63).
    expect(await (await page.request.get(`${server.url}/api/me`)).json()).toEqual({ user: null });

    // Signing in again takes the password, and a wrong one is refused.
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password. Please check your credentials.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: "Let's set up your profile" }).waitFor();
    await context.close();
  });

  it('resets a forgotten password in two steps and signs in with the new one', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const email = 'sky.chen@ucla.edu';
    // An account made through the API, confirmed through its link.
    const signUp = await page.request.post(`${server.url}/api/auth/sign-up`, { data: { email, password: PASSWORD } });
    expect(signUp.status()).toBe(201);
    // Confirmed as if on another device: without the sign-up's pending cookie, the link only confirms (N67).
    await context.clearCookies();
    await page.request.get(await latestLink(page, email), { maxRedirects: 0 });
    expect((await context.cookies()).map((c) => c.name)).toEqual([]);

    await page.goto(`${server.url}/sign-in`);
    await page.getByRole('button', { name: 'Accept All' }).click();
    await page.getByRole('link', { name: /Forgot password/i }).click();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Please enter your email address').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('button', { name: 'Use different email' }).waitFor();
    await expectAccessible(page, 'reset sent');

    await page.goto(await latestLink(page, email));
    await page.getByLabel('New password', { exact: true }).fill('New-Calm-Kitchen-8');
    await page.getByLabel('Confirm new password').fill('New-Calm-Kitchen-8');
    await expectAccessible(page, 'set new password');
    await page.getByRole('button', { name: 'Set New Password' }).click();

    await page.waitForURL(/\/sign-in/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('New-Calm-Kitchen-8');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Accept and Continue' }).waitFor();
    await page.screenshot({ path: 'test-results/journey-agreement-after-reset.png', fullPage: true });
    await context.close();
  });
});

/**
 * The profile journey in a real browser (issue 3): a new student completes the three-step wizard
 * with real image files (one carrying GPS EXIF), sees the main app and the Profile tab, previews
 * the profile view dialog, then edits the profile (bio, photo order, a deletion) and saves.
 * Photos come back re-encoded as WebP without EXIF (D26). axe checks every screen on the way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { PROMPTS } from '../../fixtures/prompts';
import { browserMissing, DESKTOP, launchBrowser, PHONE, seriousA11yViolations } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const PASSWORD = 'Quiet-Study-Room-7';

type OwnProfileBody = { profile: { userId: string; bio: string; photos: { id: string; url: string }[] } };

describe.skipIf(browserMissing)('profiles journey (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let dir: string;
  let files: string[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nestmate-photos-'));
    const colours = ['#1b7a73', '#f0592f', '#e39b0b', '#57534b'];
    files = [];
    for (const [i, colour] of colours.entries()) {
      const base = sharp({ create: { width: 480, height: 600, channels: 3, background: colour } });
      const path = join(dir, i === 3 ? `photo-${i}.png` : `photo-${i}.jpg`);
      if (i === 0) {
        // A phone photo with its location in the EXIF: the server must strip it.
        await base
          .jpeg()
          .withExif({ IFD0: { Make: 'E2E Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '34/1 4/1 0/1' } })
          .toFile(path);
        const meta = await sharp(path).metadata();
        expect(meta.exif, 'the fixture itself carries EXIF').toBeDefined();
      } else if (i === 3) await base.png().toFile(path);
      else await base.jpeg({ quality: 80 }).toFile(path);
      files.push(path);
    }
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function expectAccessible(page: Page, where: string) {
    expect(await seriousA11yViolations(page), where).toEqual([]);
  }

  async function shoot(page: Page, name: string) {
    await page.screenshot({ path: `test-results/profiles-${name}.png`, fullPage: true });
  }

  /** Sign-up, confirmation, agreement and sign-in through the API and the dev mailbox. */
  async function signUpAndSignIn(page: Page, email: string) {
    const signUp = await page.request.post(`${server.url}/api/auth/sign-up`, { data: { email, password: PASSWORD } });
    expect(signUp.status()).toBe(201);
    const mailbox = await page.request.get(`${server.url}/api/dev/mailbox`);
    const { messages } = (await mailbox.json()) as { messages: { to: string; link: string | null }[] };
    const link = messages.find((m) => m.to === email)?.link;
    if (!link) throw new Error(`no mail for ${email}`);
    await page.request.get(link, { maxRedirects: 0 });
    const signIn = await page.request.post(`${server.url}/api/auth/sign-in`, { data: { email, password: PASSWORD } });
    expect(signIn.status()).toBe(200);
    const agreement = await page.request.post(`${server.url}/api/agreements`, {
      data: {
        tos_accepted: true,
        privacy_accepted: true,
        marketing_accepted: false,
        accepted_at: new Date().toISOString(),
        user_agent: 'e2e',
      },
    });
    expect(agreement.status()).toBe(201);
  }

  async function ownProfile(page: Page): Promise<OwnProfileBody['profile']> {
    const res = await page.request.get(`${server.url}/api/profile`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as OwnProfileBody).profile;
  }

  it('completes the wizard, shows the profile, and edits it', async () => {
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await signUpAndSignIn(page, 'maya.lopez@ucla.edu');

    await page.goto(server.url);
    await page.getByRole('button', { name: 'Accept All' }).click();
    await page.getByRole('heading', { name: "Let's set up your profile" }).waitFor();
    await page.getByRole('button', { name: 'Get Started' }).click();

    // Step 1: Photos.
    await page.getByText('Step 1 of 3').waitFor();
    await page.getByText('You need at least 3 photos to activate your profile.').waitFor();
    expect(await page.getByRole('button', { name: 'Next Step' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'wizard step 1 (empty)');
    await page.locator('input[type=file]').setInputFiles(files);
    await page.getByText('2 remaining').waitFor({ timeout: 30_000 });
    await page.getByText('Main picture', { exact: true }).waitFor();
    await page.getByText('100% complete').waitFor();
    await expectAccessible(page, 'wizard step 1 (4 photos)');
    await shoot(page, 'wizard-photos-phone');
    await page.getByRole('button', { name: 'Next Step' }).click();

    // Step 2: Prompts.
    await page.getByText('Step 2 of 3').waitFor();
    await page.getByText('Choose 3 more prompts to continue').waitFor();
    for (const p of PROMPTS.slice(0, 3)) await page.getByRole('button', { name: p.promptText }).click();
    await page.getByText('Answer all selected prompts to continue').waitFor();
    const answers = ['Pancakes, a long run and a clean kitchen.', 'Headphones on after 10pm.', 'Board game nights.'];
    for (const [i, text] of answers.entries()) {
      await page.getByRole('textbox', { name: PROMPTS[i]!.promptText }).fill(text);
    }
    await page.getByText('100% complete').waitFor();
    await expectAccessible(page, 'wizard step 2');
    await shoot(page, 'wizard-prompts-phone');
    await page.getByRole('button', { name: 'Next Step' }).click();

    // Step 3: About you + preferences.
    await page.getByText('Step 3 of 3').waitFor();
    await page.getByText('Complete all required preferences to finish').waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Maya Lopez');
    // The school comes from the confirmed @ucla.edu address (issue 16 §1): shown locked, not chosen.
    const school = page.getByRole('textbox', { name: 'University' });
    expect(await school.inputValue()).toBe('University of California, Los Angeles');
    expect(await school.getAttribute('readonly')).not.toBeNull();
    await page.getByRole('combobox', { name: 'Major' }).fill('psych');
    await page.getByRole('option', { name: 'Psychology', exact: true }).click();
    await page.getByLabel('Class year').selectOption('2027');
    await page.getByLabel('Smoking').selectOption('no_smoking');
    await page.getByLabel('Housing status').selectOption('looking_to_join');
    await page.getByLabel('How you pay rent').selectOption('part-time');
    await page.getByLabel('Need a cosigner?').selectOption('no');
    await page.getByLabel('Move-in').selectOption('flexible');
    const cleanliness = page.getByRole('slider').first();
    await cleanliness.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await cleanliness.getAttribute('aria-valuenow')).toBe('4');
    await page.getByRole('textbox', { name: 'Preferred neighborhoods' }).fill('Westwood');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Open to all' }).click();
    await page.getByRole('spinbutton', { name: 'Minimum' }).fill('800');
    await page.getByRole('spinbutton', { name: 'Maximum' }).fill('1200');
    await page.getByText('100% complete').waitFor();
    await expectAccessible(page, 'wizard step 3');
    await shoot(page, 'wizard-preferences-phone');
    await page.setViewportSize(DESKTOP);
    await shoot(page, 'wizard-preferences-desktop');
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Complete Profile' }).click();

    await page.getByText('Profile completed!').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const me = await (await page.request.get(`${server.url}/api/me`)).json();
    expect(me.user.hasProfile).toBe(true);

    // The stored photos are re-encoded WebP without EXIF (the GPS fixture included).
    const saved = await ownProfile(page);
    expect(saved.photos).toHaveLength(4);
    for (const photo of saved.photos) {
      const res = await page.request.get(`${server.url}${photo.url}`);
      expect(res.status()).toBe(200);
      const meta = await sharp(await res.body()).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }

    // The Profile tab.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('heading', { level: 2, name: 'Maya Lopez' }).waitFor();
    await page.getByText('About Me (3/3)').waitFor();
    await page.getByRole('progressbar', { name: 'Profile completion' }).waitFor();
    await page.getByRole('img', { name: 'Maya Lopez', exact: true }).waitFor();
    expect(
      await page
        .getByRole('img', { name: 'Maya Lopez', exact: true })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await expectAccessible(page, 'profile tab');
    await shoot(page, 'profile-tab-phone');

    await page.getByRole('button', { name: 'Preview as others see it' }).click();
    const dialog = page.getByRole('dialog', { name: 'Maya Lopez' });
    await dialog.getByText('Board game nights.').waitFor();
    await expectAccessible(page, 'profile view dialog');
    await shoot(page, 'profile-view-phone');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.setViewportSize(DESKTOP);
    await shoot(page, 'profile-tab-desktop');
    await page.setViewportSize(PHONE);

    // The editor: bio, photo order, delete one, save.
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Profile' }).waitFor();
    await page.getByRole('textbox', { name: 'Bio' }).waitFor();
    await expectAccessible(page, 'editor');
    await shoot(page, 'editor-phone');
    await page.setViewportSize(DESKTOP);
    await shoot(page, 'editor-desktop');
    await page.setViewportSize(PHONE);

    const before = (await ownProfile(page)).photos.map((p) => p.id);
    await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
    await expect.poll(async () => (await ownProfile(page)).photos[0]?.id).toBe(before[1]);
    await page.getByRole('button', { name: 'Remove photo 4' }).click();
    await expect.poll(async () => (await ownProfile(page)).photos.length).toBe(3);

    await page.getByRole('textbox', { name: 'Bio' }).fill('Psych major, early riser, tidy kitchen.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile Saved!').waitFor();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?tab=profile');
    await page.getByText('Psych major, early riser, tidy kitchen.').first().waitFor();

    const after = await ownProfile(page);
    expect(after.bio).toBe('Psych major, early riser, tidy kitchen.');
    expect(after.photos.map((p) => p.id)).toEqual([before[1], before[0], before[2]]);
    await context.close();
  });
});

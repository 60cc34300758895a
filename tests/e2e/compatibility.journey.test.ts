/**
 * Issue 21 "Honest compatibility" in a real browser. Ava rules out pets in the editor's Hard
 * dealbreakers, so Sam (who has a cat) never reaches her deck. From Riley's card she opens the full
 * comparison in one tap: what agrees, what differs, and a "Talk about this" question. They match;
 * from the chat she opens the comparison again and the question lands in the composer, then sends.
 * Screens at 390×844 and 1280×800; axe checks each.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserMissing, expectAccessible, launchBrowser, PHONE, shootBoth } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { completeStudent, type Student } from './support/students';

const AVA: Student = {
  email: 'ava.chen@ucla.edu',
  name: 'Ava Chen',
  major: 'Neuroscience',
  gender: 'Female',
  colour: ['#1b7a73', '#77cfc4'],
  bio: 'Early riser, quiet weeknights, happy to cook for the flat.',
  answers: ['A run at 6am, then pancakes.', 'Lights out at 11.', 'Board games.'],
  preferences: { cleanliness: 4, noiseLevel: 2, sleepSchedule: 1, studyHabits: 4 },
  budget: [800, 1200],
  morePreferences: { guestPolicy: 1 },
};
const RILEY: Student = {
  email: 'riley.park@ucla.edu',
  name: 'Riley Park',
  major: 'Film',
  gender: 'Female',
  colour: ['#d9431c', '#ffc7b0'],
  bio: 'Film student, early runs, friends over for movie nights.',
  answers: ['Sunrise hike.', 'Movie nights on Fridays.', 'Cooking curry.'],
  preferences: { cleanliness: 4, noiseLevel: 3, sleepSchedule: 2, studyHabits: 3 },
  budget: [900, 1300],
  morePreferences: { guestPolicy: 4 },
};
const SAM: Student = {
  email: 'sam.ortiz@ucla.edu',
  name: 'Sam Ortiz',
  major: 'History',
  gender: 'Female',
  bio: 'History major with a very friendly cat.',
  answers: ['Museums.', 'Quiet evenings.', 'My cat, Biscuit.'],
  preferences: { cleanliness: 4, noiseLevel: 2, sleepSchedule: 2, studyHabits: 4 },
  budget: [800, 1200],
  lifestyle: { cookingFrequency: null, alcohol: null, pets: 'have_pets', hobbies: [] },
};

const QUESTION = 'You prefer no guests; they have guests over often. How do you each see it?';
const MESSAGE = 'I prefer no guests; you have guests over often. How do you see it?';

describe.skipIf(browserMissing)('honest compatibility journey (Chromium)', () => {
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

  const shoot = (page: Page, name: string) => shootBoth(page, `compatibility-${name}`, { viewport: PHONE });

  async function openAs(s: Student): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    await completeStudent(context.request, server.url, s);
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Accept All' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    return { context, page };
  }

  const cardName = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 });

  it('rules out a dealbreaker, compares every factor from the card, and takes a question to the chat', async () => {
    const riley = await openAs(RILEY);
    await openAs(SAM);
    const ava = await openAs(AVA);

    // Hard dealbreakers in the editor: Ava rules out pets, so Sam (a cat) leaves her deck.
    await ava.page.goto(`${server.url}/edit-profile`);
    const rules = ava.page.getByRole('group', { name: 'Hard dealbreakers' });
    await rules.getByRole('checkbox', { name: 'No pets' }).click();
    await expectAccessible(ava.page, 'editor with hard dealbreakers');
    await rules.scrollIntoViewIfNeeded();
    await shoot(ava.page, 'hard-dealbreakers');
    await ava.page.getByRole('button', { name: 'Save Changes' }).click();
    await ava.page.getByText('Profile Saved!').waitFor();

    await ava.page.goto(server.url);
    await cardName(ava.page).waitFor();
    await ava.page.getByText('1 profile left').waitFor();
    expect(await cardName(ava.page).textContent()).toBe(RILEY.name);

    // The card keeps its top reasons; one tap opens the full comparison.
    const card = ava.page.getByRole('article');
    await card.getByRole('region', { name: 'Why you match' }).waitFor();
    await shoot(ava.page, 'card');
    await card.getByRole('button', { name: 'Compare all factors with Riley' }).click();
    const dialog = ava.page.getByRole('dialog', { name: RILEY.name });
    expect(await dialog.getByRole('tab', { name: 'Compatibility' }).getAttribute('aria-selected')).toBe('true');
    const differ = dialog.getByRole('region', { name: /To talk about/ });
    await differ.getByText(QUESTION).waitFor();
    await dialog
      .getByRole('region', { name: /Where you agree/ })
      .getByText('Both early risers')
      .waitFor();
    // Not matched yet: the question is there to read, not to send.
    await dialog.getByText(/Once you match/).waitFor();
    expect(await dialog.getByRole('button', { name: /Ask in your chat/ }).count()).toBe(0);
    await expectAccessible(ava.page, 'comparison dialog');
    await shoot(ava.page, 'comparison');
    await dialog.getByRole('tab', { name: 'Profile' }).click();
    await dialog.getByText(RILEY.answers[0]).waitFor();
    await shoot(ava.page, 'profile-tab');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // They match: Ava likes Riley, Riley likes back.
    await ava.page.getByRole('button', { name: 'Like', exact: true }).click();
    await ava.page.getByText('Like sent', { exact: true }).first().waitFor();
    await riley.page.reload();
    await cardName(riley.page).waitFor();
    while ((await cardName(riley.page).textContent()) !== AVA.name) {
      await riley.page.getByRole('button', { name: 'Pass', exact: true }).click();
      await riley.page.getByText(/^Passed on/).waitFor({ state: 'attached' });
    }
    await riley.page.getByRole('button', { name: 'Like', exact: true }).click();
    await riley.page.getByRole('dialog', { name: "It's a Match" }).waitFor();

    // From the chat, the comparison's question goes into the composer, and out.
    await ava.page.goto(`${server.url}/?tab=matches`);
    await ava.page.getByRole('button', { name: `Start a chat with ${RILEY.name}` }).click();
    await ava.page.getByRole('heading', { name: RILEY.name, level: 2 }).waitFor();
    await ava.page.getByRole('button', { name: `View ${RILEY.name}'s profile` }).click();
    const again = ava.page.getByRole('dialog', { name: RILEY.name });
    await again.getByRole('tab', { name: 'Compatibility' }).click();
    await again.getByRole('button', { name: 'Ask in your chat: Guests' }).waitFor();
    await shoot(ava.page, 'comparison-matched');
    await again.getByRole('button', { name: 'Ask in your chat: Guests' }).click();
    await again.waitFor({ state: 'detached' });
    const box = ava.page.getByRole('textbox', { name: `Message ${RILEY.name}` });
    expect(await box.inputValue()).toBe(MESSAGE);
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await shoot(ava.page, 'chat-with-question');
    await ava.page.getByRole('button', { name: 'Send message' }).click();
    await ava.page.getByRole('log').getByText(MESSAGE).waitFor();
    // Sent once, and the composer empties; a reload does not bring the question back.
    await expect.poll(() => box.inputValue()).toBe('');
    expect(new URL(ava.page.url()).searchParams.get('draft')).toBeNull();
  });
});

/**
 * The hidden-words journey in a real browser (issue 15, "What people see"): two UCLA students match.
 * Maya adds a word and an emoji under Settings → Hidden words and saves. Jordan writes to her with the
 * word spaced out; in Maya's chat that message is collapsed behind "Hidden by your filters — show",
 * while his other message reads as usual. Maya opens it from the keyboard. axe checks both screens;
 * screenshots at phone and desktop widths go to test-results/.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserMissing, expectAccessible, launchBrowser, PHONE, shootBoth } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { MAYA as A, JORDAN as B, completeStudent, type Student, signedInUserId } from './support/students';

describe.skipIf(browserMissing)('hidden words journey (Chromium)', () => {
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

  async function openAs(s: Student): Promise<{ context: BrowserContext; page: Page; id: string }> {
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    await completeStudent(context.request, server.url, s);
    const id = await signedInUserId(context.request, server.url);
    const page = await context.newPage();
    await page.goto(`${server.url}/settings`);
    const accept = page.getByRole('button', { name: 'Accept All' });
    if (await accept.isVisible().catch(() => false)) await accept.click();
    return { context, page, id };
  }

  it('hides an incoming message containing a hidden word until the reader shows it', async () => {
    const a = await openAs(A);
    const b = await openAs(B);
    for (const [x, target] of [
      [a, b.id],
      [b, a.id],
    ] as const) {
      const swipe = await x.context.request.post(`${server.url}/api/swipes`, {
        data: { targetUserId: target, action: 'like' },
      });
      expect(swipe.status(), await swipe.text()).toBeLessThan(300);
    }

    // Maya: Settings → Hidden words.
    const section = a.page.getByRole('region', { name: 'Hidden words' });
    const input = section.getByLabel('Word or emoji to hide');
    await input.fill('pineapple');
    await input.press('Enter');
    await input.fill('🍍');
    await section.getByRole('button', { name: 'Add' }).click();
    const chips = section.getByRole('list', { name: 'Your hidden words' });
    await chips.getByText('🍍').waitFor();
    await section.getByRole('button', { name: 'Save hidden words' }).click();
    await a.page.getByText('Hidden words saved').waitFor();
    await expect
      .poll(async () => await (await a.context.request.get(`${server.url}/api/hidden-words`)).json())
      .toEqual({
        words: ['pineapple', '🍍'],
      });
    await expectAccessible(a.page, 'settings with hidden words');
    await section.scrollIntoViewIfNeeded();
    await shootBoth(a.page, 'hidden-words-settings-page');

    // Jordan writes twice: the word spaced out, then something ordinary.
    const started = await b.context.request.post(`${server.url}/api/conversations`, { data: { withUserId: a.id } });
    expect(started.status(), await started.text()).toBeLessThan(300);
    const { id: conversationId } = (await started.json()) as { id: string };
    const hidden = 'Is p i n e a p p l e on the house pizza a dealbreaker?';
    const ordinary = 'Want to tour the Westwood place on Saturday?';
    for (const content of [hidden, ordinary]) {
      const sent = await b.context.request.post(`${server.url}/api/conversations/${conversationId}/messages`, {
        data: { content },
      });
      expect(sent.status(), await sent.text()).toBeLessThan(300);
    }

    // Maya: the first is collapsed, the second reads as usual.
    await a.page.goto(`${server.url}/?tab=matches&conversation=${conversationId}`);
    const log = a.page.getByRole('log');
    await log.getByText(ordinary).waitFor();
    const show = log.getByRole('button', { name: `Show hidden message from ${B.name}` });
    await show.waitFor();
    await log.getByText('Hidden by your filters —').waitFor();
    expect(await log.getByText(hidden).count()).toBe(0);
    await expectAccessible(a.page, 'chat with a hidden message');
    await shootBoth(a.page, 'hidden-words-chat-collapsed');

    await show.focus();
    await a.page.keyboard.press('Enter');
    await log.getByText(hidden).waitFor();
    expect(await log.getByText('Hidden by your filters —').count()).toBe(0);
    await shootBoth(a.page, 'hidden-words-chat-shown');
  });
});

/**
 * The messaging journey in a real browser (issue 5): two UCLA students match through the API.
 * Maya (Gold, granted with the CLI) starts a chat from New Matches; Jordan sees it live, opens
 * it, and Maya sees "Read"; Jordan answers live. Maya video-calls Jordan: both reach
 * "connected" with Chromium's fake camera. Maya deletes the conversation: gone for her, kept
 * for Jordan. axe checks the list, the chat and the call screen; screenshots go to test-results/.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserMissing, DESKTOP, expectAccessible, launchBrowser, PHONE, shootBoth } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { MAYA as A, JORDAN as B, completeStudent, type Student, signedInUserId } from './support/students';

const ROOT = resolve(import.meta.dirname, '../..');

describe.skipIf(browserMissing)('messaging journey (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ fakeMedia: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shoot = (page: Page, name: string, viewport = PHONE) => shootBoth(page, `messaging-${name}`, { viewport });

  async function openAs(s: Student, viewport = PHONE): Promise<{ context: BrowserContext; page: Page; id: string }> {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    await context.grantPermissions(['camera', 'microphone'], { origin: server.url });
    await completeStudent(context.request, server.url, s);
    const id = await signedInUserId(context.request, server.url);
    const page = await context.newPage();
    return { context, page, id };
  }

  async function goToMessages(page: Page) {
    await page.goto(`${server.url}/?tab=matches`);
    const accept = page.getByRole('button', { name: 'Accept All' });
    if (await accept.isVisible().catch(() => false)) await accept.click();
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
  }

  it('chats live both ways with read receipts, video-calls, and deletes for the deleter only', async () => {
    const a = await openAs(A);
    // Headless Chromium answers 'denied' for notifications on these pages; a student's browser
    // starts at 'default', where the push offer is made (N101).
    await a.context.addInitScript(() => Object.defineProperty(Notification, 'permission', { get: () => 'default' }));
    const b = await openAs(B, DESKTOP);

    // A mutual like makes them a match.
    for (const [x, target] of [
      [a, b.id],
      [b, a.id],
    ] as const) {
      const swipe = await x.context.request.post(`${server.url}/api/swipes`, {
        data: { targetUserId: target, action: 'like' },
      });
      expect(swipe.status(), await swipe.text()).toBeLessThan(300);
    }
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', '--database', `file:${server.dir}/nestmate.db`, 'gold', 'grant', A.email],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(out).toContain('is Gold until');

    await goToMessages(a.page);
    await goToMessages(b.page);

    // A: no conversations yet, Jordan in New Matches.
    await a.page.getByRole('heading', { name: 'No conversations yet' }).waitFor();
    const startChat = a.page.getByRole('button', { name: `Start a chat with ${B.name}` });
    await startChat.waitFor();
    await expectAccessible(a.page, 'messages list (empty)');
    await shoot(a.page, 'list-empty');

    await startChat.click();
    await a.page.getByRole('heading', { name: B.name, level: 2 }).waitFor();
    const breakers = a.page.getByRole('region', { name: 'Break the ice' });
    await breakers.getByRole('button').first().waitFor();
    expect(await breakers.getByRole('button').count()).toBeLessThanOrEqual(3);
    await expectAccessible(a.page, 'empty chat with icebreakers');
    await shoot(a.page, 'chat-icebreakers');

    const aBox = a.page.getByRole('textbox', { name: `Message ${B.name}` });
    await aBox.fill('Hi Jordan! Still looking for a place near Westwood?');
    await aBox.press('Enter');
    const aLog = a.page.getByRole('log');
    await aLog.getByText('Hi Jordan! Still looking for a place near Westwood?').waitFor();
    // The push offer comes after the first message sent (N101), under the header: never over the
    // composer the student is typing in.
    const offer = a.page.getByRole('region', { name: 'Turn on notifications' });
    await offer.waitFor();
    const [offerBox, composerBox] = [await offer.boundingBox(), await aBox.boundingBox()];
    expect(offerBox && composerBox && offerBox.y + offerBox.height <= composerBox.y).toBe(true);
    await shoot(a.page, 'push-offer');
    await offer.getByRole('button', { name: 'Not now' }).click();
    await offer.waitFor({ state: 'detached' });

    // B sees the conversation arrive without reloading, unread.
    const fromMaya = b.page.getByRole('link', { name: new RegExp(`^${A.name}`) });
    await fromMaya.getByText('1 unread message').waitFor();
    await expectAccessible(b.page, 'messages list (B)');
    await shoot(b.page, 'list', DESKTOP);
    await fromMaya.click();
    const bLog = b.page.getByRole('log');
    await bLog.getByText('Hi Jordan! Still looking for a place near Westwood?').waitFor();

    // A sees the read receipt live, on the message B read.
    const first = aLog.getByRole('listitem').filter({ hasText: 'Hi Jordan! Still looking for a place near Westwood?' });
    await first.getByText('· Read', { exact: true }).waitFor();

    // B answers; A sees it live (and, with the chat open, it is read at once).
    const bBox = b.page.getByRole('textbox', { name: `Message ${A.name}` });
    await bBox.fill('Yes! I found a 2-bed on Gayley.\nWant to see it this weekend?');
    await b.page.getByRole('button', { name: 'Send message' }).click();
    await aLog.getByText(/I found a 2-bed on Gayley/).waitFor();
    // A's open chat reads the reply at once; B sees the receipt live, on the reply itself.
    const reply = bLog.getByRole('listitem').filter({ hasText: 'I found a 2-bed on Gayley' });
    await reply.getByText('· Read', { exact: true }).waitFor();
    expect(await bLog.getByText('· Read', { exact: true }).count()).toBe(1);
    await expectAccessible(a.page, 'chat (A)');
    await expectAccessible(b.page, 'chat (B)');
    await shoot(a.page, 'chat');
    await shoot(b.page, 'chat-b', DESKTOP);

    // A voice-calls B, who declines: A is told who declined (issue 17).
    await a.page.getByRole('button', { name: `Call ${B.name}` }).click();
    await a.page
      .getByRole('dialog', { name: `Call ${B.name}` })
      .getByRole('button', { name: 'Voice Call' })
      .click();
    const declining = b.page.getByRole('dialog', { name: 'Incoming voice call' });
    await declining.getByRole('button', { name: 'Decline' }).click();
    await a.page.locator('[data-sonner-toast]').getByText(`${B.name} declined`).waitFor();
    await shoot(a.page, 'call-declined');
    await a.page.locator('[data-call-state]').waitFor({ state: 'detached' });
    await declining.waitFor({ state: 'detached' });

    // A (Gold) video-calls B; B accepts; both reach connected.
    await a.page.getByRole('button', { name: `Call ${B.name}` }).click();
    const callDialog = a.page.getByRole('dialog', { name: `Call ${B.name}` });
    await callDialog.getByRole('button', { name: 'Voice Call' }).waitFor();
    await expectAccessible(a.page, 'call dialog');
    await callDialog.getByRole('button', { name: 'Video Call' }).click();
    const incoming = b.page.getByRole('dialog', { name: 'Incoming video call' });
    await incoming.getByText(A.name).first().waitFor();
    await expectAccessible(b.page, 'incoming call');
    await shoot(b.page, 'incoming', DESKTOP);
    await incoming.getByRole('button', { name: 'Accept' }).click();

    const aCall = a.page.locator('[data-call-state]');
    const bCall = b.page.locator('[data-call-state]');
    await a.page.locator('[data-call-state="connected"]').waitFor({ timeout: 20_000 });
    await b.page.locator('[data-call-state="connected"]').waitFor({ timeout: 20_000 });
    await aCall.getByText('Connected', { exact: false }).waitFor();
    // The timer runs once connected.
    await a.page.waitForTimeout(1500);
    expect(await aCall.getByRole('status').textContent()).toMatch(/0:0[1-9]/);
    expect(await a.page.getByTestId('remote-video').evaluate((v) => (v as HTMLVideoElement).videoWidth)).toBe(640);
    await aCall.getByRole('button', { name: 'Mute' }).click();
    expect(await aCall.getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(a.page, 'in-call screen');
    await shoot(a.page, 'call');
    await aCall.getByRole('button', { name: 'End call' }).click();
    await bCall.getByText('Call ended').waitFor();
    await a.page.locator('[data-call-state]').waitFor({ state: 'detached' });
    await b.page.locator('[data-call-state]').waitFor({ state: 'detached' });

    // A deletes the conversation (confirmed): gone for A, still there for B.
    await a.page.getByRole('button', { name: 'Back to conversations' }).click();
    await a.page.getByRole('button', { name: `Delete conversation with ${B.name}` }).click();
    const confirm = a.page.getByRole('dialog', { name: 'Delete conversation?' });
    await expectAccessible(a.page, 'delete confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await a.page.getByRole('link', { name: new RegExp(`^${B.name}`) }).waitFor({ state: 'detached' });
    await a.page.reload();
    await a.page.getByRole('heading', { name: 'No conversations yet' }).waitFor();
    expect(await a.page.getByRole('link', { name: new RegExp(`^${B.name}`) }).count()).toBe(0);
    await b.page.goto(`${server.url}/?tab=matches`);
    const bRow = b.page.getByRole('link', { name: new RegExp(`^${A.name}`) });
    await bRow.waitFor();

    // A tap on the server-rendered list before its JavaScript runs is not lost: the row is a link to the
    // chat's page (N247). With JavaScript off, as before hydration, the click loads that page.
    const conversationId = await bRow.getAttribute('data-conversation-id');
    const noScript = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    await noScript.addCookies(await b.context.cookies());
    const still = await noScript.newPage();
    await still.goto(`${server.url}/?tab=matches`);
    await still.getByRole('link', { name: new RegExp(`^${A.name}`) }).click();
    await still.waitForURL((url) => url.searchParams.get('conversation') === conversationId);
    expect(new URL(still.url()).searchParams.get('tab')).toBe('matches');
    await noScript.close();

    for (const x of [a, b]) await x.context.close();
  });
});

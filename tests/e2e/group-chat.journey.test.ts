/**
 * The group chat journey in three real browsers (issue 20): Maya's group has Jordan and Casey.
 * All three open the group's chat from the Messages tab; Maya and Jordan talk live, with "Read
 * by" counts; Casey leaves the group and, with her chat still open, stops receiving at once:
 * her page says the chat is gone and never shows what is said after. axe checks the list and
 * the chat; screenshots go to test-results/.
 */
import type { Browser, Page } from 'playwright-core';
import { browserMissing, DESKTOP, expectAccessible, launchBrowser, PHONE, shootBoth } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import {
  MAYA as A,
  JORDAN as B,
  CASEY as C,
  type OpenStudent,
  openStudent,
  requestAs,
  type Student,
} from './support/students';

describe.skipIf(browserMissing)('group chat journey (Chromium)', () => {
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

  const shoot = (page: Page, name: string, viewport = PHONE) => shootBoth(page, `group-chat-${name}`, { viewport });

  const openAs = (s: Student, viewport = PHONE) => openStudent(browser, server.url, s, viewport);

  const post = (x: OpenStudent, path: string, data?: object) => requestAs(x, server.url, 'post', path, data);

  async function goToMessages(page: Page) {
    await page.goto(`${server.url}/?tab=matches`);
    const accept = page.getByRole('button', { name: 'Accept All' });
    if (await accept.isVisible().catch(() => false)) await accept.click();
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
  }

  async function openGroupChat(page: Page) {
    await page
      .getByRole('region', { name: 'Group chats' })
      .getByRole('link', { name: /^Westwood Crew/ })
      .click();
    await page.getByRole('heading', { name: 'Westwood Crew', level: 2 }).waitFor();
    return page.getByRole('log', { name: 'Messages in Westwood Crew' });
  }

  it('three members chat live; one leaves and stops receiving', async () => {
    const a = await openAs(A);
    const b = await openAs(B, DESKTOP);
    const c = await openAs(C);

    // Maya makes the group; Jordan and Casey join with her codes.
    const { group } = await post(a, '/api/groups', { name: 'Westwood Crew' });
    for (const x of [b, c]) {
      const { inviteCode } = await post(a, `/api/groups/${group.id}/invite-code`);
      await post(x, '/api/groups/join', { inviteCode });
    }

    for (const x of [a, b, c]) await goToMessages(x.page);
    await a.page.getByRole('region', { name: 'Group chats' }).waitFor();
    await expectAccessible(a.page, 'messages list with a group chat');
    await shoot(a.page, 'list');

    const aLog = await openGroupChat(a.page);
    // The system lines say who joined.
    await aLog.getByText(/^Casey joined the group/).waitFor();
    const cLog = await openGroupChat(c.page);

    const aBox = a.page.getByRole('textbox', { name: 'Message Westwood Crew' });
    await aBox.fill('Who is up for a tour on Saturday?');
    await aBox.press('Enter');
    await aLog.getByText('Who is up for a tour on Saturday?').waitFor();
    await cLog.getByText('Who is up for a tour on Saturday?').waitFor();

    // Jordan sees the group chat arrive unread in his list without reloading, and opens it.
    const bRow = b.page.getByRole('region', { name: 'Group chats' }).getByRole('link', { name: /^Westwood Crew/ });
    await bRow.getByText('1 unread message').waitFor();
    const bLog = await openGroupChat(b.page);
    await bLog.getByText('Who is up for a tour on Saturday?').waitFor();
    // Who said it, and Maya sees both members read it.
    await bLog.getByText('Maya', { exact: true }).waitFor();
    const asked = aLog.getByRole('listitem').filter({ hasText: 'Who is up for a tour on Saturday?' });
    await asked.getByText('· Read by everyone').waitFor();

    // Jordan answers; Maya and Casey see it live.
    const bBox = b.page.getByRole('textbox', { name: 'Message Westwood Crew' });
    await bBox.fill('Me! The 2-bed on Gayley at 11?');
    await b.page.getByRole('button', { name: 'Send message' }).click();
    await aLog.getByText('Me! The 2-bed on Gayley at 11?').waitFor();
    await cLog.getByText('Me! The 2-bed on Gayley at 11?').waitFor();
    await expectAccessible(a.page, 'group chat (Maya)');
    await expectAccessible(b.page, 'group chat (Jordan)');
    await shoot(a.page, 'chat');
    await shoot(b.page, 'chat-jordan', DESKTOP);

    // A member's name in the header opens their profile, where Block and Report are (D20).
    await b.page.getByRole('button', { name: `View ${C.name}'s profile` }).click();
    const profile = b.page.getByRole('dialog');
    await profile.getByText(C.bio).waitFor();
    await profile.getByRole('button', { name: 'Block', exact: true }).waitFor();
    await profile.getByRole('button', { name: 'Report', exact: true }).waitFor();
    await b.page.keyboard.press('Escape');
    await profile.waitFor({ state: 'detached' });

    // Casey leaves with her chat open: her page says so, and the others see the line.
    await post(c, `/api/groups/${group.id}/leave`);
    await c.page.getByText('This group chat is not available. You may have left the group.').waitFor();
    await aLog.getByText(/^Casey left the group/).waitFor();
    await shoot(c.page, 'left');

    await aBox.fill('Just the two of us then. See you at 11!');
    await aBox.press('Enter');
    await bLog.getByText('Just the two of us then. See you at 11!').waitFor();
    // Casey's page got nothing of it: not in the page, not in her list.
    await c.page.getByRole('button', { name: 'Back to conversations' }).click();
    await c.page.getByRole('heading', { name: 'No conversations yet' }).waitFor();
    expect(await c.page.getByText('Just the two of us then').count()).toBe(0);
    expect(await c.page.getByRole('region', { name: 'Group chats' }).count()).toBe(0);
    // And the server refuses her the history.
    const history = await c.context.request.get(`${server.url}/api/conversations/group-${group.id}/messages`);
    expect(history.status()).toBe(404);

    for (const x of [a, b, c]) await x.context.close();
  });
});

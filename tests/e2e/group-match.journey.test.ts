/**
 * The group match journey in three real browsers (issue 20): Maya and Jordan search as the group
 * "Westwood Crew" and both like Casey on Discover. Casey sees the group on their cards, likes Maya
 * back: "It's a Group Match" for her, a live notice for Maya and Jordan. All three open the one
 * conversation from Messages and chat live; Jordan leaves the group and, with the chat open,
 * stops receiving at once. Screenshots of the group card and the group match chat at phone and
 * desktop widths go to test-results/.
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

describe.skipIf(browserMissing)('group match journey (Chromium)', () => {
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

  const shoot = (page: Page, name: string, viewport = PHONE) => shootBoth(page, `group-match-${name}`, { viewport });
  const CHAT = `Westwood Crew & ${C.name.split(' ')[0]}`;

  const openAs = (s: Student, viewport = PHONE) => openStudent(browser, server.url, s, viewport);

  const call = (x: OpenStudent, method: 'post' | 'put', path: string, data?: object) =>
    requestAs(x, server.url, method, path, data);

  async function goTo(page: Page, path: string) {
    await page.goto(`${server.url}${path}`);
    const accept = page.getByRole('button', { name: 'Accept All' });
    if (await accept.isVisible().catch(() => false)) await accept.click();
  }

  const cardName = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 });

  async function openMatchChat(page: Page) {
    await goTo(page, '/?tab=matches');
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await page
      .getByRole('region', { name: 'Group chats' })
      .getByRole('link', { name: new RegExp(`^${CHAT}`) })
      .click();
    await page.getByRole('heading', { name: CHAT, level: 2 }).waitFor();
    return page.getByRole('log', { name: `Messages in ${CHAT}` });
  }

  it('two members like a student as a group, she likes back, all three chat live, one leaves', async () => {
    const a = await openAs(A);
    const b = await openAs(B, DESKTOP);
    const c = await openAs(C);

    // Maya makes the group, Jordan joins; both search as the group.
    const { group } = await call(a, 'post', '/api/groups', { name: 'Westwood Crew' });
    const { inviteCode } = await call(a, 'post', `/api/groups/${group.id}/invite-code`);
    await call(b, 'post', '/api/groups/join', { inviteCode });
    for (const x of [a, b]) await call(x, 'put', '/api/group-mode', { mode: 'group', activeGroupId: group.id });

    // Maya and Jordan: Discover in group mode shows Casey (members are left out); both like her.
    for (const x of [a, b]) {
      await goTo(x.page, '/');
      await cardName(x.page).filter({ hasText: C.name }).waitFor();
      await x.page.getByRole('button', { name: 'Like', exact: true }).click();
      await x.page.getByText('Like sent', { exact: true }).first().waitFor();
    }

    // Casey sees the group on both members' cards: its name, its score and each member's.
    await goTo(c.page, '/');
    const card = c.page.getByRole('article');
    const groupCard = card.getByRole('region', { name: 'Searching as a group: Westwood Crew' });
    await groupCard.waitFor();
    const members = groupCard.getByRole('list', { name: 'Members of Westwood Crew' }).getByRole('listitem');
    expect(await members.count()).toBe(2);
    await expectAccessible(c.page, 'discover with a group card');
    await groupCard.scrollIntoViewIfNeeded();
    await shoot(c.page, 'card');

    // She likes whoever is first: either is the group, so it is a group match.
    await c.page.getByRole('button', { name: 'Like', exact: true }).click();
    const popup = c.page.getByRole('dialog', { name: "It's a Group Match" });
    await popup.getByText('You and Westwood Crew liked each other.', { exact: false }).waitFor();
    await shoot(c.page, 'popup');
    // Maya and Jordan are told live, wherever they are.
    for (const x of [a, b]) {
      await x.page.locator('[data-sonner-toast]').filter({ hasText: "It's a Group Match" }).waitFor();
    }
    await popup.getByRole('button', { name: 'Send Message' }).click();
    await c.page.getByRole('heading', { name: CHAT, level: 2 }).waitFor();
    const cLog = c.page.getByRole('log', { name: `Messages in ${CHAT}` });

    const aLog = await openMatchChat(a.page);
    const bLog = await openMatchChat(b.page);

    const cBox = c.page.getByRole('textbox', { name: `Message ${CHAT}` });
    await cBox.fill('Hi both! Free for a tour Saturday?');
    await cBox.press('Enter');
    await aLog.getByText('Hi both! Free for a tour Saturday?').waitFor();
    await bLog.getByText('Hi both! Free for a tour Saturday?').waitFor();

    const aBox = a.page.getByRole('textbox', { name: `Message ${CHAT}` });
    await aBox.fill('Yes! The 3-bed on Gayley at 11?');
    await aBox.press('Enter');
    await cLog.getByText('Yes! The 3-bed on Gayley at 11?').waitFor();
    await bLog.getByText('Yes! The 3-bed on Gayley at 11?').waitFor();
    await expectAccessible(a.page, 'group match chat (Maya)');
    await expectAccessible(b.page, 'group match chat (Jordan)');
    await shoot(a.page, 'chat');
    await shoot(b.page, 'chat-jordan', DESKTOP);

    // Jordan leaves the group with the chat open: it is gone for him, and nothing more reaches him.
    await call(b, 'post', `/api/groups/${group.id}/leave`);
    await aBox.fill('See you at 11, Casey!');
    await aBox.press('Enter');
    await cLog.getByText('See you at 11, Casey!').waitFor();
    await b.page.reload();
    await b.page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    expect(await b.page.getByText('See you at 11, Casey!').count()).toBe(0);
    expect(await b.page.getByRole('link', { name: new RegExp(`^${CHAT}`) }).count()).toBe(0);
    const conversationId = new URL(c.page.url()).searchParams.get('conversation');
    expect(conversationId).toMatch(/^gmatch-/);
    const history = await b.context.request.get(`${server.url}/api/conversations/${conversationId}/messages`);
    expect(history.status()).toBe(404);

    for (const x of [a, b, c]) await x.context.close();
  });
});

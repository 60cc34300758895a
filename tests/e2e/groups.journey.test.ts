/**
 * Issue 7's journey: A creates a group and an invite code, B joins with it in another browser,
 * both see each other as members, A switches to Group mode and the deck changes; a day later
 * (the server's test clock) the code is refused.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { GROUP_MESSAGES } from '../../core/groups/rules';
import { browserMissing, expectAccessible, launchBrowser, PHONE, shootBoth } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { CASEY, completeStudent, JORDAN, MAYA, type Student, student } from './support/students';

const A = MAYA;
const B = JORDAN;
const C = CASEY;

describe.skipIf(browserMissing)('groups journey (Chromium)', () => {
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

  const shoot = (page: Page, name: string) => shootBoth(page, `groups-${name}`);

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

  async function openManageGroups(page: Page) {
    // A button of the server-rendered Discover: a tap before hydration is held and replayed (N253).
    await page.getByRole('button', { name: /^Search mode:/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Groups' });
    await dialog.waitFor();
    return dialog;
  }

  it('creates a group, shares a code, switches the deck to Group mode, and refuses the code a day later', async () => {
    const a = await openAs(A);
    const b = await openAs(B);
    await completeStudent((await browser.newContext()).request, server.url, C);
    await completeStudent((await browser.newContext()).request, server.url, student('dana.kim@ucla.edu', 'Dana Kim'));

    // Solo: A's deck holds B, C and Dana.
    await a.page.reload();
    await cardName(a.page).waitFor();
    await a.page.getByText('3 profiles left').waitFor();
    await a.page.getByText('Solo', { exact: true }).waitFor();

    // A: Manage Groups → Create Group (the name is required) → Generate Invite Code.
    let manage = await openManageGroups(a.page);
    await manage.getByRole('heading', { name: 'No groups yet' }).waitFor();
    await expect(manage.getByRole('radio', { name: /Group/ }).isDisabled()).resolves.toBe(true);
    await expectAccessible(a.page, 'manage groups (empty)');
    await manage.getByRole('button', { name: 'Create Group' }).click();
    const create = a.page.getByRole('dialog', { name: 'Create Group' });
    await create.getByRole('button', { name: 'Create Group' }).click();
    await create.getByText(GROUP_MESSAGES.nameRequired).waitFor();
    await create.getByLabel('Group name').fill('Westwood Crew');
    await create.getByLabel('Description (optional)').fill('Three bedrooms near campus, under $1,200 each.');
    await expectAccessible(a.page, 'create group');
    await shoot(a.page, 'create');
    await create.getByRole('button', { name: 'Create Group' }).click();
    await create.waitFor({ state: 'detached' });
    const card = manage.getByRole('listitem', { name: 'Westwood Crew' });
    await card.getByText('Admin').waitFor();
    await card.getByRole('button', { name: 'Generate Invite Code' }).click();
    const codeText = card.getByText(/^[A-Z2-9]{6}$/);
    await codeText.waitFor();
    const code = (await codeText.textContent()) ?? '';
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
    await shoot(a.page, 'code');

    // B: Join Group; an empty code gets the spec's message; the code is typed in lower case.
    const bManage = await openManageGroups(b.page);
    await bManage.getByRole('button', { name: 'Join Group' }).click();
    const join = b.page.getByRole('dialog', { name: 'Join Group' });
    await join.getByRole('button', { name: 'Join Group' }).click();
    await join.getByText(GROUP_MESSAGES.codeRequired).waitFor();
    await join.getByLabel('Invite code').fill(code.toLowerCase());
    await expect(join.getByLabel('Invite code').inputValue()).resolves.toBe(code);
    await expectAccessible(b.page, 'join group');
    await join.getByRole('button', { name: 'Join Group' }).click();
    await join.waitFor({ state: 'detached' });
    const bCard = bManage.getByRole('listitem', { name: 'Westwood Crew' });
    const bMembers = bCard.getByRole('list', { name: 'Members of Westwood Crew' });
    await bMembers.getByText(A.name).waitFor();
    await bMembers.getByText(`${B.name} (you)`).waitFor();
    await expect(bCard.getByRole('button', { name: 'Generate Invite Code' }).count()).resolves.toBe(0);
    await shoot(b.page, 'member');

    // A, Manage Groups still open, sees B join live (issue 17); Set Active, then the Group option.
    const aCard = manage.getByRole('listitem', { name: 'Westwood Crew' });
    await aCard.getByRole('list', { name: 'Members of Westwood Crew' }).getByText(B.name).waitFor();
    await aCard.getByRole('button', { name: 'Set Active' }).click();
    await aCard.getByText('Active', { exact: true }).waitFor();
    await expect(manage.getByRole('radio', { name: /Group/ }).isChecked()).resolves.toBe(true);
    await expectAccessible(a.page, 'manage groups (active)');
    await shoot(a.page, 'manage');
    await a.page.keyboard.press('Escape');
    await manage.waitFor({ state: 'detached' });

    // The deck is now the group's: B is a member, so out of it; the chip names the group.
    await a.page.getByText('Group · Westwood Crew', { exact: true }).waitFor();
    await a.page.getByText('2 profiles left').waitFor();
    for (let i = 0; i < 2; i++) {
      expect(await cardName(a.page).textContent()).not.toBe(B.name);
      await a.page.getByRole('button', { name: 'Pass', exact: true }).click();
      await a.page
        .getByText(/^Passed on/)
        .first()
        .waitFor({ state: 'attached' });
    }
    await shoot(a.page, 'group-deck');

    // The mode survives a reload.
    await a.page.reload();
    await a.page.getByText('Group · Westwood Crew', { exact: true }).waitFor();
    await expectAccessible(a.page, 'discover in group mode');
    await shoot(a.page, 'chip');

    // A day later (the server's test clock) the code is refused.
    const later = await a.context.request.post(`${server.url}/dev/clock`, {
      data: { advanceMs: 24 * 3_600_000 + 1000 },
      headers: { origin: server.url },
    });
    expect(later.status()).toBe(200);
    const c = await openAs(student('eli.park@ucla.edu', 'Eli Park'));
    const cManage = await openManageGroups(c.page);
    await cManage.getByRole('button', { name: 'Join Group' }).click();
    const late = c.page.getByRole('dialog', { name: 'Join Group' });
    await late.getByLabel('Invite code').fill(code);
    await late.getByRole('button', { name: 'Join Group' }).click();
    await late.getByText(GROUP_MESSAGES.expiredCode).waitFor();

    // Leaving the active group puts A back in Solo mode.
    await a.page.reload();
    manage = await openManageGroups(a.page);
    await manage.getByRole('listitem', { name: 'Westwood Crew' }).getByRole('button', { name: 'Leave Group' }).click();
    const confirm = a.page.getByRole('dialog', { name: 'Leave Westwood Crew?' });
    await confirm.getByText('The member who joined first after you becomes the admin.').waitFor();
    await confirm.getByRole('button', { name: 'Leave Group' }).click();
    await manage.getByRole('heading', { name: 'No groups yet' }).waitFor();
    await a.page.keyboard.press('Escape');
    await a.page.getByText('Solo', { exact: true }).waitFor();

    await b.page.reload();
    const bAgain = await openManageGroups(b.page);
    await bAgain.getByRole('listitem', { name: 'Westwood Crew' }).getByText('Admin').waitFor();
    for (const x of [a, b, c]) await x.context.close();
  });
});

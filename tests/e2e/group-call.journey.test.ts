/**
 * The group call journey in three real browsers with fake cameras (issue 20, N127–N129): Maya
 * (Gold) calls her group "Sunset Five" from its chat. Jordan joins from the ring; Casey says "Not
 * now", then joins from the chat's "Join call". All three see and hear the other two over a mesh
 * of connections. Casey leaves the group and is out of the call at once; Jordan leaves the call;
 * Maya, alone, hangs up and the chat's "Join call" goes away. axe checks the ring and the call
 * screen; screenshots go to test-results/.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  browserMissing,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  PHONE,
  shootBoth,
  waitForHydration,
} from './support/browser';
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

const ROOT = resolve(import.meta.dirname, '../..');
const GROUP = 'Sunset Five';

describe.skipIf(browserMissing)('group call journey (Chromium, fake camera)', () => {
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

  const shoot = (page: Page, name: string, viewport = PHONE) => shootBoth(page, `group-call-${name}`, { viewport });

  const openAs = (s: Student, viewport = PHONE) => openStudent(browser, server.url, s, viewport);

  const post = (x: OpenStudent, path: string, data?: object) => requestAs(x, server.url, 'post', path, data);

  async function openGroupChat(page: Page) {
    await page.goto(`${server.url}/?tab=matches`);
    const accept = page.getByRole('button', { name: 'Accept All' });
    if (await accept.isVisible().catch(() => false)) await accept.click();
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    const row = page.getByRole('region', { name: 'Group chats' }).getByRole('link', { name: new RegExp(`^${GROUP}`) });
    // Opened in place, not by loading the page anew: its live connection must be up for the ring.
    await waitForHydration(row);
    await row.click();
    await page.getByRole('heading', { name: GROUP, level: 2 }).waitFor();
  }

  /** The call screen's tiles of the others, and how many of them are through. */
  const connectedPeers = (page: Page) => page.locator('[data-testid="group-call-peer"][data-connected]');

  it('a Gold member calls the group; two join (from the ring and from the chat), see each other, and leave', async () => {
    const a = await openAs(A);
    const b = await openAs(B, DESKTOP);
    const c = await openAs(C);
    const { group } = await post(a, '/api/groups', { name: GROUP });
    for (const x of [b, c]) {
      const { inviteCode } = await post(a, `/api/groups/${group.id}/invite-code`);
      await post(x, '/api/groups/join', { inviteCode });
    }
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', '--database', `file:${server.dir}/nestmate.db`, 'gold', 'grant', A.email],
      { cwd: ROOT, encoding: 'utf8' },
    );
    for (const x of [a, b, c]) await openGroupChat(x.page);

    // Maya calls the group: video.
    await a.page.getByRole('button', { name: 'Call the group' }).click();
    const choose = a.page.getByRole('dialog', { name: 'Call the group' });
    await choose.getByText('up to 4 people at once').waitFor();
    await choose.getByRole('button', { name: 'Video Call' }).click();
    const aCall = a.page.locator('[data-call-state]');
    await aCall.getByText('Waiting for others to join…').waitFor();

    // Jordan's ring: he joins from it.
    const ring = b.page.getByRole('dialog', { name: 'Incoming group video call' });
    await ring.getByText(`${A.name} started a call in your group.`).waitFor();
    await expectAccessible(b.page, 'group call ring');
    await shoot(b.page, 'ring', DESKTOP);
    await ring.getByRole('button', { name: 'Join' }).click();

    // Casey says "Not now", then joins from the chat header, which shows who is in it.
    const caseyRing = c.page.getByRole('dialog', { name: 'Incoming group video call' });
    await caseyRing.getByRole('button', { name: 'Not now' }).click();
    const join = c.page.getByRole('button', { name: /^Join call/ });
    await join.waitFor();
    await shoot(c.page, 'join-button');
    await join.click();

    for (const x of [a, b, c]) {
      await expect.poll(() => connectedPeers(x.page).count(), { timeout: 30_000 }).toBe(2);
    }
    await aCall.getByText('3 in the call').waitFor();
    // Real video from both others (WebRTC may start below the fake camera's 640×480 and ramp up).
    const widths = () =>
      connectedPeers(a.page)
        .locator('video')
        .evaluateAll((videos) => videos.map((v) => (v as HTMLVideoElement).videoWidth));
    await expect.poll(async () => (await widths()).filter((w) => w > 0).length, { timeout: 10_000 }).toBe(2);
    await aCall.getByRole('button', { name: 'Mute' }).click();
    expect(await aCall.getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(a.page, 'group call screen');
    await shoot(a.page, 'three');

    // Casey leaves the group: she is out of its call at once, and the others lose her tile.
    await post(c, `/api/groups/${group.id}/leave`);
    await c.page.locator('[data-call-state="ended"]').getByText('You’re no longer in this group').waitFor();
    for (const x of [a, b]) await expect.poll(() => connectedPeers(x.page).count(), { timeout: 10_000 }).toBe(1);

    // Jordan leaves the call; Maya, alone, waits, then hangs up and the call is over for the group.
    await b.page.locator('[data-call-state]').getByRole('button', { name: 'Leave call' }).click();
    await aCall.getByText('Waiting for others to join…').waitFor();
    await b.page.locator('[data-call-state]').waitFor({ state: 'detached' });
    await expect.poll(() => b.page.getByRole('button', { name: /^Join call/ }).count(), { timeout: 10_000 }).toBe(1);
    await aCall.getByRole('button', { name: 'Leave call' }).click();
    await a.page.locator('[data-call-state]').waitFor({ state: 'detached' });
    await b.page.getByRole('button', { name: /^Join call/ }).waitFor({ state: 'detached' });
    await b.page.getByRole('button', { name: 'Call the group' }).waitFor();
    for (const x of [a, b, c]) await x.context.close();
  });
});

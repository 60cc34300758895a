/**
 * The settings and safety journey in a real browser (issue 9; D20, D25): two UCLA students match
 * and chat. Maya exports her data (the archive holds her message), keeps two emergency contacts
 * and switches the primary, then blocks Jordan from the chat header: the chat, the match and
 * discovery lose each other for both. An anonymous visitor reports a critical incident from
 * /security-center and the security team's alert lands in the outbox. axe checks each screen;
 * screenshots at phone and desktop widths go to test-results/.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { browserMissing, expectAccessible, launchBrowser, PHONE, shootBoth } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { MAYA as A, JORDAN as B, completeStudent, type Student, signedInUserId } from './support/students';

describe.skipIf(browserMissing)('settings and safety journey (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ SECURITY_ALERT_EMAIL: 'security@nestmate.app' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shoot = (page: Page, name: string) => shootBoth(page, `settings-${name}`, { viewport: PHONE });

  async function openAs(s: Student): Promise<{ context: BrowserContext; page: Page; id: string }> {
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce', acceptDownloads: true });
    await completeStudent(context.request, server.url, s);
    const id = await signedInUserId(context.request, server.url);
    const page = await context.newPage();
    await page.goto(`${server.url}/settings`);
    const accept = page.getByRole('button', { name: 'Accept All' });
    if (await accept.isVisible().catch(() => false)) await accept.click();
    return { context, page, id };
  }

  const listIds = async (request: APIRequestContext) => {
    const conversations = (await (await request.get(`${server.url}/api/conversations`)).json()) as {
      conversations: { otherUser: { userId: string } }[];
    };
    const matches = (await (await request.get(`${server.url}/api/matches`)).json()) as {
      matches: { userId: string }[];
    };
    const deck = (await (await request.post(`${server.url}/api/discover/deck`, { data: {} })).json()) as {
      candidates: { userId: string }[];
    };
    return {
      conversations: conversations.conversations.map((c) => c.otherUser.userId),
      matches: matches.matches.map((m) => m.userId),
      deck: deck.candidates.map((c) => c.userId),
    };
  };

  it('exports, keeps emergency contacts, blocks from the chat header; anonymous critical incident alerts', async () => {
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
    const started = await a.context.request.post(`${server.url}/api/conversations`, { data: { withUserId: b.id } });
    expect(started.status(), await started.text()).toBeLessThan(300);
    const conversation = (await started.json()) as { id: string };
    const hello = 'Hi Jordan! Want to tour the Westwood place on Saturday?';
    const sent = await a.context.request.post(`${server.url}/api/conversations/${conversation.id}/messages`, {
      data: { content: hello },
    });
    expect(sent.status(), await sent.text()).toBeLessThan(300);

    // Settings.
    const { page } = a;
    await page.goto(`${server.url}/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    // The marketing switch the Terms screen promises (issue 17): on, and kept after a reload.
    const marketing = page.getByRole('switch', { name: 'Marketing Emails' });
    await expect(marketing.getAttribute('aria-checked')).resolves.toBe('false');
    await marketing.click();
    await page.getByText('Marketing emails on').waitFor();
    await page.reload();
    // Polled: right after the reload the switch shows its default until the saved choice has loaded.
    await expect.poll(() => marketing.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('true');
    await expectAccessible(page, 'settings');
    await shoot(page, 'home');

    // Data export: pending, then Download once the server has built it (~10 s), holding the message.
    await page.getByRole('button', { name: /Data Management/ }).click();
    const data = page.getByRole('dialog', { name: 'Data Management' });
    await data.getByRole('button', { name: 'Request Data Export' }).click();
    await data.getByText(/Pending/).waitFor();
    await expectAccessible(page, 'data management (pending)');
    await shoot(page, 'data-pending');
    const download = data.getByRole('button', { name: 'Download' });
    await download.waitFor({ timeout: 20_000 });
    await shoot(page, 'data-ready');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const archive = await readFile((await file.path()) ?? '', 'utf8');
    expect(archive).toContain(hello);
    expect(file.suggestedFilename()).toMatch(/^nestmate-export-.*\.json$/);
    await data.getByRole('button', { name: 'Delete My Account' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(confirmDelete.getByRole('button', { name: 'Permanently Delete Account' }).isDisabled()).resolves.toBe(
      true,
    );
    await expectAccessible(page, 'delete confirmation');
    await shoot(page, 'delete-confirm');
    await confirmDelete.getByRole('button', { name: 'Cancel' }).click();
    await page.keyboard.press('Escape');

    // Feature requests modal.
    await page.getByRole('button', { name: /Feature Requests/ }).click();
    const ideas = page.getByRole('dialog', { name: 'Feature Requests' });
    await ideas.getByLabel('Title').fill('Filter by pet-friendly places');
    await ideas.getByLabel('Description').fill('I have a cat and need roommates who are fine with it.');
    await expectAccessible(page, 'feature requests');
    await shoot(page, 'feature-requests');
    await ideas.getByRole('button', { name: 'Submit Request' }).click();
    await page
      .getByRole('dialog', { name: 'Thank you!' })
      .getByRole('button', { name: 'Submit Another Request' })
      .waitFor();
    await page.keyboard.press('Escape');

    // Emergency contacts: the first is primary; switching puts the other first.
    await page.goto(`${server.url}/emergency-contact`);
    await page.getByRole('heading', { name: 'No emergency contacts yet' }).waitFor();
    for (const [name, phone, relationship] of [
      ['Elena Lopez', '(310) 555-0142', 'Parent'],
      ['Diego Lopez', '+1 213 555 0199', 'Sibling'],
    ] as const) {
      await page.getByRole('button', { name: 'Add Contact' }).click();
      const form = page.getByRole('dialog');
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Phone number').fill(phone);
      await form.getByLabel(/Relationship/).selectOption(relationship);
      if (name === 'Elena Lopez') {
        await expectAccessible(page, 'add contact');
        await shoot(page, 'contact-form');
      }
      await form.getByRole('button', { name: 'Add Contact' }).click();
      // The dialog closes once the server has the contact; if it does not, say what the page shows.
      await form.waitFor({ state: 'hidden' }).catch(async (error: unknown) => {
        const toasts = await page.locator('[data-sonner-toast]').allTextContents();
        throw new Error(`${String(error)}\ntoasts: ${toasts.join(' | ')}\nserver: ${server.output().slice(-1500)}`);
      });
      await page.getByRole('listitem').filter({ hasText: name }).waitFor();
    }
    const rows = page.getByRole('list', { name: 'Your emergency contacts' }).getByRole('listitem');
    await expect(rows.first().textContent()).resolves.toMatch(/Elena Lopez.*Primary/);
    // Stored as digits, shown the U.S. way (issue 17).
    await rows.first().getByRole('link', { name: '(310) 555-0142' }).waitFor();
    await page.getByRole('button', { name: 'Set Diego Lopez as primary' }).click();
    await page.getByRole('button', { name: 'Set Elena Lopez as primary' }).waitFor();
    await expect(rows.first().textContent()).resolves.toMatch(/Diego Lopez.*Primary/);
    await expectAccessible(page, 'emergency contacts');
    await shoot(page, 'emergency-contacts');

    // Block from the chat header.
    await page.goto(`${server.url}/?tab=matches&conversation=${conversation.id}`);
    await page.getByRole('heading', { name: B.name, level: 2 }).waitFor();
    await page.getByRole('button', { name: `Safety options for ${B.name}` }).click();
    await expectAccessible(page, 'safety options');
    await shoot(page, 'safety-options');
    await page.getByRole('button', { name: `Report ${B.name}` }).click();
    await page.getByRole('dialog', { name: `Report ${B.name}` }).waitFor();
    await expectAccessible(page, 'report dialog');
    await shoot(page, 'report');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Safety options for ${B.name}` }).click();
    await page.getByRole('button', { name: `Block ${B.name}` }).click();
    const confirmBlock = page.getByRole('dialog', { name: `Block ${B.name}?` });
    await expectAccessible(page, 'block confirmation');
    await shoot(page, 'block-confirm');
    await confirmBlock.getByRole('button', { name: 'Block' }).click();
    await page.getByRole('heading', { name: 'No conversations yet' }).waitFor();
    for (const [x, other] of [
      [a, b.id],
      [b, a.id],
    ] as const) {
      const seen = await listIds(x.context.request);
      expect(seen.conversations).not.toContain(other);
      expect(seen.matches).not.toContain(other);
      expect(seen.deck).not.toContain(other);
    }
    await b.page.goto(`${server.url}/?tab=matches`);
    await b.page.getByRole('heading', { name: 'No conversations yet' }).waitFor();

    await page.goto(`${server.url}/blocked-users`);
    await page.getByRole('listitem').filter({ hasText: B.name }).waitFor();
    await expectAccessible(page, 'blocked users');
    await shoot(page, 'blocked-users');

    // An anonymous critical incident mails the security team.
    const anon = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    const visitor = await anon.newPage();
    await visitor.goto(`${server.url}/security-center`);
    const accept = visitor.getByRole('button', { name: 'Accept All' });
    if (await accept.isVisible().catch(() => false)) await accept.click();
    await visitor.getByLabel('Incident type').selectOption('account_compromise');
    await visitor.getByLabel('Severity').selectOption('critical');
    await visitor.getByLabel(/^Subject/).fill('Someone took over my roommate listing');
    await visitor.getByLabel(/^Description/).fill('My account posted a deposit request I never wrote.');
    await visitor.getByLabel(/^Contact e-mail/).fill('worried.student@ucla.edu');
    await visitor.getByRole('button', { name: 'Submit Security Report' }).click();
    await visitor.getByText('Security report submitted').waitFor();
    const mailbox = (await (await anon.request.get(`${server.url}/api/dev/mailbox`)).json()) as {
      messages: { to: string; subject: string }[];
    };
    expect(mailbox.messages).toContainEqual(
      expect.objectContaining({
        to: 'security@nestmate.app',
        subject: '[CRITICAL] Security incident: Someone took over my roommate listing',
      }),
    );
    await anon.close();
    await a.context.close();
    await b.context.close();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { toast } from 'sonner';
import { MESSAGE_MESSAGES } from '../../../../../core/messaging/rules';
import { RECIPIENT_WARNINGS } from '../../../../../core/moderation/warnings';
import { GENERIC_MESSAGES } from '../../../../../core/shared/errors';
import { db, seedSignedInUser } from '../../../test/db';
import {
  messagingTest,
  pushFrame,
  resetMessagingTest,
  seedConversation,
  seedMessage,
} from '../../../test/messaging-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';
import { server } from '../../../test/server';

vi.setConfig({ testTimeout: 20_000 });

const SCAM = 'Wire the deposit before the viewing, I am abroad';

async function openChat(conversationId: string) {
  const utils = renderApp(`/?tab=matches&conversation=${conversationId}`);
  return { ...utils, chat: await screen.findByRole('log') };
}

describe('the safety shield in the chat (issue 15)', () => {
  beforeEach(() => {
    skipCookieBanner();
    toast.dismiss();
    resetMessagingTest();
  });

  it('warns under a flagged incoming message only, with Report and Block opening the safety flows', async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, { name: 'Jordan Rivera' }, [
      { content: SCAM, flag: 'rental_scam' },
      { content: 'Pay me on Zelle, my own words', mine: true, flag: 'off_platform' },
      { content: 'Or come see it Saturday' },
    ]);
    const { user, chat } = await openChat(c.id);
    const warnings = await within(chat).findAllByRole('note', { name: 'Safety warning' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toHaveTextContent(RECIPIENT_WARNINGS.rental_scam);
    // It sits under the scam, not under the sender's own flagged message.
    expect(warnings[0]?.closest('li')).toHaveTextContent(SCAM);

    await user.click(within(warnings[0] as HTMLElement).getByRole('button', { name: 'Report Jordan Rivera' }));
    const report = await screen.findByRole('dialog', { name: 'Report Jordan Rivera' });
    await user.click(within(report).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(warnings[0] as HTMLElement).getByRole('button', { name: 'Block Jordan Rivera' }));
    const block = await screen.findByRole('dialog', { name: 'Block Jordan Rivera?' });
    await user.click(within(block).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(db.block.count()).toBe(1));
  });

  it('shows the warning on a live message too', async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'Hi!' }]);
    const { chat } = await openChat(c.id);
    await within(chat).findByText('Hi!');
    const live = seedMessage(c.id, c.other.userId, 'Send your school password to verify');
    pushFrame({
      type: 'message.created',
      message: { ...live, warning: { category: 'phishing', text: RECIPIENT_WARNINGS.phishing } },
    });
    expect(await within(chat).findByRole('note', { name: 'Safety warning' })).toHaveTextContent(
      RECIPIENT_WARNINGS.phishing,
    );
  });

  it('asks "Are you sure?" before a harassing message: Edit keeps the draft, Send anyway sends it confirmed', async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'Hi!' }]);
    messagingTest.nudgeOn = 'worthless';
    const { user, chat } = await openChat(c.id);
    const box = screen.getByRole('textbox', { name: 'Message Jordan Rivera' });
    await user.type(box, 'You are worthless{Enter}');

    let dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('This message may hurt or upset the other person.');
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(box).toHaveValue('You are worthless');
    expect(box).toHaveFocus();
    expect(db.message.count({ where: { conversationId: { equals: c.id } } })).toBe(1);

    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send anyway' }));
    expect(await within(chat).findByText('You are worthless')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(messagingTest.sent).toEqual([
      { content: 'You are worthless' },
      { content: 'You are worthless' },
      { content: 'You are worthless', confirmed: true },
    ]);
  });

  it('marks the sender’s own held message "Pending review" until an admin releases it', async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, { name: 'Jordan Rivera' }, [
      { content: 'Hi!' },
      { content: 'Earlier held message', mine: true, held: true },
    ]);
    messagingTest.holdOn = 'password';
    const { user, chat } = await openChat(c.id);
    const earlier = (await within(chat).findByText('Earlier held message')).closest('li') as HTMLElement;
    expect(earlier).toHaveTextContent('Pending review');
    expect((await within(chat).findByText('Hi!')).closest('li')).not.toHaveTextContent('Pending review');

    await user.type(screen.getByRole('textbox', { name: 'Message Jordan Rivera' }), 'Send me your password{Enter}');
    const sent = (await within(chat).findByText('Send me your password')).closest('li') as HTMLElement;
    await waitFor(() => expect(sent).toHaveTextContent('Pending review'));

    // The admin approves: the release frame replaces it, delivered.
    const [row] = db.message.findMany({ where: { content: { equals: 'Earlier held message' } } });
    messagingTest.held.delete(row!.id);
    pushFrame({ type: 'message.created', message: { ...row, warning: null, pendingReview: false } });
    await waitFor(() =>
      expect(within(chat).getByText('Earlier held message').closest('li')).not.toHaveTextContent('Pending review'),
    );
    expect(within(chat).getAllByText(/Pending review/)).toHaveLength(1);
  });
});

describe('verification in the chat (issue 16)', () => {
  beforeEach(() => {
    skipCookieBanner();
    toast.dismiss();
    resetMessagingTest();
  });

  it('asks an unverified match to verify once: the system message appears and the offer goes away', async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'Hi!' }]);
    const { user, chat } = await openChat(c.id);
    await user.click(screen.getByRole('button', { name: 'Ask Jordan Rivera to verify their photo' }));
    expect(await screen.findByText('We asked Jordan Rivera to verify their photo.')).toBeInTheDocument();
    const note = await within(chat).findByRole('note', { name: 'Verification request' });
    expect(note).toHaveTextContent('You asked Jordan Rivera to verify their photo');
    // The asker does not get the "Get verified" step: it is for the other student.
    expect(within(note).queryByRole('link')).not.toBeInTheDocument();

    // Asked once: the offer goes away (the server refuses a second ask within the week).
    expect(screen.queryByRole('button', { name: 'Ask Jordan Rivera to verify their photo' })).not.toBeInTheDocument();
    expect(within(chat).getAllByRole('note', { name: 'Verification request' })).toHaveLength(1);
  });

  it('says so when the server refuses the ask (already asked this week from another device)', async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'Hi!' }]);
    server.use(
      http.post('/api/conversations/:id/verification-request', () =>
        HttpResponse.json(
          { title: 'Too many requests', status: 429, detail: GENERIC_MESSAGES.rateLimited, code: 'RATE_LIMITED' },
          { status: 429, headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '600' } },
        ),
      ),
    );
    const { user, chat } = await openChat(c.id);
    await user.click(screen.getByRole('button', { name: 'Ask Jordan Rivera to verify their photo' }));
    expect(await screen.findByText(GENERIC_MESSAGES.rateLimited)).toBeInTheDocument();
    expect(within(chat).queryByRole('note', { name: 'Verification request' })).not.toBeInTheDocument();
  });

  it('shows a received request with the way to answer it, live', async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'Hi!' }]);
    const { chat } = await openChat(c.id);
    await within(chat).findByText('Hi!');
    const request = seedMessage(c.id, c.other.userId, MESSAGE_MESSAGES.verificationRequest);
    messagingTest.verificationRequests.add(request.id);
    pushFrame({ type: 'message.created', message: { ...request, kind: 'verification_request' } });
    const note = await within(chat).findByRole('note', { name: 'Verification request' });
    expect(note).toHaveTextContent('Jordan Rivera asked you to verify your photo');
    expect(note).toHaveTextContent(MESSAGE_MESSAGES.verificationRequest);
    expect(within(note).getByRole('link', { name: 'Get verified' })).toHaveAttribute('href', '/?tab=profile');
  });

  it('shows a verified match’s badges in the chat header, and offers no ask', async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, {
      name: 'Jordan Rivera',
      badges: { schoolVerified: true, photoVerified: true },
    });
    await openChat(c.id);
    const header = screen.getByRole('heading', { name: 'Jordan Rivera' }).closest('header') as HTMLElement;
    expect(within(header).getByText('Photo verified')).toHaveClass('sr-only');
    expect(header).toHaveTextContent('School verified');
    expect(screen.queryByRole('button', { name: /to verify their photo/ })).not.toBeInTheDocument();
  });
});

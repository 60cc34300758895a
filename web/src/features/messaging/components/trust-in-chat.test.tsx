import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { toast } from 'sonner';
import { MESSAGE_MESSAGES } from '../../../../../core/messaging/rules';
import { GENERIC_MESSAGES } from '../../../../../core/shared/errors';
import { seedSignedInUser } from '../../../test/db';
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

async function openChat(conversationId: string) {
  const utils = renderApp(`/?tab=matches&conversation=${conversationId}`);
  return { ...utils, chat: await screen.findByRole('log') };
}

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

import { screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { toast } from 'sonner';
import { DEFAULT_ICEBREAKERS, MESSAGE_MESSAGES } from '../../../../../core/messaging/rules';
import { db, seedSignedInUser } from '../../../test/db';
import { seedMatch } from '../../../test/discovery-handlers';
import {
  dropSockets,
  messagingTest,
  openSocketCount,
  pushFrame,
  receiveMessage,
  resetMessagingTest,
  seedConversation,
  seedMessage,
} from '../../../test/messaging-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';
import { server } from '../../../test/server';

vi.setConfig({ testTimeout: 20_000 });

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function openMessages(path = '/?tab=matches') {
  const utils = renderApp(path);
  await screen.findByRole('heading', { name: 'Messages', level: 1 });
  return utils;
}

/** A conversation's row: a link to its chat (N247). */
const conversationRow = (name: string) => screen.findByRole('link', { name: new RegExp(`^${name}`) });
const log = () => screen.findByRole('log');

describe('Messages', () => {
  beforeEach(() => {
    skipCookieBanner();
    toast.dismiss();
    resetMessagingTest();
  });

  it('lists conversations with the conversation time format and unread counts, and an empty state', async () => {
    const me = seedSignedInUser();
    seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'See you at 5?', at: ago(2 * HOUR) }]);
    seedConversation(me.id, { name: 'Sam Lee' }, [
      { content: 'Hi!', at: ago(3 * 24 * HOUR) },
      { content: 'Are you still looking?', at: ago(3 * 24 * HOUR - 60_000) },
    ]);
    seedConversation(me.id, { name: 'Ana Park' }, [{ content: 'Thanks!', mine: true, at: ago(10 * 24 * HOUR) }]);
    await openMessages();

    const jordan = await conversationRow('Jordan Rivera');
    expect(jordan).toHaveTextContent('See you at 5?');
    expect(within(jordan).getByText(/^\d{1,2}:\d{2} (AM|PM)$/)).toBeInTheDocument();
    expect(jordan).toHaveTextContent('1 unread message');

    const sam = await conversationRow('Sam Lee');
    expect(within(sam).getByText(/^(Sun|Mon|Tue|Wed|Thu|Fri|Sat)$/)).toBeInTheDocument();
    expect(sam).toHaveTextContent('2 unread messages');

    const ana = await conversationRow('Ana Park');
    expect(within(ana).getByText(/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}$/)).toBeInTheDocument();
    expect(ana).not.toHaveTextContent('unread');
  });

  it("links each row to its chat's page and opens it in place; the delete button sits beside the link", async () => {
    const me = seedSignedInUser();
    const jordan = seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'See you at 5?' }]);
    const { user } = await openMessages();
    const row = await conversationRow('Jordan Rivera');
    // Before hydration a tap follows the link: the server opens the same chat (N247).
    expect(row).toHaveAttribute('href', `/?tab=matches&conversation=${jordan.id}`);
    expect(row).toHaveAttribute('data-conversation-id', jordan.id);
    expect(row).not.toHaveAttribute('aria-current');
    const remove = screen.getByRole('button', { name: 'Delete conversation with Jordan Rivera' });
    expect(row).not.toContainElement(remove);
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();

    await user.click(row);
    expect(await log()).toHaveTextContent('See you at 5?');
    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    const back = await conversationRow('Jordan Rivera');
    await waitFor(() => expect(back).toHaveFocus());
  });

  it('shows the empty state and the New Matches strip', async () => {
    seedSignedInUser();
    seedMatch({ name: 'Riley Chen' });
    await openMessages();
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
    const strip = screen.getByRole('region', { name: 'New Matches' });
    expect(within(strip).getByRole('button', { name: 'Start a chat with Riley Chen' })).toBeInTheDocument();
  });

  it('filters conversations by name', async () => {
    const me = seedSignedInUser();
    seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'Hey' }]);
    seedConversation(me.id, { name: 'Sam Lee' }, [{ content: 'Hello' }]);
    const { user } = await openMessages();
    await conversationRow('Jordan Rivera');
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'sam');
    expect(screen.queryByRole('link', { name: /^Jordan Rivera/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Sam Lee/ })).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search conversations' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'zzz');
    expect(screen.getByText('No conversations match “zzz”.')).toBeInTheDocument();
  });

  it('deletes a conversation after confirmation, and says so when it fails', async () => {
    const me = seedSignedInUser();
    const jordan = seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'Hey' }]);
    seedConversation(me.id, { name: 'Sam Lee' }, [{ content: 'Hello' }]);
    const { user } = await openMessages();
    await conversationRow('Jordan Rivera');

    messagingTest.deleteFails = true;
    await user.click(screen.getByRole('button', { name: 'Delete conversation with Sam Lee' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete conversation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete conversation')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('link', { name: /^Sam Lee/ })).toBeInTheDocument();

    messagingTest.deleteFails = false;
    await user.click(screen.getByRole('button', { name: 'Delete conversation with Jordan Rivera' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete conversation?' });
    expect(dialog).toHaveTextContent('Your conversation with Jordan Rivera');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Jordan Rivera/ })).not.toBeInTheDocument());
    expect(db.conversation.findFirst({ where: { id: { equals: jordan.id } } })?.hidden).toBe(true);
  });

  it('opens a chat, groups by day, sends with Enter, and keeps Send disabled while empty', async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, { name: 'Jordan Rivera', university: 'UCLA' }, [
      { content: 'Hi from two days ago', at: ago(50 * HOUR) },
      { content: 'Morning!', at: new Date(new Date().setHours(0, 1, 0, 0)), mine: true, isRead: true },
    ]);
    const { user } = await openMessages(`/?tab=matches&conversation=${c.id}`);
    const chat = await log();
    expect(within(chat).getByText('Today')).toBeInTheDocument();
    expect(within(chat).getByText('Hi from two days ago')).toBeInTheDocument();
    expect(within(chat).getByText(/Read/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Jordan Rivera' })).toHaveFocus();
    expect(screen.getByText('UCLA')).toBeInTheDocument();

    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    const box = screen.getByRole('textbox', { name: 'Message Jordan Rivera' });
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.clear(box);
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(box).toHaveValue('Line one\nline two');
    await user.keyboard('{Enter}');
    expect(await within(chat).findByText(/Line one\s+line two/)).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''));
    expect(within(chat).getAllByText(/Line one/)).toHaveLength(1);
    expect(db.message.count({ where: { conversationId: { equals: c.id } } })).toBe(3);

    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    await waitFor(() => expect(screen.getByRole('link', { name: /^Jordan Rivera/ })).toHaveFocus());
  });

  it("shows the server's title and detail for invalid messages and the hourly limit", async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'Hey' }]);
    const { user } = await openMessages(`/?tab=matches&conversation=${c.id}`);
    await log();
    const box = screen.getByRole('textbox', { name: 'Message Jordan Rivera' });

    // Nothing survives sanitising: refused before sending, with the product's wording.
    await user.type(box, '<script>alert(1)</script>');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(MESSAGE_MESSAGES.invalid)).toBeInTheDocument();
    toast.dismiss();

    // The server refuses it too (its rules may be stricter than the preview's).
    server.use(
      http.post('/api/conversations/:id/messages', () =>
        HttpResponse.json(
          { title: 'Bad request', status: 400, detail: MESSAGE_MESSAGES.invalid, code: 'MESSAGES.INVALID' },
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    await user.clear(box);
    await user.type(box, 'hello there');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(MESSAGE_MESSAGES.invalid)).toBeInTheDocument();
    server.resetHandlers();
    toast.dismiss();

    messagingTest.rateLimited = true;
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Rate limit exceeded')).toBeInTheDocument();
    expect(screen.getByText(MESSAGE_MESSAGES.rate)).toBeInTheDocument();
    expect(box).toHaveValue('hello there');
  });

  it('offers 3 icebreakers in an empty chat, from the server or the built-in greetings', async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, { name: 'Jordan Rivera' });
    const empty = seedConversation(me.id, { name: 'Sam Lee' });
    const { user } = await openMessages(`/?tab=matches&conversation=${c.id}`);
    const breakers = await screen.findByRole('region', { name: 'Break the ice' });
    const suggestions = await within(breakers).findAllByRole('button');
    expect(suggestions).toHaveLength(3);
    expect(suggestions[0]).toHaveTextContent('Hi Jordan!');
    await user.click(suggestions[1] as HTMLElement);
    const box = screen.getByRole('textbox', { name: 'Message Jordan Rivera' });
    expect(box).toHaveValue('Hey Jordan, what does your ideal weekend look like?');
    expect(box).toHaveFocus();

    messagingTest.icebreakersFail = true;
    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    await user.click(await screen.findByRole('button', { name: 'Start a chat with Sam Lee' }));
    await screen.findByRole('heading', { name: 'Sam Lee' });
    const fallback = await screen.findByRole('region', { name: 'Break the ice' });
    await waitFor(() =>
      expect(
        within(fallback)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(DEFAULT_ICEBREAKERS.slice(0, 3)),
    );
    expect(empty.id).toBeTruthy();
  });

  it('opens a conversation from a match with create-or-get', async () => {
    seedSignedInUser();
    const match = seedMatch({ name: 'Riley Chen' });
    await openMessages(`/?tab=matches&conversation=${match.conversationId}`);
    expect(await screen.findByRole('heading', { name: 'Riley Chen' })).toBeInTheDocument();
    await waitFor(() => expect(db.conversation.count()).toBe(1));
  });

  it('closes the open chat live when the other person blocks you (issue 17)', async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'Hey', mine: true }]);
    const { router } = await openMessages(`/?tab=matches&conversation=${c.id}`);
    await log();
    await waitFor(() => expect(openSocketCount()).toBe(1));
    // The server hides the conversation from you and says so over the socket.
    db.conversation.update({ where: { id: { equals: c.id } }, data: { hidden: true } });
    db.match.delete({ where: { userId: { equals: c.other.userId } } });
    pushFrame({ type: 'conversation.deleted', conversationId: c.id });
    await waitFor(() => expect(screen.queryByRole('log')).not.toBeInTheDocument());
    expect(new URLSearchParams(router.state.location.search).get('conversation')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Jordan Rivera/ })).not.toBeInTheDocument());
  });

  it('shows a live message without refetching and marks it read', async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'Hey', mine: true }]);
    await openMessages(`/?tab=matches&conversation=${c.id}`);
    const chat = await log();
    await waitFor(() => expect(openSocketCount()).toBe(1));
    await waitFor(() => expect(messagingTest.messageRequests.length).toBeGreaterThan(0));
    const requestsBefore = messagingTest.messageRequests.length;

    const message = receiveMessage(c.id, c.other.userId, 'Just got back from class!');
    expect(await within(chat).findByText('Just got back from class!')).toBeInTheDocument();
    await waitFor(() => expect(db.message.findFirst({ where: { id: { equals: message.id } } })?.isRead).toBe(true));
    expect(messagingTest.messageRequests.length).toBe(requestsBefore);

    // Their read receipt arrives live too.
    pushFrame({ type: 'messages.read', conversationId: c.id, readerId: c.other.userId, upToSeq: message.seq });
    expect(await within(chat).findByText(/Read/)).toBeInTheDocument();
  });

  it('keeps the live "Read" receipt when it arrives before the response to the send', async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'Hey' }]);
    // As on the real server: the message is stored and pushed to both people; Jordan's open chat
    // reads it at once, and that receipt reaches this page before the send's own (slower) 201,
    // which still carries the message as it was stored: unread.
    server.use(
      http.post('/api/conversations/:id/messages', async ({ request }) => {
        const { content } = (await request.json()) as { content: string };
        const message = seedMessage(c.id, me.id, content);
        pushFrame({ type: 'message.created', message });
        db.message.update({ where: { id: { equals: message.id } }, data: { isRead: true } });
        pushFrame({ type: 'messages.read', conversationId: c.id, readerId: c.other.userId, upToSeq: message.seq });
        await delay(200);
        return HttpResponse.json({ message }, { status: 201 });
      }),
    );
    const { user } = await openMessages(`/?tab=matches&conversation=${c.id}`);
    const chat = await log();
    await waitFor(() => expect(openSocketCount()).toBe(1));
    const box = screen.getByRole('textbox', { name: 'Message Jordan Rivera' });
    await user.type(box, 'On my way{Enter}');

    const sent = (await within(chat).findByText('On my way')).closest('li') as HTMLElement;
    expect(await within(sent).findByText(/Read/)).toBeInTheDocument();
    // The send has finished (the composer is cleared once its 201 is handled): still read.
    await waitFor(() => expect(box).toHaveValue(''));
    expect(within(sent).getByText(/Read/)).toBeInTheDocument();
    expect(within(chat).getAllByText(/Read/)).toHaveLength(1);
  });

  it('polls every 3 s when the live channel drops and catches up without duplicates', async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'First' }]);
    await openMessages(`/?tab=matches&conversation=${c.id}`);
    const chat = await log();
    await waitFor(() => expect(openSocketCount()).toBe(1));
    const live = receiveMessage(c.id, c.other.userId, 'Second (live)');
    await within(chat).findByText('Second (live)');

    messagingTest.acceptSockets = false;
    dropSockets();
    seedMessage(c.id, c.other.userId, 'Third (missed)');
    seedMessage(c.id, c.other.userId, 'Fourth (missed)');
    expect(await within(chat).findByText('Fourth (missed)', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(within(chat).getByText('Third (missed)')).toBeInTheDocument();
    expect(messagingTest.messageRequests).toContain(`?after=${live.seq}&limit=100`);

    // The socket comes back and repeats a message polling already showed: still shown once.
    messagingTest.acceptSockets = true;
    await waitFor(() => expect(openSocketCount()).toBe(1), { timeout: 8000 });
    pushFrame({ type: 'message.created', message: live });
    const fifth = receiveMessage(c.id, c.other.userId, 'Fifth (live again)');
    await within(chat).findByText('Fifth (live again)');
    for (const text of ['First', 'Second (live)', 'Third (missed)', 'Fourth (missed)', 'Fifth (live again)']) {
      expect(within(chat).getAllByText(text)).toHaveLength(1);
    }
    expect(fifth.seq).toBeGreaterThan(live.seq);
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { seedSignedInUser } from '../../../test/db';
import { seedMatch } from '../../../test/discovery-handlers';
import { openSocketCount, pushFrame, resetMessagingTest } from '../../../test/messaging-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';

describe('the other side of a new match (issue 17)', () => {
  beforeEach(() => {
    skipCookieBanner();
    toast.dismiss();
    resetMessagingTest();
  });

  it('is told live on any screen, and Send Message opens the chat', async () => {
    seedSignedInUser();
    const { router } = renderApp('/settings');
    await waitFor(() => expect(openSocketCount()).toBe(1));
    const them = seedMatch({ name: 'Jordan Rivera', conversationId: 'conv-jordan' });
    pushFrame({ type: 'match.created', conversationId: 'conv-jordan', userId: them.userId, byYou: false });
    expect(await screen.findByText("It's a Match")).toBeInTheDocument();
    expect(screen.getByText('You and Jordan Rivera liked each other.')).toBeInTheDocument();
    // A plain click: sonner's swipe handling asks jsdom for pointer capture, which it lacks.
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('tab'), params.get('conversation')]).toEqual(['matches', 'conv-jordan']);
  });

  it('stays quiet for the student whose like made the match: they have the popup', async () => {
    seedSignedInUser();
    renderApp('/settings');
    await waitFor(() => expect(openSocketCount()).toBe(1));
    const them = seedMatch({ name: 'Ana Park', conversationId: 'conv-ana' });
    pushFrame({ type: 'match.created', conversationId: 'conv-ana', userId: them.userId, byYou: true });
    // A later frame arrives, so the first one was handled before this check.
    pushFrame({ type: 'match.created', conversationId: 'conv-x', userId: 'nobody', byYou: false });
    expect(await screen.findByText('Someone you liked liked you back.')).toBeInTheDocument();
    expect(screen.queryByText('You and Ana Park liked each other.')).not.toBeInTheDocument();
  });
});

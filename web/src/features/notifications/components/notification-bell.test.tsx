import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { seedSignedInUser } from '../../../test/db';
import { openSocketCount, pushFrame, resetMessagingTest } from '../../../test/messaging-handlers';
import { seedNotification } from '../../../test/notifications-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';

describe('the notification bell (issue 19)', () => {
  beforeEach(() => {
    skipCookieBanner();
    resetMessagingTest();
  });

  it('counts unread items, updates live, lists them and leads to their place', async () => {
    seedSignedInUser({ hasProfile: true });
    seedNotification({
      kind: 'like',
      title: 'Someone liked you',
      body: 'Upgrade to Gold to see who.',
      link: '/?tab=liked-you',
    });
    const { router } = renderApp('/');
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await waitFor(() => expect(openSocketCount()).toBe(1));
    const item = seedNotification({
      kind: 'message',
      title: 'New message from Jordan',
      body: 'Open the chat to read it.',
      link: '/?tab=matches&conversation=conv-jordan',
    });
    pushFrame({
      type: 'notification.created',
      notification: { ...item, actor: null },
      unread: 2,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('Someone liked you')).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: /New message from Jordan/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=matches&conversation=conv-jordan'));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('marks all read', async () => {
    seedSignedInUser({ hasProfile: true });
    seedNotification({
      kind: 'like',
      title: 'Someone liked you',
      body: 'Upgrade to Gold to see who.',
      link: '/?tab=liked-you',
    });
    seedNotification({
      kind: 'group.joined',
      title: 'Ana joined Westwood',
      body: 'Your group has a new member.',
      link: '/',
    });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Mark all read' }));
    expect(await within(panel).findByText('You are all caught up.')).toBeInTheDocument();
    // Behind the open panel, the bell has no number any more.
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();
  });
});

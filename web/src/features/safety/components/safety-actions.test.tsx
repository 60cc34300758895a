import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { db, seedSignedInUser } from '../../../test/db';
import { resetMessagingTest, seedConversation } from '../../../test/messaging-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';
import { resetSettingsTest, settingsTest } from '../../../test/settings-handlers';

vi.setConfig({ testTimeout: 20_000 });

describe('Block and Report (D20)', () => {
  beforeEach(() => {
    skipCookieBanner();
    toast.dismiss();
    resetMessagingTest();
    resetSettingsTest();
  });

  it('blocks from the chat header after confirmation: the chat closes and the person leaves the list', async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'Hey there' }]);
    seedConversation(me.id, { name: 'Sam Lee' }, [{ content: 'Hello' }]);
    const { user, router } = renderApp(`/?tab=matches&conversation=${c.id}`);
    await user.click(await screen.findByRole('button', { name: 'Safety options for Jordan Rivera' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Block Jordan Rivera' }));
    const confirm = await screen.findByRole('dialog', { name: 'Block Jordan Rivera?' });
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));

    await waitFor(() => expect(router.state.location.search).toBe('?tab=matches'));
    expect(await screen.findByRole('link', { name: /^Sam Lee/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Jordan Rivera/ })).not.toBeInTheDocument());
    expect(db.block.getAll().map((b) => b.blockedUserId)).toEqual([c.other.userId]);
  });

  it('does not block when cancelled', async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'Hey there' }]);
    const { user } = renderApp(`/?tab=matches&conversation=${c.id}`);
    await user.click(await screen.findByRole('button', { name: 'Safety options for Jordan Rivera' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Block Jordan Rivera' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.block.count()).toBe(0);
    expect(screen.getByRole('heading', { name: 'Jordan Rivera', level: 2 })).toBeInTheDocument();
  });

  it('reports from the chat with a category, a severity and optional details', async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'Send a deposit by wire' }]);
    const { user } = renderApp(`/?tab=matches&conversation=${c.id}`);
    await user.click(await screen.findByRole('button', { name: 'Safety options for Jordan Rivera' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Report Jordan Rivera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Jordan Rivera' });
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining('The person you report is never told who reported them.'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(within(dialog).getByText('Please choose a category.')).toBeInTheDocument();
    expect(db.report.count()).toBe(0);

    await user.selectOptions(within(dialog).getByLabelText(/What happened/), 'scam');
    await user.selectOptions(within(dialog).getByLabelText(/How serious/), 'high');
    await user.type(within(dialog).getByLabelText('Details (optional)'), 'Asked for a wire transfer.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('Report submitted')).toBeInTheDocument();
    expect(db.report.getAll()).toMatchObject([
      { reportedUserId: c.other.userId, category: 'scam', severity: 'high', details: 'Asked for a wire transfer.' },
    ]);
  });

  it('shows a failure toast when blocking fails and keeps the chat', async () => {
    const me = seedSignedInUser();
    const c = seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'Hey there' }]);
    settingsTest.failing.add('POST /api/blocks');
    const { user } = renderApp(`/?tab=matches&conversation=${c.id}`);
    await user.click(await screen.findByRole('button', { name: 'Safety options for Jordan Rivera' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Block Jordan Rivera' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Failed to block user. Please try again.')).toBeInTheDocument();
    expect(db.block.count()).toBe(0);
  });
});

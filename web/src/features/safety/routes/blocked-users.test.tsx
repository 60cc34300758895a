import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { db, seedSignedInUser } from '../../../test/db';
import { renderApp, skipCookieBanner } from '../../../test/render-app';
import { resetSettingsTest, seedBlock, settingsTest } from '../../../test/settings-handlers';

vi.setConfig({ testTimeout: 20_000 });

describe('Blocked Users', () => {
  beforeEach(() => {
    skipCookieBanner();
    toast.dismiss();
    resetSettingsTest();
  });

  it('lists name and photo of each blocked person and unblocks', async () => {
    seedSignedInUser();
    seedBlock('u-1', 'Jordan Rivera', '/photos/jordan.jpg');
    seedBlock('u-2', 'Sam Lee');
    const { user } = renderApp('/blocked-users');
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Sam Lee'),
      expect.stringContaining('Jordan Rivera'),
    ]);
    expect(rows[1]?.querySelector('img')).toHaveAttribute('src', '/photos/jordan.jpg');
    expect(within(rows[0] as HTMLElement).getByText('SL')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unblock Jordan Rivera' }));
    await waitFor(() => expect(screen.queryByText('Jordan Rivera')).not.toBeInTheDocument());
    expect(db.block.getAll().map((b) => b.name)).toEqual(['Sam Lee']);
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('shows the empty state', async () => {
    seedSignedInUser();
    renderApp('/blocked-users');
    expect(await screen.findByRole('heading', { name: 'No blocked users' })).toBeInTheDocument();
  });

  it('shows the load failure toast with a retry', async () => {
    seedSignedInUser();
    settingsTest.failing.add('GET /api/blocks');
    const { user } = renderApp('/blocked-users');
    expect(await screen.findByText('Failed to load blocked users.')).toBeInTheDocument();
    settingsTest.failing.clear();
    seedBlock('u-1', 'Jordan Rivera');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Jordan Rivera')).toBeInTheDocument();
  });

  it('keeps the person listed when unblocking fails', async () => {
    seedSignedInUser();
    seedBlock('u-1', 'Jordan Rivera');
    settingsTest.failing.add('DELETE /api/blocks');
    const { user } = renderApp('/blocked-users');
    await user.click(await screen.findByRole('button', { name: 'Unblock Jordan Rivera' }));
    expect(await screen.findByText('Failed to unblock user. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Jordan Rivera')).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { adminTest, resetAdminTest, seedFlag, seedReport } from '../../test/admin-handlers';
import { seedSignedInUser } from '../../test/db';
import { renderApp, skipCookieBanner } from '../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

describe("/admin: a user's history from the flags queue (issue 15)", () => {
  beforeEach(() => {
    skipCookieBanner();
    resetAdminTest();
    toast.dismiss();
  });

  it("opens the author's flags, reports both ways and admin decisions in one dialog", async () => {
    seedSignedInUser({ email: 'ops@nestmate.app', isAdmin: true });
    seedFlag({ authorId: 'user-scammer', content: 'Wire the deposit today.', flagReason: 'rental_scam' });
    seedFlag({
      authorId: 'user-scammer',
      status: 'removed',
      content: 'Gift cards only, no viewing.',
      flagReason: 'rental_scam',
      confidenceScore: 0.99,
    });
    seedFlag({ authorId: 'someone-else', content: 'Not theirs.' });
    seedReport({ reportedUserId: 'user-scammer', reportCategory: 'scam', details: 'Asked for a deposit by wire.' });
    seedReport({ reporterId: 'user-scammer', reportedUserId: 'user-other', reportCategory: 'fake_profile' });
    adminTest.decisions = [
      {
        id: 'a1',
        adminId: null,
        action: 'user.suspend',
        targetType: 'user',
        targetId: 'user-scammer',
        details: { automatic: true, removals: 3 },
        createdAt: '2026-11-22T09:00:00.000Z',
      },
    ];

    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('tab', { name: /Content Moderation/ }));
    const pending = await screen.findByRole('list', { name: 'Pending content flags' });
    const card = within(pending).getByText('Wire the deposit today.').closest('article');
    if (!card) throw new Error('no flag card');
    await user.click(within(card as HTMLElement).getByRole('button', { name: /History/ }));

    const dialog = await screen.findByRole('dialog', { name: 'User history' });
    const flags = await within(dialog).findByRole('list', { name: 'Flags on their content' });
    expect(within(flags).getAllByRole('listitem')).toHaveLength(2);
    expect(within(flags).getByText('Gift cards only, no viewing.')).toBeInTheDocument();
    expect(within(flags).getByText('99%')).toBeInTheDocument();
    expect(within(flags).getByText('Removed')).toBeInTheDocument();
    expect(within(dialog).queryByText('Not theirs.')).not.toBeInTheDocument();
    const against = within(dialog).getByRole('list', { name: 'Reports against them' });
    expect(within(against).getByText('Asked for a deposit by wire.')).toBeInTheDocument();
    const by = within(dialog).getByRole('list', { name: 'Reports they filed' });
    expect(within(by).getByText('Fake profile')).toBeInTheDocument();
    const decisions = within(dialog).getByRole('list', { name: 'Admin decisions' });
    expect(within(decisions).getByText('User suspend')).toBeInTheDocument();
    expect(within(decisions).getByText('Automatic')).toBeInTheDocument();
  });

  it('says so when the user has no history', async () => {
    seedSignedInUser({ email: 'ops@nestmate.app', isAdmin: true });
    seedFlag({ authorId: 'user-new' });
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('tab', { name: /Content Moderation/ }));
    await user.click(await screen.findByRole('button', { name: /History/ }));
    const dialog = await screen.findByRole('dialog', { name: 'User history' });
    expect(await within(dialog).findByText('No reports against them.')).toBeInTheDocument();
    expect(within(dialog).getByText('No reports filed.')).toBeInTheDocument();
    expect(within(dialog).getByText('No decisions yet.')).toBeInTheDocument();
  });
});

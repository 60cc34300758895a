import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { resetAdminTest } from '../../../test/admin-handlers';
import { seedSignedInUser } from '../../../test/db';
import { renderApp, skipCookieBanner } from '../../../test/render-app';
import { verificationTest } from '../../../test/verification-handlers';

vi.setConfig({ testTimeout: 20_000 });

const item = (id: string, email: string, overrides = {}) => ({
  id,
  userId: `user-${id}`,
  email,
  name: email.split('@')[0] as string,
  university: 'Stanford University',
  pose: 'peace-sign',
  poseLabel: 'Peace sign next to your face',
  submittedAt: '2026-09-01T12:00:00.000Z',
  selfieUrl: `/api/admin/verifications/${id}/selfie`,
  mainPhotoId: `photo-${id}-1`,
  mainPhotoChanged: false,
  photos: [
    { id: `photo-${id}-1`, url: `/media/user-${id}/1-a.webp` },
    { id: `photo-${id}-2`, url: `/media/user-${id}/2-b.webp` },
  ],
  ...overrides,
});

async function openTab() {
  seedSignedInUser({ email: 'ops@nestmate.app', isAdmin: true });
  const app = renderApp('/admin');
  await app.user.click(await screen.findByRole('tab', { name: /Photo Verification/ }));
  return app;
}

describe('/admin Photo Verification (issue 16 §2)', () => {
  beforeEach(() => {
    skipCookieBanner();
    resetAdminTest();
    toast.dismiss();
  });

  it('shows each selfie beside the requested pose and the profile photos, and approves', async () => {
    verificationTest.queue = [
      item('v1', 'ana@stanford.edu'),
      item('v2', 'ben@stanford.edu', { mainPhotoChanged: true }),
    ];
    const { user } = await openTab();
    const card = await screen.findByRole('article', { name: 'Selfie from ana' });
    expect(within(card).getByText('Peace sign next to your face')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Verification selfie of ana' })).toHaveAttribute(
      'src',
      '/api/admin/verifications/v1/selfie',
    );
    expect(within(card).getByRole('img', { name: 'ana, main on the profile' })).toHaveAttribute(
      'src',
      '/media/user-v1/1-a.webp',
    );
    expect(within(card).getByText('Compared')).toBeInTheDocument();
    const other = screen.getByRole('article', { name: 'Selfie from ben' });
    expect(within(other).getByText(/The main photo changed after the selfie/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Selfie from ana' })).not.toBeInTheDocument());
    expect(verificationTest.decisions).toEqual([{ id: 'v1', body: { decision: 'approve' } }]);
    expect(await screen.findByText('Photo verified')).toBeInTheDocument();
  });

  it('rejects only with a reason from the list', async () => {
    verificationTest.queue = [item('v3', 'cy@stanford.edu')];
    const { user } = await openTab();
    const card = await screen.findByRole('article', { name: 'Selfie from cy' });
    const reject = within(card).getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    const reasons = within(card).getByRole('combobox', { name: 'Reason to reject' });
    expect(
      within(reasons)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a reason', 'Face not visible', 'Pose does not match', 'Does not match profile photos']);
    await user.selectOptions(reasons, 'does-not-match-profile-photos');
    await user.click(reject);
    await waitFor(() => expect(verificationTest.queue).toEqual([]));
    expect(verificationTest.decisions).toEqual([
      { id: 'v3', body: { decision: 'reject', reason: 'does-not-match-profile-photos' } },
    ]);
    expect(await screen.findByText('No selfies waiting for review.')).toBeInTheDocument();
  });
});

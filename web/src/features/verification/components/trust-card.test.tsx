import { Blob as NodeBlob } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { seedSignedInUser } from '../../../test/db';
import { useNodeMultipart } from '../../../test/multipart';
import { seedCompleteProfile } from '../../../test/profile-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';
import { verificationTest } from '../../../test/verification-handlers';

vi.setConfig({ testTimeout: 20_000 });

const stop = vi.fn();

/** A fake front camera: getUserMedia answers a stream; canvas capture gives a small JPEG blob. */
function fakeCamera(options: { denied?: boolean } = {}) {
  const getUserMedia = vi.fn(async () => {
    if (options.denied) throw new DOMException('Permission denied', 'NotAllowedError');
    return { getTracks: () => [{ stop }] } as unknown as MediaStream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: vi.fn(),
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, cb) {
    cb(new NodeBlob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: 'image/jpeg' }) as unknown as Blob);
  });
  URL.createObjectURL = vi.fn(() => 'blob:selfie');
  URL.revokeObjectURL = vi.fn();
  return getUserMedia;
}

async function openProfile() {
  const me = seedSignedInUser();
  seedCompleteProfile(me.id);
  const app = renderApp('/?tab=profile');
  const card = (await screen.findByRole('heading', { name: 'Trust & verification' })).closest('div')
    ?.parentElement as HTMLElement;
  return { ...app, card };
}

describe('own-profile trust card (issue 16)', () => {
  beforeEach(skipCookieBanner);
  afterEach(() => vi.restoreAllMocks());

  it('ticks e-mail and school, and offers "Get verified" with the tries left', async () => {
    const { card } = await openProfile();
    expect(within(card).getByText('E-mail confirmed')).toBeInTheDocument();
    expect(within(card).getByText('School verified')).toBeInTheDocument();
    expect(within(card).getByText('Your confirmed address belongs to Stanford University.')).toBeInTheDocument();
    expect(within(card).getByText('Photo not verified')).toBeInTheDocument();
    expect(
      within(card).getByText('Next step: get the "Photo verified" badge (3 tries left today).'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Get verified' })).toBeInTheDocument();
  });

  it.each([
    [
      'rejected, with the reason and a retry',
      { state: 'rejected', reason: 'face-not-visible', reasonLabel: 'Face not visible', at: null },
      2,
      ['Photo: selfie not approved', 'Reason: Face not visible. You can try again with a new pose.'],
      'Try again',
    ],
    [
      'suspended by a new main photo',
      { state: 'suspended', reason: null, reasonLabel: null, at: null },
      3,
      ['Photo badge paused', 'You changed your main photo. Take a new selfie to verify it.'],
      'Get verified',
    ],
    [
      'pending, with nothing to do',
      { state: 'pending', reason: null, reasonLabel: null, at: '2026-09-01T12:00:00Z' },
      2,
      ['Photo: selfie under review', 'Nothing to do: your selfie is waiting for a moderator.'],
      null,
    ],
    ['verified', { state: 'verified', reason: null, reasonLabel: null, at: null }, 2, ['Photo verified'], null],
  ] as const)('shows the photo step %s', async (_name, photo, triesLeft, texts, action) => {
    verificationTest.trust = { ...verificationTest.trust, photo: { ...photo }, triesLeft };
    const { card } = await openProfile();
    for (const text of texts) expect(within(card).getByText(text)).toBeInTheDocument();
    if (action) expect(within(card).getByRole('button', { name: action })).toBeInTheDocument();
    else expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when the next try frees up once the 3 are used, and the school that is not verified', async () => {
    verificationTest.trust = {
      ...verificationTest.trust,
      school: { verified: false, university: 'Stanford University' },
      photo: { state: 'rejected', reason: 'pose-does-not-match', reasonLabel: 'Pose does not match', at: null },
      triesLeft: 0,
      nextTryAt: '2026-09-02T12:00:00.000Z',
    };
    const { card } = await openProfile();
    expect(within(card).getByText('School not verified')).toBeInTheDocument();
    expect(within(card).getByText(/You have used today's 3 tries\. Next try: /)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

describe('the live selfie (issue 16 §2)', () => {
  beforeEach(async () => {
    skipCookieBanner();
    stop.mockClear();
    await useNodeMultipart();
  });
  afterEach(() => vi.restoreAllMocks());

  it('starts the camera, then shows the drawn pose; the captured frame goes up with the challenge', async () => {
    const getUserMedia = fakeCamera();
    const { user, card } = await openProfile();
    await user.click(within(card).getByRole('button', { name: 'Get verified' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get verified' });
    expect(await within(dialog).findByText('Thumbs up next to your face')).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: false }));
    expect(verificationTest.challenges).toBe(1);
    expect(within(dialog).getByLabelText('Your camera')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Take selfie' }));
    expect(within(dialog).getByRole('img', { name: 'Your selfie' })).toHaveAttribute('src', 'blob:selfie');
    // Retake goes back to the camera with the same pose; no new try is drawn.
    await user.click(within(dialog).getByRole('button', { name: 'Retake' }));
    await user.click(within(dialog).getByRole('button', { name: 'Take selfie' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send for review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(verificationTest.challenges).toBe(1);
    expect(verificationTest.uploads).toEqual([{ challengeId: 'challenge-1', type: 'image/jpeg', size: 6 }]);
    expect(stop).toHaveBeenCalled();
    expect(within(card).getByText('Photo: selfie under review')).toBeInTheDocument();
    expect(await screen.findByText('Selfie sent')).toBeInTheDocument();
  });

  it('draws no pose when the camera is refused, and offers to try the camera again', async () => {
    fakeCamera({ denied: true });
    const { user, card } = await openProfile();
    await user.click(within(card).getByRole('button', { name: 'Get verified' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get verified' });
    expect(await within(dialog).findByText('Camera unavailable')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Try the camera again' })).toBeInTheDocument();
    expect(verificationTest.challenges).toBe(0);
  });

  it('offers a new pose when the drawn one expired before sending', async () => {
    fakeCamera();
    verificationTest.failUpload = {
      status: 409,
      code: 'VERIFICATION.CHALLENGE_EXPIRED',
      detail: 'This pose expired after 10 minutes. Start again to get a new one.',
    };
    const { user, card } = await openProfile();
    await user.click(within(card).getByRole('button', { name: 'Get verified' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get verified' });
    await user.click(await within(dialog).findByRole('button', { name: 'Take selfie' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send for review' }));
    expect(
      await within(dialog).findByText('This pose expired after 10 minutes. Start again to get a new one.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Get a new pose' }));
    expect(await within(dialog).findByRole('button', { name: 'Take selfie' })).toBeInTheDocument();
    expect(verificationTest.challenges).toBe(2);
  });
});

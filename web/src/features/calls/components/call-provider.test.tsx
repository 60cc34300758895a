import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { CALL_MESSAGES } from '../../../../../core/messaging/calls';
import { seedSignedInUser } from '../../../test/db';
import { makeGold } from '../../../test/discovery-handlers';
import { messagingTest, pushFrame, resetMessagingTest, seedConversation } from '../../../test/messaging-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';
import { VIDEO_CONSTRAINTS } from '../api/call-session';

vi.setConfig({ testTimeout: 20_000 });

async function openChat(gold: boolean) {
  const me = seedSignedInUser();
  if (gold) makeGold(me.id);
  const c = seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'Call me?' }]);
  const utils = renderApp(`/?tab=matches&conversation=${c.id}`);
  await screen.findByRole('log');
  await utils.user.click(screen.getByRole('button', { name: 'Call Jordan Rivera' }));
  const dialog = await screen.findByRole('dialog', { name: 'Call Jordan Rivera' });
  return { ...utils, dialog };
}

describe('Calls', () => {
  const original = navigator.mediaDevices;

  beforeEach(() => {
    skipCookieBanner();
    toast.dismiss();
    resetMessagingTest();
  });

  afterEach(() => {
    Object.defineProperty(navigator, 'mediaDevices', { value: original, configurable: true });
  });

  it('a free user choosing a call gets the Premium Feature toast and no call starts', async () => {
    const getUserMedia = vi.fn();
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    const { user, dialog } = await openChat(false);
    expect(within(dialog).getByRole('button', { name: 'Voice Call' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Video Call' }));
    expect(await screen.findByText(CALL_MESSAGES.premiumTitle)).toBeInTheDocument();
    expect(screen.getByText(CALL_MESSAGES.premium)).toBeInTheDocument();
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(messagingTest.received).toEqual([]);
  });

  describe('tells the caller when nobody picks up (issue 17)', () => {
    /** Enough of WebRTC for the caller to send its offer; the answer never comes. */
    class FakePeerConnection {
      connectionState = 'new';
      addTrack() {}
      close() {}
      createOffer = async () => ({ type: 'offer', sdp: 'v=0' });
      setLocalDescription = async () => {};
    }
    const stream = { getTracks: () => [], getAudioTracks: () => [], getVideoTracks: () => [] };

    beforeEach(() => {
      vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
      Object.defineProperty(navigator, 'mediaDevices', {
        value: { getUserMedia: vi.fn().mockResolvedValue(stream) },
        configurable: true,
      });
    });
    afterEach(() => vi.unstubAllGlobals());

    it.each([
      ['decline', 'Jordan Rivera declined', null],
      ['ringing-timeout', 'No answer', "Jordan Rivera didn't pick up. Try again later."],
    ] as const)('after a %s: "%s"', async (kind, title, description) => {
      const { user, dialog } = await openChat(true);
      await user.click(within(dialog).getByRole('button', { name: 'Voice Call' }));
      await waitFor(() => expect(messagingTest.received).toContainEqual(expect.objectContaining({ kind: 'offer' })));
      const offer = messagingTest.received.find((f) => (f as { kind?: string }).kind === 'offer') as {
        toUserId: string;
      };
      pushFrame({ type: 'call.started', callId: 'call-1', toUserId: offer.toUserId });
      pushFrame({ type: 'call', signal: { kind, callId: 'call-1', fromUserId: offer.toUserId } });
      // On the call screen, and in a toast that stays after it closes.
      expect(await screen.findByText(title, { selector: '[data-call-state] *' })).toBeInTheDocument();
      const toastTitle = await screen.findByText(title, { selector: '[data-sonner-toast] *' });
      expect(toastTitle).toBeInTheDocument();
      if (description) expect(screen.getByText(description)).toBeInTheDocument();
    });
  });

  it('a camera or microphone failure shows Call Failed and ends the call', async () => {
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    const { user, dialog } = await openChat(true);
    // A Gold member's chooser does not tell them calls are a Gold feature (issue 17).
    expect(dialog).not.toHaveTextContent(/Gold feature/);
    await user.click(within(dialog).getByRole('button', { name: 'Video Call' }));
    expect(await screen.findByText('Call Failed')).toBeInTheDocument();
    expect(screen.getByText('Unable to access camera/microphone')).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true, video: { ...VIDEO_CONSTRAINTS } });
    expect(VIDEO_CONSTRAINTS).toEqual({ width: 640, height: 480 });
    // The in-call screen shows the call ended, then closes; nothing was offered.
    await waitFor(
      () => expect(screen.queryByRole('dialog', { name: /call with Jordan Rivera/ })).not.toBeInTheDocument(),
      {
        timeout: 5000,
      },
    );
    expect(messagingTest.received).toEqual([]);
  });
});

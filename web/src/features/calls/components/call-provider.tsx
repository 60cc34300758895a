import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { CALL_MESSAGES } from '../../../../../core/messaging/calls';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { PhoneIcon, PhoneOffIcon, VideoIcon } from '../../../components/ui/icons';
import { api } from '../../../lib/api-client';
import { photoSources } from '../../../lib/photo';
import { problemToast } from '../../../lib/problem-toast';
import {
  type CallChannel,
  type CallMedia,
  CallSession,
  type CallSignal,
  type CallState,
  fetchCallConfig,
  isCallFrame,
  UNANSWERED,
} from '../api/call-session';
import { InCallScreen } from './in-call-screen';

export type CallPeer = { userId: string; name: string; profilePhotoUrl: string | null };

type ActiveCall = {
  session: CallSession;
  peer: CallPeer;
  media: CallMedia;
  state: CallState;
  reason?: string;
  local: MediaStream | null;
  remote: MediaStream | null;
  connectedAt: number | null;
};

type Incoming = { signal: CallSignal; peer: CallPeer };

type CallContextValue = { startCall: (peer: CallPeer, media: CallMedia) => Promise<void>; busy: boolean };

const CallContext = createContext<CallContextValue | null>(null);

export const callConfigKey = ['calls', 'config'] as const;
// The ended state stays on screen briefly so the outcome can be read (001 §4: → ended).
const ENDED_VISIBLE_MS = 1800;

export function useCalls(): CallContextValue {
  const value = useContext(CallContext);
  if (!value) throw new Error('useCalls must be used inside <CallProvider>');
  return value;
}

async function peerFor(userId: string): Promise<CallPeer> {
  try {
    const { profile: p } = await api('GET /api/profiles/{userId}', { params: { userId } });
    return { userId, name: p.name, profilePhotoUrl: p.profilePhotoUrl ?? null };
  } catch (error) {
    console.error('Caller profile unavailable', error);
    return { userId, name: 'Unknown User', profilePhotoUrl: null };
  }
}

/**
 * Calls for the signed-in app (D21): listens for incoming calls on the shared realtime socket,
 * starts outgoing ones (Gold only: others get the Premium Feature toast, 001 §8) and shows the
 * incoming-call dialog and the in-call screen.
 */
export function CallProvider({ channel, children }: { channel: CallChannel; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [call, setCall] = useState<ActiveCall | null>(null);
  const [incoming, setIncoming] = useState<Incoming | null>(null);
  const current = useRef<{ call: ActiveCall | null; incoming: Incoming | null }>({ call: null, incoming: null });
  current.current = { call, incoming };

  const config = useCallback(
    () => queryClient.fetchQuery({ queryKey: callConfigKey, queryFn: fetchCallConfig, staleTime: 60_000 }),
    [queryClient],
  );

  const begin = useCallback(
    (peer: CallPeer, media: CallMedia, iceServers: RTCIceServer[], offer?: { callId: string; sdp: string }) => {
      const update = (patch: Partial<ActiveCall>) =>
        setCall((c) => (c && c.session === session ? { ...c, ...patch } : c));
      const session: CallSession = new CallSession({
        channel,
        peerId: peer.userId,
        media,
        iceServers,
        incoming: offer,
        onState: (state, ended) => {
          // The caller is told who declined, or that nobody answered (issue 17), on the call screen and in a toast.
          const reason = ended === UNANSWERED.declined ? `${peer.name} declined` : ended;
          update({ state, reason, ...(state === 'connected' ? { connectedAt: Date.now() } : {}) });
          if (state === 'ended' && reason && (ended === UNANSWERED.declined || ended === UNANSWERED.noAnswer)) {
            toast(reason, {
              description: ended === UNANSWERED.noAnswer ? `${peer.name} didn't pick up. Try again later.` : undefined,
            });
          }
          if (state === 'ended') {
            setTimeout(() => setCall((c) => (c?.session === session ? null : c)), ENDED_VISIBLE_MS);
          }
        },
        onLocalStream: (local) => update({ local }),
        onRemoteStream: (remote) => update({ remote }),
        onFailure: (title, description) => toast.error(title, { description }),
      });
      setCall({ session, peer, media, state: 'connecting', local: null, remote: null, connectedAt: null });
      void session.start();
    },
    [channel],
  );

  useEffect(() => {
    const release = channel.retain();
    const unsubscribe = channel.subscribe((frame) => {
      if (!isCallFrame(frame)) return;
      const { call: active, incoming: ringing } = current.current;
      if (active?.session.handle(frame)) return;
      if (frame.type !== 'call') return;
      const s = frame.signal;
      if (s.kind === 'offer' && s.sdp) {
        // One call at a time: a second caller hears a decline.
        if ((active && active.state !== 'ended') || ringing) {
          channel.send({ type: 'call', toUserId: s.fromUserId, kind: 'decline', callId: s.callId });
          return;
        }
        void peerFor(s.fromUserId).then((peer) => setIncoming({ signal: s, peer }));
        return;
      }
      if (ringing && s.callId === ringing.signal.callId && s.kind !== 'ice') setIncoming(null);
    });
    return () => {
      unsubscribe();
      release();
    };
  }, [channel]);

  const startCall = useCallback(
    async (peer: CallPeer, media: CallMedia) => {
      let settings: Awaited<ReturnType<typeof fetchCallConfig>>;
      try {
        settings = await config();
      } catch (error) {
        problemToast(error, 'Failed to start the call. Please try again.');
        return;
      }
      if (!settings.canCall) {
        toast.error(CALL_MESSAGES.premiumTitle, { description: CALL_MESSAGES.premium });
        return;
      }
      begin(peer, media, settings.iceServers);
    },
    [begin, config],
  );

  const accept = async () => {
    const ringing = incoming;
    if (!ringing) return;
    setIncoming(null);
    let iceServers: RTCIceServer[] = [];
    try {
      iceServers = (await config()).iceServers;
    } catch (error) {
      console.error('Call settings unavailable; trying without ICE servers', error);
    }
    begin(ringing.peer, ringing.signal.media ?? 'video', iceServers, {
      callId: ringing.signal.callId,
      sdp: ringing.signal.sdp ?? '',
    });
  };

  const decline = () => {
    if (!incoming) return;
    channel.send({ type: 'call', toUserId: incoming.peer.userId, kind: 'decline', callId: incoming.signal.callId });
    setIncoming(null);
  };

  const value = useMemo(() => ({ startCall, busy: call !== null && call.state !== 'ended' }), [startCall, call]);
  const incomingMedia = incoming?.signal.media === 'voice' ? 'voice' : 'video';

  return (
    <CallContext.Provider value={value}>
      {children}
      <Dialog open={incoming !== null} onOpenChange={(open) => !open && decline()}>
        {incoming && (
          <DialogContent title={`Incoming ${incomingMedia} call`} description={`${incoming.peer.name} is calling you.`}>
            <div className="flex flex-col items-center gap-5 py-2">
              <span className="relative flex size-24 items-center justify-center">
                <span
                  aria-hidden="true"
                  className="absolute inset-0 animate-ping rounded-full bg-brand-200 motion-reduce:animate-none"
                />
                {incoming.peer.profilePhotoUrl ? (
                  <img
                    {...photoSources(incoming.peer.profilePhotoUrl, '96px')}
                    alt=""
                    className="relative size-24 rounded-full object-cover ring-4 ring-white"
                  />
                ) : (
                  <span className="relative flex size-24 items-center justify-center rounded-full bg-brand-100 text-3xl font-bold text-brand-800 ring-4 ring-white">
                    {incoming.peer.name[0]}
                  </span>
                )}
              </span>
              <p className="text-heading text-ink-900">{incoming.peer.name}</p>
              <div className="grid w-full grid-cols-2 gap-3">
                <Button variant="destructive" size="lg" onClick={decline}>
                  <PhoneOffIcon className="size-5" /> Decline
                </Button>
                <Button size="lg" onClick={() => void accept()}>
                  {incomingMedia === 'video' ? <VideoIcon className="size-5" /> : <PhoneIcon className="size-5" />}{' '}
                  Accept
                </Button>
              </div>
            </div>
          </DialogContent>
        )}
      </Dialog>
      <DialogPrimitive.Root open={call !== null} onOpenChange={(open) => !open && call?.session.hangUp()}>
        {call && (
          <InCallScreen
            peer={call.peer}
            media={call.media}
            state={call.state}
            reason={call.reason}
            local={call.local}
            remote={call.remote}
            connectedAt={call.connectedAt}
            onMute={(muted) => call.session.setMuted(muted)}
            onCamera={(off) => call.session.setCameraOff(off)}
            onEnd={() => call.session.hangUp()}
          />
        )}
      </DialogPrimitive.Root>
    </CallContext.Provider>
  );
}

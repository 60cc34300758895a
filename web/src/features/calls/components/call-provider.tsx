import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { CALL_MESSAGES } from '../../../../../core/messaging/calls';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { PhoneIcon, PhoneOffIcon, VideoIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast';
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
import {
  GROUP_CALL_ENDED,
  type GroupCallInboundFrame,
  GroupCallSession,
  type GroupCallView,
  isGroupCallFrame,
} from '../api/group-call-session';
import { GroupCallScreen } from './group-call-screen';
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

/** A call in a group conversation (issue 20) this student is in. */
type ActiveGroupCall = { session: GroupCallSession; media: CallMedia; view: GroupCallView };
/** A group call ringing here: "Join" or "Not now". */
type GroupRing = { callId: string; conversationId: string; media: CallMedia; from: CallPeer };
/** A conversation's live group call, as `GET /api/conversations/{id}/call` gives it. */
export type LiveGroupCall = { id: string; media: CallMedia; participantIds: string[] };

type CallContextValue = {
  startCall: (peer: CallPeer, media: CallMedia) => Promise<void>;
  startGroupCall: (conversationId: string, media: CallMedia) => Promise<void>;
  joinGroupCall: (conversationId: string, call: LiveGroupCall) => Promise<void>;
  busy: boolean;
  /** The conversation whose group call this student is in, if any. */
  inGroupCall: string | null;
};

const CallContext = createContext<CallContextValue | null>(null);

export const callConfigKey = ['calls', 'config'] as const;
export const liveGroupCallKey = (conversationId: string) => ['calls', 'live', conversationId] as const;
// The ended state stays on screen briefly so the outcome can be read (001 §4: → ended).
const ENDED_VISIBLE_MS = 1800;

export function useCalls(): CallContextValue {
  const value = useContext(CallContext);
  if (!value) throw new Error('useCalls must be used inside <CallProvider>');
  return value;
}

/** One call at a time: in a call, or one ringing here. */
function isBusy(c: {
  call: ActiveCall | null;
  incoming: Incoming | null;
  group: ActiveGroupCall | null;
  groupRing: GroupRing | null;
}) {
  return (
    (c.call !== null && c.call.state !== 'ended') ||
    c.incoming !== null ||
    (c.group !== null && !c.group.session.ended) ||
    c.groupRing !== null
  );
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
  const [group, setGroup] = useState<ActiveGroupCall | null>(null);
  const [groupRing, setGroupRing] = useState<GroupRing | null>(null);
  const [people, setPeople] = useState<Map<string, CallPeer>>(() => new Map());
  const asked = useRef(new Set<string>());
  const current = useRef<{
    call: ActiveCall | null;
    incoming: Incoming | null;
    group: ActiveGroupCall | null;
    groupRing: GroupRing | null;
  }>({ call: null, incoming: null, group: null, groupRing: null });
  current.current = { call, incoming, group, groupRing };

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

  /** Names and photos of the people in a group call, fetched once each. */
  const know = useCallback((userIds: string[]) => {
    for (const id of userIds) {
      if (asked.current.has(id)) continue;
      asked.current.add(id);
      void peerFor(id).then((peer) => setPeople((m) => new Map(m).set(id, peer)));
    }
  }, []);

  const beginGroup = useCallback(
    (conversationId: string, media: CallMedia, iceServers: RTCIceServer[], callId?: string) => {
      const session: GroupCallSession = new GroupCallSession({
        channel,
        conversationId,
        media,
        iceServers,
        callId,
        onChange: (view) => {
          setGroup((g) => (g && g.session === session ? { ...g, view } : g));
          know(view.peers.map((p) => p.userId));
          if (view.state !== 'ended') return;
          void queryClient.invalidateQueries({ queryKey: liveGroupCallKey(conversationId) });
          if (view.reason === GROUP_CALL_ENDED['no-answer'] || view.reason === GROUP_CALL_ENDED.removed) {
            toast(view.reason);
          }
          setTimeout(() => setGroup((g) => (g?.session === session ? null : g)), ENDED_VISIBLE_MS);
        },
        onFailure: (title, description) => toast.error(title, { description }),
      });
      setGroup({
        session,
        media,
        view: { state: 'connecting', callId: callId ?? null, local: null, peers: [], connectedAt: null },
      });
      void session.start();
    },
    [channel, know, queryClient],
  );

  /** A group call frame: the call this student is in, a ring, or news that changes a chat's "Join call". */
  const onGroupFrame = useCallback(
    (frame: GroupCallInboundFrame) => {
      const { group: active, groupRing: ringing } = current.current;
      if (frame.type === 'group-call' && 'conversationId' in frame.event) {
        void queryClient.invalidateQueries({ queryKey: liveGroupCallKey(frame.event.conversationId) });
      }
      if (active?.session.handle(frame)) return;
      if (frame.type !== 'group-call') return;
      const e = frame.event;
      if (e.kind === 'ringing') {
        if (isBusy(current.current)) return;
        void peerFor(e.fromUserId).then((from) =>
          setGroupRing({ callId: e.callId, conversationId: e.conversationId, media: e.media, from }),
        );
      } else if (e.kind === 'ended' && ringing?.callId === e.callId) setGroupRing(null);
    },
    [queryClient],
  );

  useEffect(() => {
    const release = channel.retain();
    const unsubscribe = channel.subscribe((frame) => {
      if (isGroupCallFrame(frame)) {
        onGroupFrame(frame);
        return;
      }
      if (!isCallFrame(frame)) return;
      const { call: active, incoming: ringing } = current.current;
      if (active?.session.handle(frame)) return;
      if (frame.type !== 'call') return;
      const s = frame.signal;
      if (s.kind === 'offer' && s.sdp) {
        // One call at a time: a second caller hears a decline.
        if (isBusy(current.current)) {
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
  }, [channel, onGroupFrame]);

  /** The ICE servers for a call this student starts, or null after telling them why not (Gold only, 001 §8). */
  const callerIceServers = useCallback(async (): Promise<RTCIceServer[] | null> => {
    let settings: Awaited<ReturnType<typeof fetchCallConfig>>;
    try {
      settings = await config();
    } catch (error) {
      problemToast(error, 'Failed to start the call. Please try again.');
      return null;
    }
    if (!settings.canCall) {
      toast.error(CALL_MESSAGES.premiumTitle, { description: CALL_MESSAGES.premium });
      return null;
    }
    return settings.iceServers;
  }, [config]);

  const startCall = useCallback(
    async (peer: CallPeer, media: CallMedia) => {
      const iceServers = await callerIceServers();
      if (iceServers) begin(peer, media, iceServers);
    },
    [begin, callerIceServers],
  );

  const startGroupCall = useCallback(
    async (conversationId: string, media: CallMedia) => {
      const iceServers = await callerIceServers();
      if (iceServers) beginGroup(conversationId, media, iceServers);
    },
    [beginGroup, callerIceServers],
  );

  /** The ICE servers for a call this student answers or joins (no Gold needed); none when unavailable. */
  const answerIceServers = useCallback(async (): Promise<RTCIceServer[]> => {
    try {
      return (await config()).iceServers;
    } catch (error) {
      console.error('Call settings unavailable; trying without ICE servers', error);
      return [];
    }
  }, [config]);

  /** Joining needs no Gold, like answering a 1:1 call (N127). */
  const joinGroupCall = useCallback(
    async (conversationId: string, live: LiveGroupCall) => {
      setGroupRing(null);
      beginGroup(conversationId, live.media, await answerIceServers(), live.id);
    },
    [beginGroup, answerIceServers],
  );

  const accept = async () => {
    const ringing = incoming;
    if (!ringing) return;
    setIncoming(null);
    const iceServers = await answerIceServers();
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

  const inGroupCall = group && !group.session.ended ? group.session.conversationId : null;
  const value = useMemo(
    () => ({
      startCall,
      startGroupCall,
      joinGroupCall,
      busy: (call !== null && call.state !== 'ended') || inGroupCall !== null,
      inGroupCall,
    }),
    [startCall, startGroupCall, joinGroupCall, call, inGroupCall],
  );
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
      <Dialog open={groupRing !== null} onOpenChange={(open) => !open && setGroupRing(null)}>
        {groupRing && (
          <DialogContent
            title={`Incoming group ${groupRing.media} call`}
            description={`${groupRing.from.name} started a call in your group.`}
          >
            <div className="grid w-full grid-cols-2 gap-3 pt-2">
              <Button variant="secondary" size="lg" onClick={() => setGroupRing(null)}>
                Not now
              </Button>
              <Button
                size="lg"
                onClick={() =>
                  void joinGroupCall(groupRing.conversationId, {
                    id: groupRing.callId,
                    media: groupRing.media,
                    participantIds: [],
                  })
                }
              >
                {groupRing.media === 'video' ? <VideoIcon className="size-5" /> : <PhoneIcon className="size-5" />} Join
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
      <DialogPrimitive.Root open={group !== null} onOpenChange={(open) => !open && group?.session.leave()}>
        {group && (
          <GroupCallScreen
            media={group.media}
            view={group.view}
            people={people}
            onMute={(muted) => group.session.setMuted(muted)}
            onCamera={(off) => group.session.setCameraOff(off)}
            onLeave={() => group.session.leave()}
          />
        )}
      </DialogPrimitive.Root>
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

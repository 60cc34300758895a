/**
 * One call in a group conversation (issue 20, N127): a mesh of WebRTC connections, one per other
 * participant, each negotiated through the app's realtime socket. Whoever joins offers to everyone
 * already in the call (the server lists them), so two sides never offer to each other at once.
 * One connection failing drops that person's tile; the call goes on for the rest.
 */
import { type CallChannel, type CallMedia, type CallState, localMedia } from './call-session';

export type GroupCallEvent =
  | { kind: 'ringing'; callId: string; conversationId: string; fromUserId: string; media: CallMedia }
  | { kind: 'joined'; callId: string; conversationId: string; media: CallMedia; participantIds: string[] }
  | { kind: 'participant-joined'; callId: string; userId: string }
  | { kind: 'participant-left'; callId: string; userId: string }
  | {
      kind: 'signal';
      callId: string;
      fromUserId: string;
      signal: 'offer' | 'answer' | 'ice';
      sdp?: string;
      candidate?: unknown;
    }
  | { kind: 'ended'; callId: string; conversationId: string; reason: 'ended' | 'no-answer' | 'removed' };

export type GroupCallInboundFrame =
  | { type: 'group-call'; event: GroupCallEvent }
  | {
      type: 'error';
      code: string;
      title?: string;
      message: string;
      groupCall?: { action: string; callId?: string; conversationId?: string };
    };

export type GroupCallOutboundFrame = {
  type: 'group-call';
  action: 'start' | 'join' | 'leave' | 'signal';
  conversationId?: string;
  callId?: string;
  media?: CallMedia;
  toUserId?: string;
  signal?: 'offer' | 'answer' | 'ice';
  sdp?: string;
  candidate?: unknown;
};

export const isGroupCallFrame = (frame: { type: string }): frame is GroupCallInboundFrame =>
  frame.type === 'group-call' || (frame.type === 'error' && 'groupCall' in frame && frame.groupCall !== undefined);

/** Why the call ended, as the screen and the toast say it. */
export const GROUP_CALL_ENDED = {
  ended: 'Call ended',
  'no-answer': 'No one joined',
  removed: 'You’re no longer in this group',
} as const;

export type GroupCallPeerView = { userId: string; stream: MediaStream | null; connected: boolean };

export type GroupCallView = {
  state: CallState;
  callId: string | null;
  local: MediaStream | null;
  /** The others in the call, in the order they came. */
  peers: GroupCallPeerView[];
  connectedAt: number | null;
  reason?: string;
};

type Peer = {
  pc: RTCPeerConnection | null;
  stream: MediaStream | null;
  connected: boolean;
  pendingIce: RTCIceCandidateInit[];
  remoteSet: boolean;
};

type Options = {
  channel: CallChannel;
  conversationId: string;
  media: CallMedia;
  iceServers: RTCIceServer[];
  /** Join this live call; without it, start the conversation's call (or join the one that is live). */
  callId?: string;
  onChange: (view: GroupCallView) => void;
  onFailure: (title: string, description: string) => void;
};

export class GroupCallSession {
  private state: CallState = 'connecting';
  private callId: string | null;
  private local: MediaStream | null = null;
  private readonly peers = new Map<string, Peer>();
  private connectedAt: number | null = null;
  private reason: string | undefined;

  constructor(private readonly o: Options) {
    this.callId = o.callId ?? null;
  }

  get conversationId() {
    return this.o.conversationId;
  }

  get media() {
    return this.o.media;
  }

  get ended() {
    return this.state === 'ended';
  }

  async start() {
    this.local = await localMedia(this.o.media, this.o.onFailure);
    if (!this.local) {
      this.finish(false, 'Call failed');
      return;
    }
    if (this.ended) {
      this.stopLocal();
      return;
    }
    this.emit();
    if (this.callId) this.send({ action: 'join', callId: this.callId });
    else this.send({ action: 'start', conversationId: this.o.conversationId, media: this.o.media });
  }

  /** Feeds a realtime frame to the call; false when it is about another call. */
  handle(frame: GroupCallInboundFrame): boolean {
    if (this.ended) return false;
    if (frame.type === 'error') {
      const about = frame.groupCall;
      if (!about || (about.callId !== this.callId && about.conversationId !== this.o.conversationId)) return false;
      // A refused signal to someone who just left is not the end of the call.
      if (about.action === 'signal') return true;
      this.o.onFailure(frame.title ?? 'Call Failed', frame.message);
      this.finish(false, 'Call failed');
      return true;
    }
    const e = frame.event;
    if (e.kind === 'joined') {
      if (e.conversationId !== this.o.conversationId || (this.callId && this.callId !== e.callId)) return false;
      this.callId = e.callId;
      for (const userId of e.participantIds) void this.connect(userId, true);
      this.emit();
      return true;
    }
    if (e.callId !== this.callId) return false;
    switch (e.kind) {
      case 'participant-joined':
        // They offer to us; their tile shows "Connecting…" until then.
        if (!this.peers.has(e.userId)) this.peers.set(e.userId, this.newPeer());
        this.emit();
        break;
      case 'participant-left':
        this.drop(e.userId);
        break;
      case 'signal':
        void this.onSignal(e);
        break;
      case 'ended':
        this.finish(false, GROUP_CALL_ENDED[e.reason]);
        break;
      default:
        return false;
    }
    return true;
  }

  leave() {
    this.finish(true, GROUP_CALL_ENDED.ended);
  }

  setMuted(muted: boolean) {
    for (const t of this.local?.getAudioTracks() ?? []) t.enabled = !muted;
  }

  setCameraOff(off: boolean) {
    for (const t of this.local?.getVideoTracks() ?? []) t.enabled = !off;
  }

  private newPeer(): Peer {
    return { pc: null, stream: null, connected: false, pendingIce: [], remoteSet: false };
  }

  /** The connection to one other participant; `offer` when this side opens the negotiation. */
  private async connect(userId: string, offer: boolean): Promise<Peer> {
    const peer = this.peers.get(userId) ?? this.newPeer();
    this.peers.set(userId, peer);
    if (peer.pc) return peer;
    const pc = new RTCPeerConnection({ iceServers: this.o.iceServers });
    peer.pc = pc;
    for (const track of this.local?.getTracks() ?? []) if (this.local) pc.addTrack(track, this.local);
    pc.ontrack = (event) => {
      peer.stream = event.streams[0] ?? new MediaStream([event.track]);
      this.emit();
    };
    pc.onicecandidate = (event) => {
      if (event.candidate) this.signal(userId, 'ice', { candidate: event.candidate.toJSON() });
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'connected') {
        peer.connected = true;
        if (this.connectedAt === null) this.connectedAt = Date.now();
        this.setState('connected');
        this.emit();
      } else if (pc.connectionState === 'failed' || pc.connectionState === 'closed') {
        this.drop(userId);
      }
    };
    if (offer) {
      try {
        const description = await pc.createOffer();
        await pc.setLocalDescription(description);
        this.signal(userId, 'offer', { sdp: description.sdp });
      } catch (error) {
        console.error('Group call offer failed', error);
        this.drop(userId);
      }
    }
    this.emit();
    return peer;
  }

  private async onSignal(e: Extract<GroupCallEvent, { kind: 'signal' }>) {
    try {
      if (e.signal === 'offer' && e.sdp) {
        const peer = await this.connect(e.fromUserId, false);
        if (!peer.pc) return;
        await peer.pc.setRemoteDescription({ type: 'offer', sdp: e.sdp });
        await this.remoteReady(peer);
        const answer = await peer.pc.createAnswer();
        await peer.pc.setLocalDescription(answer);
        this.signal(e.fromUserId, 'answer', { sdp: answer.sdp });
      } else if (e.signal === 'answer' && e.sdp) {
        const peer = this.peers.get(e.fromUserId);
        if (!peer?.pc) return;
        await peer.pc.setRemoteDescription({ type: 'answer', sdp: e.sdp });
        await this.remoteReady(peer);
      } else if (e.signal === 'ice' && e.candidate) {
        const peer = this.peers.get(e.fromUserId) ?? (await this.connect(e.fromUserId, false));
        const candidate = e.candidate as RTCIceCandidateInit;
        if (peer.remoteSet && peer.pc) await peer.pc.addIceCandidate(candidate);
        else peer.pendingIce.push(candidate);
      }
    } catch (error) {
      console.error('Group call negotiation failed', error);
      this.drop(e.fromUserId);
    }
  }

  private async remoteReady(peer: Peer) {
    peer.remoteSet = true;
    for (const candidate of peer.pendingIce.splice(0)) {
      await peer.pc?.addIceCandidate(candidate).catch((error) => console.error('Bad ICE candidate', error));
    }
  }

  private drop(userId: string) {
    const peer = this.peers.get(userId);
    if (!peer) return;
    this.peers.delete(userId);
    if (peer.pc) {
      peer.pc.onconnectionstatechange = null;
      peer.pc.onicecandidate = null;
      peer.pc.close();
    }
    this.emit();
  }

  private signal(toUserId: string, signal: 'offer' | 'answer' | 'ice', extra: { sdp?: string; candidate?: unknown }) {
    if (!this.callId) return;
    this.send({ action: 'signal', callId: this.callId, toUserId, signal, ...extra });
  }

  private send(frame: Omit<GroupCallOutboundFrame, 'type'>) {
    this.o.channel.send({ type: 'group-call', ...frame });
  }

  private setState(state: CallState) {
    if (this.state === state || this.state === 'ended') return;
    this.state = state;
  }

  /** Ends the call here once: tells the server (`leave`), stops the media, closes every connection. */
  private finish(leave: boolean, reason: string) {
    if (this.ended) return;
    if (leave && this.callId) this.send({ action: 'leave', callId: this.callId });
    this.stopLocal();
    for (const userId of [...this.peers.keys()]) this.drop(userId);
    this.reason = reason;
    this.state = 'ended';
    this.emit();
  }

  private stopLocal() {
    for (const t of this.local?.getTracks() ?? []) t.stop();
  }

  private emit() {
    this.o.onChange({
      state: this.state,
      callId: this.callId,
      local: this.local,
      peers: [...this.peers].map(([userId, p]) => ({ userId, stream: p.stream, connected: p.connected })),
      connectedAt: this.connectedAt,
      reason: this.reason,
    });
  }
}

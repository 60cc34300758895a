/**
 * One WebRTC call (D21): media at 640x480 (001 §9), the offer/answer SDP and ICE candidates
 * relayed through the app's realtime socket. A failed or disconnected connection ends the call;
 * so does a failure to get the camera or microphone (001 §4).
 */
import { api } from '../../../lib/api-client';
import type { GroupCallOutboundFrame } from './group-call-session';

export type CallMedia = 'video' | 'voice';
export type CallState = 'connecting' | 'connected' | 'ended';

export type CallSignal = {
  kind: 'offer' | 'answer' | 'ice' | 'end' | 'decline' | 'ringing-timeout';
  callId: string;
  fromUserId: string;
  media?: 'video' | 'voice';
  sdp?: string;
  candidate?: unknown;
};

/** The realtime frames calls read; the messaging socket sends these among others. */
export type CallInboundFrame =
  | { type: 'call'; signal: CallSignal }
  | { type: 'call.started'; callId: string; toUserId: string }
  | { type: 'error'; code: string; title?: string; message: string };

export type CallOutboundFrame = {
  type: 'call';
  toUserId: string;
  kind: 'offer' | 'answer' | 'ice' | 'end' | 'decline';
  callId?: string;
  media?: CallMedia;
  sdp?: string;
  candidate?: unknown;
};

/** The shared realtime socket, as calls use it (handed in from app/). */
export interface CallChannel {
  subscribe(listener: (frame: CallInboundFrame | { type: string }) => void): () => void;
  send(frame: CallOutboundFrame | GroupCallOutboundFrame): boolean;
  retain(): () => void;
}

export const isCallFrame = (frame: { type: string }): frame is CallInboundFrame =>
  frame.type === 'call' || frame.type === 'call.started' || frame.type === 'error';

/** Why the other side never picked up; the provider names the person (issue 17). */
export const UNANSWERED = { declined: 'Call declined', noAnswer: 'No answer' } as const;

export const VIDEO_CONSTRAINTS = { width: 640, height: 480 } as const;

/**
 * The camera (at 640x480, 001 §9) and microphone for a call, or null after telling the student:
 * "Call Failed: Unable to access camera/microphone" (001 §4), and the call ends.
 */
export async function localMedia(
  media: CallMedia,
  onFailure: (title: string, description: string) => void,
): Promise<MediaStream | null> {
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: true,
      video: media === 'video' ? { ...VIDEO_CONSTRAINTS } : false,
    });
  } catch (error) {
    console.error('getUserMedia failed', error);
    onFailure('Call Failed', 'Unable to access camera/microphone');
    return null;
  }
}

export async function fetchCallConfig() {
  return api('GET /api/calls/config');
}

type SessionEvents = {
  onState: (state: CallState, reason?: string) => void;
  onLocalStream: (stream: MediaStream) => void;
  onRemoteStream: (stream: MediaStream) => void;
  /** A failure shown to the user as a toast: title and description. */
  onFailure: (title: string, description: string) => void;
};

type SessionOptions = SessionEvents & {
  channel: CallChannel;
  peerId: string;
  media: CallMedia;
  iceServers: RTCIceServer[];
  /** The callee answers an offer it received. */
  incoming?: { callId: string; sdp: string };
};

export class CallSession {
  state: CallState = 'connecting';
  callId: string | null;
  private pc: RTCPeerConnection | null = null;
  private local: MediaStream | null = null;
  private outgoingIce: unknown[] = [];
  private incomingIce: RTCIceCandidateInit[] = [];
  private remoteSet = false;

  constructor(private readonly o: SessionOptions) {
    this.callId = o.incoming?.callId ?? null;
  }

  get media() {
    return this.o.media;
  }

  async start() {
    this.local = await localMedia(this.o.media, this.o.onFailure);
    if (!this.local) {
      this.finish(this.o.incoming ? 'decline' : null, 'Call failed');
      return;
    }
    if (this.state === 'ended') {
      this.stopLocal();
      return;
    }
    this.o.onLocalStream(this.local);
    const pc = new RTCPeerConnection({ iceServers: this.o.iceServers });
    this.pc = pc;
    for (const track of this.local.getTracks()) pc.addTrack(track, this.local);
    pc.ontrack = (event) => {
      const stream = event.streams[0] ?? new MediaStream([event.track]);
      this.o.onRemoteStream(stream);
    };
    pc.onicecandidate = (event) => {
      if (!event.candidate) return;
      const candidate = event.candidate.toJSON();
      if (this.callId) this.signal('ice', { candidate });
      else this.outgoingIce.push(candidate);
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'connected') this.setState('connected');
      else if (pc.connectionState === 'failed' || pc.connectionState === 'disconnected') {
        this.finish('end', 'Call disconnected');
      }
    };
    try {
      if (this.o.incoming) {
        await pc.setRemoteDescription({ type: 'offer', sdp: this.o.incoming.sdp });
        await this.remoteReady();
        const answer = await pc.createAnswer();
        await pc.setLocalDescription(answer);
        this.signal('answer', { sdp: answer.sdp });
      } else {
        const offer = await pc.createOffer();
        await pc.setLocalDescription(offer);
        this.send({ kind: 'offer', media: this.o.media, sdp: offer.sdp });
      }
    } catch (error) {
      console.error('Call negotiation failed', error);
      this.o.onFailure('Call Failed', 'The call could not be connected.');
      this.finish('end', 'Call failed');
    }
  }

  /** Feeds a realtime frame to the call; false when it belongs to another call. */
  handle(frame: CallInboundFrame): boolean {
    if (frame.type === 'call.started' && this.state === 'ended' && !this.callId && frame.toUserId === this.o.peerId) {
      // Hung up before the server numbered the call: end it now, instead of letting it ring out.
      this.callId = frame.callId;
      this.signal('end');
      return true;
    }
    if (this.state === 'ended') return false;
    if (frame.type === 'call.started') {
      if (frame.toUserId !== this.o.peerId || this.callId) return false;
      this.callId = frame.callId;
      for (const candidate of this.outgoingIce.splice(0)) this.signal('ice', { candidate });
      return true;
    }
    if (frame.type === 'error') {
      if (!frame.code.startsWith('CALLS.')) return false;
      this.o.onFailure(frame.title ?? 'Call Failed', frame.message);
      this.finish(null, 'Call failed');
      return true;
    }
    const s = frame.signal;
    if (s.callId !== this.callId || s.fromUserId !== this.o.peerId) return false;
    switch (s.kind) {
      case 'answer':
        if (s.sdp && this.pc) {
          void this.pc
            .setRemoteDescription({ type: 'answer', sdp: s.sdp })
            .then(() => this.remoteReady())
            .catch((error) => {
              console.error('Bad answer', error);
              this.finish('end', 'Call failed');
            });
        }
        break;
      case 'ice':
        if (s.candidate) {
          const candidate = s.candidate as RTCIceCandidateInit;
          if (this.remoteSet && this.pc) {
            this.pc.addIceCandidate(candidate).catch((error) => console.error('Bad ICE candidate', error));
          } else this.incomingIce.push(candidate);
        }
        break;
      case 'decline':
        this.finish(null, UNANSWERED.declined);
        break;
      case 'ringing-timeout':
        this.finish(null, UNANSWERED.noAnswer);
        break;
      case 'end':
        this.finish(null, 'Call ended');
        break;
      default:
        break;
    }
    return true;
  }

  hangUp() {
    this.finish('end', 'Call ended');
  }

  setMuted(muted: boolean) {
    for (const t of this.local?.getAudioTracks() ?? []) t.enabled = !muted;
  }

  setCameraOff(off: boolean) {
    for (const t of this.local?.getVideoTracks() ?? []) t.enabled = !off;
  }

  private async remoteReady() {
    this.remoteSet = true;
    for (const candidate of this.incomingIce.splice(0)) {
      await this.pc?.addIceCandidate(candidate).catch((error) => console.error('Bad ICE candidate', error));
    }
  }

  private setState(state: CallState, reason?: string) {
    if (this.state === state || this.state === 'ended') return;
    this.state = state;
    this.o.onState(state, reason);
  }

  private signal(kind: 'answer' | 'ice' | 'end' | 'decline', extra: { sdp?: string; candidate?: unknown } = {}) {
    if (!this.callId) return;
    this.send({ kind, callId: this.callId, ...extra });
  }

  private send(frame: Omit<CallOutboundFrame, 'type' | 'toUserId'>) {
    this.o.channel.send({ type: 'call', toUserId: this.o.peerId, ...frame });
  }

  /** Ends the call once: tells the other side (`notify`), stops the media, closes the connection. */
  private finish(notify: 'end' | 'decline' | null, reason: string) {
    if (this.state === 'ended') return;
    if (notify) this.signal(notify);
    this.stopLocal();
    if (this.pc) {
      this.pc.onconnectionstatechange = null;
      this.pc.onicecandidate = null;
      this.pc.close();
    }
    this.setState('ended', reason);
  }

  private stopLocal() {
    for (const t of this.local?.getTracks() ?? []) t.stop();
  }
}
